import { useState } from 'react';
import { AUDIT_ACTION_LABELS, type OperatorAuditEntry } from '@tikiti/contract';
import { Pager } from '../../../components/ui/pager';
import { Loading } from '../../../components/ui/spinner';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { errorMessage } from '../../../lib/api-client';
import { formatDay, formatTime } from '../../../lib/format';
import { useTitle } from '../../../lib/use-title';
import { OPERATOR_PAGE_SIZE, useOperatorAudit } from '../api/operator';

const detailsText = (d: OperatorAuditEntry['details']) =>
  Object.entries(d)
    .filter(([, v]) => v !== null && v !== '')
    .map(([k, v]) => `${k.replace(/_/g, ' ')}: ${String(v)}`)
    .join(' · ');

/** The operators' audit log (docs/product.md#the-operator): every operator action, newest first. */
export default function OperatorAuditPage() {
  useTitle('Audit · Operator');
  const [page, setPage] = useState(1);
  const audit = useOperatorAudit(page);
  let body;
  if (audit.isPending) body = <Loading />;
  else if (audit.isError && !audit.data) {
    body = <ErrorState message={errorMessage(audit.error)} onRetry={() => void audit.refetch()} />;
  } else if (audit.data && audit.data.total === 0) {
    body = <EmptyState title="No operator actions yet" />;
  } else if (audit.data) {
    body = (
      <>
        <ol
          aria-label="Audit log"
          className="divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
        >
          {audit.data.data.map((e) => {
            const details = detailsText(e.details);
            return (
              <li key={e.id} className="grid gap-1 px-4 py-3 sm:grid-cols-[10rem_minmax(0,1fr)] sm:gap-4 sm:px-5">
                <p className="text-sm text-slate-500">
                  <time dateTime={e.at}>
                    {formatDay(e.at)}, {formatTime(e.at)}
                  </time>
                </p>
                <div className="min-w-0">
                  <p className="text-ink">
                    <span className="font-semibold">{e.actor.name}</span> {AUDIT_ACTION_LABELS[e.action].toLowerCase()}
                    {e.organisation && <span className="break-words">: {e.organisation.name}</span>}
                    {e.target?.label && !e.organisation && <span className="break-words">: {e.target.label}</span>}
                  </p>
                  {details && <p className="break-words text-sm text-slate-600">{details}</p>}
                  <p className="text-xs text-slate-500">
                    {e.device} · {e.address || 'unknown address'}
                  </p>
                </div>
              </li>
            );
          })}
        </ol>
        <Pager
          page={page}
          total={audit.data.total}
          noun="entry"
          plural="entries"
          onPage={setPage}
          pageSize={OPERATOR_PAGE_SIZE}
        />
      </>
    );
  }
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Audit log</h1>
      {body}
    </div>
  );
}
