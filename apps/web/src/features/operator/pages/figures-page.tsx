import { useState } from 'react';
import { TextField } from '../../../components/ui/field';
import { Loading } from '../../../components/ui/spinner';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { useTitle } from '../../../lib/use-title';
import { usePlatformFigures } from '../api/operator';

const ROWS = [
  ['gross_sales', 'Gross sales'],
  ['fees', 'Service fees'],
  ['vat_on_fees', 'VAT on fees'],
  ['refunds', 'Refunds'],
  ['payouts', 'Payouts'],
  ['held_for_organisers', 'Held for organisers now'],
] as const;

/** Platform figures per currency (docs/product.md#the-operator), for a range of Nairobi days or all time. */
export default function OperatorFiguresPage() {
  useTitle('Figures · Operator');
  const [range, setRange] = useState({ from: '', to: '' });
  const figures = usePlatformFigures(range);
  const fieldError = (path: string) =>
    figures.error instanceof ApiError ? figures.error.fieldErrors.find((e) => e.path === path)?.message : undefined;
  let body;
  if (figures.isPending) body = <Loading />;
  else if (figures.isError && !figures.data) {
    body = <ErrorState message={errorMessage(figures.error)} onRetry={() => void figures.refetch()} />;
  } else if (figures.data && figures.data.length === 0) {
    body = <EmptyState title="No money moved in these days" />;
  } else if (figures.data) {
    body = (
      <ul className="grid gap-4 md:grid-cols-2" aria-label="Figures">
        {figures.data.map((f) => (
          <li key={f.currency} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
            <p className="text-sm font-semibold uppercase tracking-wide text-slate-500">{f.currency}</p>
            <dl className="mt-3 divide-y divide-slate-100">
              {ROWS.map(([key, label]) => (
                <div key={key} className="flex items-baseline justify-between gap-3 py-2">
                  <dt className="text-slate-600">{label}</dt>
                  <dd className="font-semibold tabular-nums text-ink">{formatMoney(f[key], f.currency)}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Platform figures</h1>
        <p className="mt-1 text-slate-600">Without dates, all time. What is held for organisers is always as of now.</p>
      </div>
      <div className="grid max-w-xl gap-4 sm:grid-cols-2">
        <TextField
          label="From"
          type="date"
          value={range.from}
          error={fieldError('from')}
          onChange={(e) => setRange((r) => ({ ...r, from: e.target.value }))}
        />
        <TextField
          label="To"
          type="date"
          value={range.to}
          error={fieldError('to')}
          onChange={(e) => setRange((r) => ({ ...r, to: e.target.value }))}
        />
      </div>
      {body}
    </div>
  );
}
