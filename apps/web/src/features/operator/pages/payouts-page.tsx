import { useState } from 'react';
import { Download } from 'lucide-react';
import {
  CURRENCIES,
  PAYOUT_STATUS_WORDS,
  PAYOUT_STATUSES,
  type Currency,
  type OperatorPayout,
  type PayoutStatus,
} from '@tikiti/contract';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { SelectField } from '../../../components/ui/field';
import { Pager } from '../../../components/ui/pager';
import { Panel } from '../../../components/ui/panel';
import { Loading } from '../../../components/ui/spinner';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { errorMessage } from '../../../lib/api-client';
import { showAlert } from '../../../lib/alert';
import { formatDay, formatMoney, formatTime } from '../../../lib/format';
import { useTitle } from '../../../lib/use-title';
import {
  downloadBatchCsv,
  OPERATOR_PAGE_SIZE,
  useApprovePayout,
  useCreateBatch,
  useOperatorPayouts,
  usePayoutBatches,
  useRejectPayout,
  useSettlePayout,
  type PayoutFilters,
} from '../api/operator';
import { ReasonDialog } from '../components/reason-dialog';
import { AutoApprovePanel } from '../components/auto-approve-panel';
import { StatusBadge, Tag } from '../components/status-badge';

const METHOD_WORDS = { mpesa_b2c: 'M-Pesa phone', mpesa_b2b: 'M-Pesa business', bank: 'Bank' } as const;

type Pending =
  | { kind: 'approve'; payout: OperatorPayout }
  | { kind: 'reject'; payout: OperatorPayout }
  | { kind: 'paid'; payout: OperatorPayout }
  | { kind: 'failed'; payout: OperatorPayout };

function PayoutCard({ payout, onAct }: { payout: OperatorPayout; onAct: (p: Pending) => void }) {
  const org = payout.organisation;
  return (
    <li className="flex flex-col gap-3 px-4 py-4 sm:px-5 lg:flex-row lg:items-start lg:justify-between">
      <div className="min-w-0 space-y-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="text-lg font-bold tabular-nums text-ink">{formatMoney(payout.amount, payout.currency)}</span>
          <StatusBadge status={payout.status} />
        </p>
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <span className="font-semibold text-ink">{org.name}</span>
          {org.verified ? <Tag tone="green">Verified</Tag> : <Tag>Not verified</Tag>}
          {org.suspended && <Tag tone="red">Suspended</Tag>}
        </p>
        <p className="text-sm text-slate-600">
          PO-{payout.id} · {METHOD_WORDS[payout.method_type]} {payout.destination}
        </p>
        <p className="text-xs text-slate-500">
          Asked {formatDay(payout.requested_at)}, {formatTime(payout.requested_at)} by {payout.requested_by} · available
          after it {formatMoney(payout.available_after, payout.currency)}
          {payout.batch_id !== null && ` · batch ${payout.batch_id}`}
          {payout.receipt && ` · receipt ${payout.receipt}`}
        </p>
        {payout.reason && <p className="text-sm text-red-700">Why: {payout.reason}</p>}
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        {payout.status === 'requested' && (
          <>
            <Button size="sm" onClick={() => onAct({ kind: 'approve', payout })}>
              Approve
            </Button>
            <Button size="sm" variant="secondary" onClick={() => onAct({ kind: 'reject', payout })}>
              Reject
            </Button>
          </>
        )}
        {payout.status === 'in_batch' && (
          <>
            <Button size="sm" onClick={() => onAct({ kind: 'paid', payout })}>
              Mark paid
            </Button>
            <Button size="sm" variant="secondary" onClick={() => onAct({ kind: 'failed', payout })}>
              Mark failed
            </Button>
          </>
        )}
      </div>
    </li>
  );
}

