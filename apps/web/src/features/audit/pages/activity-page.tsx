import { useState } from 'react';
import { Download } from 'lucide-react';
import { AUDIT_ACTIONS, AUDIT_ACTION_LABELS, type ActivityEntry, type AuditAction } from '@tikiti/contract';
import { Button } from '../../../components/ui/button';
import { SelectField, TextField } from '../../../components/ui/field';
import { Pager } from '../../../components/ui/pager';
import { Loading } from '../../../components/ui/spinner';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { showAlert } from '../../../lib/alert';
import { formatDay, formatTime } from '../../../lib/format';
import { useTitle } from '../../../lib/use-title';
import { ACTIVITY_PAGE_SIZE, downloadActivityCsv, useActivity, type ActivityFilters } from '../api/activity';

const NO_FILTERS: ActivityFilters = { actorId: null, action: null, from: '', to: '' };
const ROLE_WORDS: Record<string, string> = { owner: 'Owner', admin: 'Admin', checkin: 'Door' };

/** What an entry was done to, as a person reads it: "TK-7Q2M4ZP · Nairobi Fintech Summit". */
function targetText(e: ActivityEntry) {
  if (!e.target) return null;
  const id = e.target.type === 'booking' ? e.target.id : `${e.target.type} ${e.target.id}`;
  return e.target.label ? `${e.target.label} (${id})` : id;
}

const detailsText = (d: ActivityEntry['details']) =>
  Object.entries(d)
    .filter(([, v]) => v !== null && v !== '')
    .map(([k, v]) => `${k.replace(/_/g, ' ')}: ${String(v)}`)
    .join(' · ');

function EntryItem({ entry }: { entry: ActivityEntry }) {
  const target = targetText(entry);
  const details = detailsText(entry.details);
  return (
    <li className="grid gap-1 px-4 py-3 sm:grid-cols-[10rem_minmax(0,1fr)] sm:gap-4 sm:px-5">
      <p className="text-sm text-slate-500">
        <time dateTime={entry.at}>
          {formatDay(entry.at)}, {formatTime(entry.at)}
        </time>
      </p>
      <div className="min-w-0">
        <p className="text-ink">
          <span className="font-semibold">{entry.actor.name}</span>
          {entry.actor.role && (
            <span className="text-slate-500"> ({ROLE_WORDS[entry.actor.role] ?? entry.actor.role})</span>
          )}{' '}
          {AUDIT_ACTION_LABELS[entry.action].toLowerCase()}
          {target && <span className="break-words">: {target}</span>}
        </p>
        {details && <p className="break-words text-sm text-slate-600">{details}</p>}
        <p className="text-xs text-slate-500">
          {entry.device} · {entry.address || 'unknown address'}
        </p>
      </div>
    </li>
  );
}

/**
 * Activity (docs/product.md#activity): the organisation's log of every action that changed money,
 * people or access, for its owner: filters by person, kind and Nairobi days, pages, and the CSV.
 */
export default function ActivityPage() {
  useTitle('Activity');
  const [filters, setFilters] = useState<ActivityFilters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [downloading, setDownloading] = useState(false);
  const activity = useActivity(filters, page);
  const change = (next: Partial<ActivityFilters>) => {
    setFilters((f) => ({ ...f, ...next }));
    setPage(1);
  };
  const fieldError = (path: string) =>
    activity.error instanceof ApiError ? activity.error.fieldErrors.find((e) => e.path === path)?.message : undefined;
  const download = async () => {
    setDownloading(true);
    try {
      await downloadActivityCsv(filters);
    } catch (err) {
      showAlert('danger', errorMessage(err));
    } finally {
      setDownloading(false);
    }
  };
  const filtered = filters.actorId !== null || filters.action !== null || filters.from !== '' || filters.to !== '';

  let body;
  if (activity.isPending) body = <Loading />;
  else if (activity.isError && !activity.data) {
    const ownerOnly = activity.error instanceof ApiError && activity.error.code === 'forbidden.owner_only';
    body = ownerOnly ? (
      <EmptyState title="Only the owner sees the activity">
        Ask your organisation&apos;s owner for what you need.
      </EmptyState>
    ) : (
      <ErrorState message={errorMessage(activity.error)} onRetry={() => void activity.refetch()} />
    );
  } else if (activity.data && activity.data.total === 0) {
    body = (
      <EmptyState title={filtered ? 'Nothing matches these filters' : 'No activity yet'}>
        {filtered
          ? 'Clear a filter to see more.'
          : 'Refunds, team changes, downloads of attendee data, sign-ins and other changes will show here.'}
      </EmptyState>
    );
  } else if (activity.data) {
    body = (
      <>
        <ol
          aria-label="Activity"
          className="divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
        >
          {activity.data.data.map((e) => (
            <EntryItem key={e.id} entry={e} />
          ))}
        </ol>
        <Pager
          page={page}
          total={activity.data.total}
          noun="entry"
          plural="entries"
          onPage={setPage}
          pageSize={ACTIVITY_PAGE_SIZE}
        />
      </>
    );
  }

  const people = activity.data?.people ?? [];
  return (
    <div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Activity</h1>
          <p className="mt-1 text-slate-600">Who changed money, people or access, when and from where.</p>
        </div>
        <Button variant="secondary" onClick={() => void download()} busy={downloading} busyText="Preparing…">
          <Download className="h-4 w-4" aria-hidden />
          Download CSV
        </Button>
      </div>
      <form
        className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4"
        onSubmit={(e) => e.preventDefault()}
        aria-label="Filters"
      >
        <SelectField
          label="Person"
          value={filters.actorId ?? ''}
          onChange={(e) => change({ actorId: e.target.value ? Number(e.target.value) : null })}
        >
          <option value="">Everyone</option>
          {people.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Action"
          value={filters.action ?? ''}
          onChange={(e) => change({ action: (e.target.value || null) as AuditAction | null })}
        >
          <option value="">Every action</option>
          {AUDIT_ACTIONS.map((a) => (
            <option key={a} value={a}>
              {AUDIT_ACTION_LABELS[a]}
            </option>
          ))}
        </SelectField>
        <TextField
          label="From"
          type="date"
          value={filters.from}
          max={filters.to || undefined}
          onChange={(e) => change({ from: e.target.value })}
          error={fieldError('from')}
        />
        <TextField
          label="To"
          type="date"
          value={filters.to}
          min={filters.from || undefined}
          onChange={(e) => change({ to: e.target.value })}
          error={fieldError('to')}
        />
      </form>
      <div className="mt-6">{body}</div>
    </div>
  );
}
