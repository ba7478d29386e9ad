import clsx from 'clsx';
import { AlertCircle, CheckCircle2, Info } from 'lucide-react';
import type { Flash } from '../use-flash-message';

const tones = {
  error: { className: 'border-red-200 bg-red-50 text-red-800', Icon: AlertCircle },
  info: { className: 'border-brand-200 bg-brand-50 text-brand-900', Icon: Info },
  success: { className: 'border-emerald-200 bg-emerald-50 text-emerald-800', Icon: CheckCircle2 },
};

/** The card form's message region: always present, so screen readers hear each new message. */
export function PaymentMessage({ flash }: { flash: Flash | null }) {
  const tone = flash ? tones[flash.tone] : null;
  return (
    <div aria-live="assertive" aria-atomic data-testid="payment-message">
      {flash && tone && (
        <p className={clsx('flex items-start gap-2 rounded-lg border px-3 py-2.5 text-sm font-medium', tone.className)}>
          <tone.Icon className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          {flash.text}
        </p>
      )}
    </div>
  );
}
