import { RotateCcw, ShieldCheck } from 'lucide-react';

/** The refund and buyer-protection notes under the booking panel (docs/product.md#buyer-side). */
export function BookingProtections() {
  return (
    <ul className="mt-6 space-y-4 border-t border-slate-200 pt-5 text-sm">
      <li className="flex gap-3">
        <RotateCcw className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" aria-hidden />
        <div>
          <p className="font-semibold">Refundable Tickets</p>
          <p className="text-slate-600">
            If the event is cancelled or its date or venue changes, you get your money back.
          </p>
        </div>
      </li>
      <li className="flex gap-3">
        <ShieldCheck className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" aria-hidden />
        <div>
          <p className="font-semibold">Buyer Protection</p>
          <p className="text-slate-600">
            Secure payment and guaranteed tickets: you get a valid e-ticket or a full refund.
          </p>
        </div>
      </li>
    </ul>
  );
}
