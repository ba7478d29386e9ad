import clsx from 'clsx';
import type { Balance } from '@tikiti/contract';
import { formatMoney } from '../../../lib/format';

function Figure({ label, amount, currency, hint }: { label: string; amount: number; currency: string; hint: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="font-semibold tabular-nums text-ink">{formatMoney(amount, currency)}</dd>
      <dd className="text-xs text-slate-500">{hint}</dd>
    </div>
  );
}

/**
 * One card per currency (docs/product.md#balances): what can be paid out now, large; what is
 * still pending and what was paid out already below. A negative balance is said plainly, with
 * why and what happens next.
 */
export function BalanceCards({ balances }: { balances: Balance[] }) {
  return (
    <ul className="grid gap-4 md:grid-cols-2" aria-label="Balances">
      {balances.map((b) => {
        const negative = b.available < 0;
        return (
          <li
            key={b.currency}
            className={clsx(
              'rounded-2xl border bg-white p-5 shadow-sm sm:p-6',
              negative ? 'border-red-200' : 'border-slate-200',
            )}
          >
            <p className="text-sm font-semibold uppercase tracking-wide text-slate-500">{b.currency}</p>
            <p className="mt-2 text-sm text-slate-600">Available to pay out</p>
            <p
              className={clsx('text-3xl font-bold tabular-nums', negative ? 'text-red-700' : 'text-ink')}
              data-testid={`available-${b.currency}`}
            >
              {formatMoney(b.available, b.currency)}
            </p>
            {negative && (
              <p className="mt-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800" role="note">
                You owe Tikiti {formatMoney(-b.available, b.currency)}: refunds made after your last payout were more
                than your sales since. It is taken from your next sales; you need do nothing.
              </p>
            )}
            <dl className="mt-4 grid grid-cols-2 gap-4 border-t border-slate-100 pt-4">
              <Figure
                label="Pending"
                amount={b.pending}
                currency={b.currency}
                hint="Sales of events not yet over, or just over"
              />
              <Figure label="Paid out" amount={b.paid_out} currency={b.currency} hint="Sent to you so far" />
            </dl>
          </li>
        );
      })}
    </ul>
  );
}
