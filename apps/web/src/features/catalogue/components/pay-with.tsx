import { Suspense } from 'react';
import clsx from 'clsx';
import { CreditCard, FileText, Gift, Smartphone } from 'lucide-react';
import { Spinner } from '../../../components/ui/spinner';
import { formatDay } from '../../../lib/format';
import { InlinePayment } from '../../checkout';

/**
 * The booking panel's "Pay with" buttons (docs/product.md#checkout-and-payments): 'Credit /
 * Debit', 'M-Pesa' for events in shillings (docs/product.md#m-pesa), and 'Pay by invoice' for a
 * company when the event offers it (docs/product.md#pay-by-invoice). While the tickets are
 * held for a card payment, its form shows under them.
 */
export function PayWith({
  busy,
  held,
  mpesaOffered,
  onCard,
  onMpesa,
  invoiceDue = null,
  onInvoice,
  free = false,
}: {
  busy: boolean;
  /** A card payment for exactly this selection is held: its form shows here. */
  held: boolean;
  mpesaOffered: boolean;
  onCard: () => void;
  onMpesa: () => void;
  /** Pay by invoice is offered to this buyer's company: the due date it would have. */
  invoiceDue?: string | null;
  onInvoice?: () => void;
  /**
   * The tickets picked cost nothing (a 100 % code, docs/product.md#discount-codes): one button
   * books them, settled at once, with no payment to make.
   */
  free?: boolean;
}) {
  if (free) {
    return (
      <div className="mt-6">
        <button
          type="button"
          onClick={onCard}
          aria-busy={busy || undefined}
          className={clsx(
            'flex w-full items-center justify-center gap-2 rounded-xl bg-brand-700 px-4 py-3.5 font-semibold text-white shadow-sm transition-colors hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2',
            busy && 'cursor-wait',
          )}
        >
          {busy ? <Spinner className="h-5 w-5" /> : <Gift className="h-5 w-5" aria-hidden />}
          Get your free tickets
        </button>
        <p className="mt-2 text-center text-xs text-slate-500" role={busy ? 'status' : undefined}>
          {busy ? 'Booking your tickets...' : 'Nothing to pay: your e-tickets come by email at once.'}
        </p>
      </div>
    );
  }
  return (
    <div className="mt-6">
      <p className="text-sm font-semibold text-slate-700" id="pay-with">
        Pay with
      </p>
      <div className="mt-2" role="group" aria-labelledby="pay-with">
        <button
          type="button"
          onClick={onCard}
          aria-busy={busy || undefined}
          aria-pressed={held}
          className={clsx(
            'flex w-full items-center justify-center gap-2 rounded-xl px-4 py-3.5 font-semibold shadow-sm transition-colors focus-visible:outline-2 focus-visible:outline-offset-2',
            held ? 'bg-brand-700 text-white hover:bg-brand-800' : 'bg-accent-500 text-ink hover:bg-accent-400',
            busy && 'cursor-wait',
          )}
        >
          {busy ? <Spinner className="h-5 w-5" /> : <CreditCard className="h-5 w-5" aria-hidden />}
          Credit / Debit
        </button>
        {mpesaOffered && (
          <button
            type="button"
            onClick={onMpesa}
            aria-busy={busy || undefined}
            className={clsx(
              'mt-3 flex w-full items-center justify-center gap-2 rounded-xl border-2 border-emerald-600 bg-white px-4 py-3 font-semibold text-emerald-800 shadow-sm transition-colors hover:bg-emerald-50 focus-visible:outline-2 focus-visible:outline-offset-2',
              busy && 'cursor-wait',
            )}
          >
            <Smartphone className="h-5 w-5" aria-hidden />
            M-Pesa
          </button>
        )}
        {invoiceDue && onInvoice && (
          <button
            type="button"
            onClick={onInvoice}
            aria-busy={busy || undefined}
            aria-describedby="invoice-due"
            className={clsx(
              'mt-3 flex w-full items-center justify-center gap-2 rounded-xl border-2 border-brand-700 bg-white px-4 py-3 font-semibold text-brand-800 shadow-sm transition-colors hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2',
              busy && 'cursor-wait',
            )}
          >
            <FileText className="h-5 w-5" aria-hidden />
            Pay by invoice
          </button>
        )}
        {invoiceDue && onInvoice && (
          <p id="invoice-due" className="mt-1.5 text-center text-xs text-slate-600">
            We email a proforma invoice; pay by bank or M-Pesa paybill by {formatDay(invoiceDue)}. Unpaid, the places
            are released then.
          </p>
        )}
      </div>
      {busy ? (
        <p className="mt-2 text-center text-xs text-slate-600" role="status">
          Holding your tickets...
        </p>
      ) : (
        !held && (
          <p className="mt-2 text-center text-xs text-slate-500">
            Your tickets are held for 15 minutes while you pay. Card details stay with the payment provider
            {mpesaOffered ? '; M-Pesa asks for your PIN on your phone' : ''}.
          </p>
        )
      )}
      {held && (
        <Suspense
          fallback={
            <p className="mt-4 flex items-center justify-center gap-2 text-sm text-slate-500" role="status">
              <Spinner className="h-4 w-4" /> Loading the card form...
            </p>
          }
        >
          <InlinePayment />
        </Suspense>
      )}
    </div>
  );
}