function BatchesPanel() {
  const [page, setPage] = useState(1);
  const [currency, setCurrency] = useState<Currency>('KES');
  const batches = usePayoutBatches(page);
  const create = useCreateBatch();
  const [downloading, setDownloading] = useState<number | null>(null);
  const makeBatch = async () => {
    try {
      const made = await create.mutateAsync({ currency });
      showAlert('success', made.message || `Batch ${made.data.id} made`);
    } catch (err) {
      showAlert('danger', errorMessage(err));
    }
  };
  const download = async (id: number) => {
    setDownloading(id);
    try {
      await downloadBatchCsv(id);
    } catch (err) {
      showAlert('danger', errorMessage(err));
    } finally {
      setDownloading(null);
    }
  };
  let body;
  if (batches.isPending) body = <Loading />;
  else if (batches.isError && !batches.data) {
    body = <ErrorState message={errorMessage(batches.error)} onRetry={() => void batches.refetch()} />;
  } else if (batches.data && batches.data.total === 0) {
    body = <p className="text-sm text-slate-600">No batches yet. Approved bank payouts wait for the next one.</p>;
  } else if (batches.data) {
    body = (
      <>
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200" aria-label="Bank batches">
          {batches.data.data.map((b) => (
            <li key={b.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
              <div className="min-w-0">
                <p className="font-semibold text-ink">
                  Batch {b.id} · {formatMoney(b.total, b.currency)}
                </p>
                <p className="text-xs text-slate-500">
                  {b.count} payouts · {b.paid} paid · {b.failed} failed · {b.status === 'open' ? 'open' : 'settled'} ·{' '}
                  {formatDay(b.created_at)} by {b.created_by}
                </p>
              </div>
              <Button
                size="sm"
                variant="secondary"
                busy={downloading === b.id}
                busyText="Preparing…"
                onClick={() => void download(b.id)}
              >
                <Download className="h-4 w-4" aria-hidden />
                CSV
              </Button>
            </li>
          ))}
        </ul>
        {batches.data.total > OPERATOR_PAGE_SIZE && (
          <Pager page={page} total={batches.data.total} noun="batch" plural="batches" onPage={setPage} />
        )}
      </>
    );
  }
  return (
    <Panel
      title="Bank batches"
      intro="Gather every approved bank payout of a currency into one CSV for the bank; then mark each paid or failed."
    >
      <div className="mt-4 flex flex-wrap items-end gap-3">
        <SelectField
          label="Currency"
          value={currency}
          className="w-32"
          onChange={(e) => setCurrency(e.target.value as Currency)}
        >
          {CURRENCIES.map((c) => (
            <option key={c}>{c}</option>
          ))}
        </SelectField>
        <Button onClick={() => void makeBatch()} busy={create.isPending} busyText="Making…">
          Make a batch
        </Button>
      </div>
      <div className="mt-4">{body}</div>
    </Panel>
  );
}

/**
 * The operator's payouts (docs/product.md#payouts): the queue, waiting ones first, with approve
 * and reject (with a reason); bank payouts in a batch are marked paid or failed; bank batches and
 * their CSV; the threshold under which verified organisations' payouts approve themselves.
 */
export default function OperatorPayoutsPage() {
  useTitle('Payouts · Operator');
  const [filters, setFilters] = useState<PayoutFilters>({ status: 'requested', method_type: '' });
  const [page, setPage] = useState(1);
  const [pending, setPending] = useState<Pending | null>(null);
  const payouts = useOperatorPayouts(filters, page);
  const approve = useApprovePayout();
  const reject = useRejectPayout();
  const settle = useSettlePayout();
  const change = (next: Partial<PayoutFilters>) => {
    setFilters((f) => ({ ...f, ...next }));
    setPage(1);
  };
  const close = () => setPending(null);
  const done = (message: string) => {
    showAlert('success', message);
    close();
  };

  let body;
  if (payouts.isPending) body = <Loading />;
  else if (payouts.isError && !payouts.data) {
    body = <ErrorState message={errorMessage(payouts.error)} onRetry={() => void payouts.refetch()} />;
  } else if (payouts.data && payouts.data.total === 0) {
    body = (
      <EmptyState title={filters.status === 'requested' ? 'Nothing waits for approval' : 'No payouts match'}>
        {filters.status === 'requested' ? 'New requests show here.' : 'Choose another status.'}
      </EmptyState>
    );
  } else if (payouts.data) {
    body = (
      <>
        <ol
          aria-label="Payouts"
          className="divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
        >
          {payouts.data.data.map((p) => (
            <PayoutCard key={p.id} payout={p} onAct={setPending} />
          ))}
        </ol>
        <Pager page={page} total={payouts.data.total} noun="payout" onPage={setPage} pageSize={OPERATOR_PAGE_SIZE} />
      </>
    );
  }

  const p = pending?.payout;
  const what = p ? `${formatMoney(p.amount, p.currency)} to ${p.organisation.name} (${p.destination})` : '';
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Payouts</h1>
        <p className="mt-1 text-slate-600">Approve what organisers asked for; M-Pesa payouts are sent at once.</p>
      </div>
      <form className="grid gap-4 sm:grid-cols-2 lg:w-2/3" onSubmit={(e) => e.preventDefault()} aria-label="Filters">
        <SelectField
          label="Status"
          value={filters.status}
          onChange={(e) => change({ status: e.target.value as PayoutStatus | '' })}
        >
          <option value="">Every status</option>
          {PAYOUT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {PAYOUT_STATUS_WORDS[s]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Method"
          value={filters.method_type}
          onChange={(e) => change({ method_type: e.target.value as PayoutFilters['method_type'] })}
        >
          <option value="">Every method</option>
          {Object.entries(METHOD_WORDS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
      </form>
      {body}
      <div className="grid gap-6 lg:grid-cols-2">
        <BatchesPanel />
        <AutoApprovePanel />
      </div>

      <ConfirmDialog
        open={pending?.kind === 'approve'}
        title="Approve this payout?"
        confirmLabel="Approve payout"
        busy={approve.isPending}
        onCancel={close}
        onConfirm={() =>
          p &&
          approve.mutate(
            { id: p.id },
            {
              onSuccess: () => done(`Approved: ${what}`),
              onError: (err) => {
                close();
                showAlert('danger', errorMessage(err));
              },
            },
          )
        }
      >
        <p>{what}.</p>
        <p>
          {p?.method_type === 'bank'
            ? 'It waits for the next bank batch.'
            : 'M-Pesa sends it now; a failure returns the money to the organiser’s balance.'}
        </p>
      </ConfirmDialog>
      <ReasonDialog
        open={pending?.kind === 'reject'}
        title="Reject this payout?"
        label="Reason (the organiser sees it)"
        confirmLabel="Reject payout"
        danger
        onCancel={close}
        onConfirm={async (reason) => {
          await reject.mutateAsync({ id: p!.id, body: { reason } });
          done(`Rejected: ${what}`);
        }}
      >
        <p>{what}. The money goes back to the organiser’s balance.</p>
      </ReasonDialog>
      <ReasonDialog
        open={pending?.kind === 'paid'}
        title="Mark this bank payout paid?"
        label="Bank reference (optional)"
        confirmLabel="Mark paid"
        required={false}
        short
        onCancel={close}
        onConfirm={async (reference) => {
          await settle.mutateAsync({ id: p!.id, body: { outcome: 'paid', ...(reference ? { reference } : {}) } });
          done(`Paid: ${what}`);
        }}
      >
        <p>{what}.</p>
      </ReasonDialog>
      <ReasonDialog
        open={pending?.kind === 'failed'}
        title="Mark this bank payout failed?"
        label="What the bank said"
        confirmLabel="Mark failed"
        danger
        onCancel={close}
        onConfirm={async (reason) => {
          await settle.mutateAsync({ id: p!.id, body: { outcome: 'failed', reason } });
          done(`Failed: ${what}`);
        }}
      >
        <p>{what}. The money goes back to the organiser’s balance.</p>
      </ReasonDialog>
    </div>
  );
}
