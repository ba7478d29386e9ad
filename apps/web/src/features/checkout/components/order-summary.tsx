import { lineTotal, parseCurrency } from '@tikiti/contract';
import { Panel } from '../../../components/ui/panel';
import { formatMoney } from '../../../lib/format';
import type { PendingBooking } from '../checkout-store';

/**
 * What the buyer is paying for: the event, each line (name, quantity, subtotal) and "Total to
 * pay". The total is what the booking call said will be charged once the payment exists (the
 * server's prices), else the total the details page added up.
 */
export function OrderSummary({
  booking,
  charged,
}: {
  booking: PendingBooking;
  charged?: { price: number; currency: string };
}) {
  const currency = charged?.currency ?? booking.currency;
  const total = charged?.price ?? booking.total_price;
  return (
    <Panel title="Order summary" intro={booking.event_title}>
      <ul className="mt-4 divide-y divide-slate-100" aria-label="Tickets">
        {booking.tickets.map((line) => (
          <li key={line.id} className="flex items-baseline justify-between gap-3 py-2.5 text-sm">
            <span className="min-w-0">
              <span className="font-medium text-ink">{line.name}</span>
              <span className="text-slate-600"> × {line.qty}</span>
            </span>
            <span className="shrink-0 font-medium tabular-nums text-ink">
              {formatMoney(lineTotal(line.price ?? 0, line.qty, parseCurrency(booking.currency)), booking.currency)}
            </span>
          </li>
        ))}
      </ul>
      <div className="mt-3 flex items-baseline justify-between border-t border-slate-200 pt-4">
        <p className="font-semibold text-slate-700">Total to pay</p>
        <p className="text-2xl font-bold tabular-nums text-ink" data-testid="total-to-pay">
          {formatMoney(total, currency)}
        </p>
      </div>
    </Panel>
  );
}
