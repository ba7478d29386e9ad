import { useState } from 'react';
import clsx from 'clsx';
import { PAYOUT_STATUS_WORDS, type Payout, type PayoutStatus } from '@tikiti/contract';
import { Pager } from '../../../components/ui/pager';
import { Panel } from '../../../components/ui/panel';
import { Loading } from '../../../components/ui/spinner';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { errorMessage } from '../../../lib/api-client';
import { formatDay, formatMoney, formatTime } from '../../../lib/format';
import { PAYOUTS_PAGE_SIZE, usePayouts } from '../api/money';

/** The colour of a payout's status: paid green, refused or failed red, on its way amber. */
export const statusTone: Record<PayoutStatus, string> = {
  requested: 'bg-amber-50 text-amber-800 ring-amber-200',
  approved: 'bg-sky-50 text-sky-800 ring-sky-200',
  sending: 'bg-sky-50 text-sky-800 ring-sky-200',
  in_batch: 'bg-sky-50 text-sky-800 ring-sky-200',
  paid: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  failed: 'bg-red-50 text-red-800 ring-red-200',
  rejected: 'bg-red-50 text-red-800 ring-red-200',
};

export function StatusBadge({ status }: { status: PayoutStatus }) {
  return (
    <span
      className={clsx(
        'inline-block rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset whitespace-nowrap',
        statusTone[status],
      )}
    >
      {PAYOUT_STATUS_WORDS[status]}
    </span>
  );
}

function PayoutRow({ payout }: { payout: Payout }) {
  return (
    <li className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:items-start sm:justify-between sm:gap-4 sm:px-5">
      <div className="min-w-0">
        <p className="font-semibold tabular-nums text-ink">{formatMoney(payout.amount, payout.currency)}</p>
        <p className="text-sm text-slate-600">
          To {payout.destination} · asked {formatDay(payout.requested_at)}, {formatTime(payout.requested_at)} by{' '}
          {payout.requested_by}
        </p>
        {payout.receipt && <p className="text-xs text-slate-500">Receipt {payout.receipt}</p>}
        {payout.reason && <p className="text-sm text-red-700">Why: {payout.reason}</p>}
      </div>
      <div className="shrink-0 sm:text-right">
        <StatusBadge status={payout.status} />
        {payout.paid_at && (
          <p className="mt-1 text-xs text-slate-500">
            Paid {formatDay(payout.paid_at)}, {formatTime(payout.paid_at)}
          </p>
        )}
      </div>
    </li>
  );
}

/** The organisation's payouts, newest first (owner and admins). */
export function PayoutsList() {
  const [page, setPage] = useState(1);
  const payouts = usePayouts(page);
  let body;
  if (payouts.isPending) body = <Loading />;
  else if (payouts.isError && !payouts.data) {
    body = <ErrorState message={errorMessage(payouts.error)} onRetry={() => void payouts.refetch()} />;
  } else if (payouts.data && payouts.data.total === 0) {
    body = <EmptyState title="No payouts yet">Payouts you request show here with where they are.</EmptyState>;
  } else if (payouts.data) {
    body = (
      <>
        <ol aria-label="Payouts" className="divide-y divide-slate-200 rounded-xl border border-slate-200">
          {payouts.data.data.map((p) => (
            <PayoutRow key={p.id} payout={p} />
          ))}
        </ol>
        {payouts.data.total > PAYOUTS_PAGE_SIZE && (
          <Pager page={page} total={payouts.data.total} noun="payout" onPage={setPage} pageSize={PAYOUTS_PAGE_SIZE} />
        )}
      </>
    );
  }
  return (
    <Panel title="Payouts" compact>
      <div className="mt-4">{body}</div>
    </Panel>
  );
}
