import { lineTotal, parseCurrency } from '@tikiti/contract';
import { Panel } from '../../../components/ui/panel';
import { formatMoney } from '../../../lib/format';
import type { PendingBooking } from '../checkout-store';
import { toBeNamed } from '../delegates';

/** Whom each ticket is for, as typed on the event's page (docs/product.md#delegates-and-questions). */
function Delegates({ delegates }: { delegates: NonNullable<PendingBooking['delegates']> }) {
  return (
    <div className="mt-3 border-t border-slate-200 pt-3">
      <h3 className="text-sm font-semibold text-slate-700">Tickets for</h3>
      <ol className="mt-1.5 space-y-1 text-sm">
        {delegates.cards.map((card, i) => (
          <li key={card.key} className="flex justify-between gap-3">
            <span className="shrink-0 text-slate-600">
              {i + 1}. {card.ticket_name}
            </span>
            <span className="min-w-0 truncate text-right font-medium text-ink">
              {toBeNamed(card, delegates.attendee_names) ? (
                <span className="font-normal text-slate-500">To be named</span>
              ) : (
                card.full_name.trim()
              )}
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}

/**
 * What the buyer is paying for: the event, each line (name, quantity, subtotal), whom each
 * ticket is for, the service fee when the event passes it (docs/product.md#service-fees), and
 * "Total to pay". The total is what the booking call said will be charged once the payment exists (the
 * server's prices), else the total the details page added up.
 */
export function OrderSummary({
  booking,
  charged,
}: {
  booking: PendingBooking;
  charged?: { price: number; currency: string; service_fee?: number };
}) {
  const currency = charged?.currency ?? booking.currency;
  const total = charged?.price ?? booking.total_price;
  // The fee the booking call fixed, else the one the details page added up; none when absorbed.
  const fee = charged?.service_fee ?? booking.service_fee;
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
      {booking.delegates && booking.delegates.cards.length > 0 && <Delegates delegates={booking.delegates} />}
      {fee !== undefined && fee > 0 && (
        <div className="mt-3 flex items-baseline justify-between gap-3 border-t border-slate-200 pt-3 text-sm">
          <p className="text-slate-600">
            Service fee <span className="text-xs text-slate-500">(VAT included)</span>
          </p>
          <p className="font-medium tabular-nums text-ink" data-testid="service-fee">
            {formatMoney(fee, currency)}
          </p>
        </div>
      )}
      <div className="mt-3 flex items-baseline justify-between border-t border-slate-200 pt-4">
        <p className="font-semibold text-slate-700">Total to pay</p>
        <p className="text-2xl font-bold tabular-nums text-ink" data-testid="total-to-pay">
          {formatMoney(total, currency)}
        </p>
      </div>
    </Panel>
  );
}
