import { lineTotal, parseCurrency, type BookingCreated } from '@tikiti/contract';
import { Panel } from '../../../components/ui/panel';
import { formatMoney } from '../../../lib/format';
import type { PendingBooking } from '../checkout-store';
import { toBeNamed } from '../delegates';
import { summaryOfBooking } from '../price-summary';
import { SavingLines } from './price-summary-lines';

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
 * What the buyer is paying for: the event, each line (name, quantity, subtotal at the type's own
 * price), whom each ticket is for, each saving with the rule that gave it (the code or a team
 * price, docs/product.md#discount-codes), and "Total to pay". Once the payment exists the savings
 * and the total are what the booking call said (the server's prices), else what the details page
 * priced with the same function.
 */
export function OrderSummary({ booking, charged }: { booking: PendingBooking; charged?: BookingCreated }) {
  const currency = charged?.currency ?? booking.currency;
  const total = charged?.price ?? booking.total_price;
  const summary = charged ? summaryOfBooking(charged) : booking.summary;
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
      {summary && (summary.savings.length > 0 || summary.fee !== null) && (
        <div className="mt-3 border-t border-slate-200 pt-3">
          <SavingLines summary={summary} />
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
