import { BadgePercent } from 'lucide-react';
import { formatMoney } from '../../../lib/format';
import type { PriceSummary } from '../price-summary';

/**
 * The lines between the tickets and the total: the tickets at their own prices, each saving on its
 * own line saying which rule gave it (docs/product.md#discount-codes: codes and team prices do not
 * stack, the buyer gets the better), and the service fee when the event passes it
 * (docs/product.md#service-fees). Nothing shows when nothing was taken off or added.
 */
export function SavingLines({ summary }: { summary: PriceSummary }) {
  if (summary.savings.length === 0 && summary.fee === null) return null;
  return (
    <dl className="space-y-1.5 text-sm" aria-label="Price">
      <div className="flex items-baseline justify-between gap-3">
        <dt className="text-slate-600">Tickets</dt>
        <dd className="tabular-nums text-slate-700" data-testid="list-total">
          {formatMoney(summary.list, summary.currency)}
        </dd>
      </div>
      {summary.savings.map((s) => (
        <div key={s.key} className="flex items-baseline justify-between gap-3 text-emerald-800">
          <dt className="flex min-w-0 items-center gap-1.5">
            <BadgePercent className="h-4 w-4 shrink-0" aria-hidden />
            <span className="min-w-0">{s.label}</span>
          </dt>
          <dd className="shrink-0 font-medium tabular-nums" data-testid={`saving-${s.key}`}>
            −{formatMoney(s.amount, summary.currency)}
          </dd>
        </div>
      ))}
      {summary.fee !== null && (
        <div className="flex items-baseline justify-between gap-3">
          <dt className="text-slate-600">
            Service fee <span className="text-xs text-slate-500">(VAT included)</span>
          </dt>
          <dd className="font-medium tabular-nums text-ink" data-testid="service-fee">
            {formatMoney(summary.fee, summary.currency)}
          </dd>
        </div>
      )}
    </dl>
  );
}
