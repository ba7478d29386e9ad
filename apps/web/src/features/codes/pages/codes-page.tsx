import { useState } from 'react';
import { useParams } from 'react-router';
import clsx from 'clsx';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { TICKET_STATUS, type CodeBody, type DiscountCode, type Event } from '@tikiti/contract';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Panel } from '../../../components/ui/panel';
import { EmptyState, ErrorState, Skeleton } from '../../../components/ui/states';
import { errorMessage } from '../../../lib/api-client';
import { showAlert } from '../../../lib/alert';
import { formatDay, formatMoney, formatTime } from '../../../lib/format';
import { useTitle } from '../../../lib/use-title';
import { useOwnEvent } from '../../events';
import { useCodes, useDeleteCode, useSaveCode } from '../api/codes';
import { CodeForm, draftOf, NEW_CODE } from '../components/code-form';
import { EventToolsHeader } from '../components/event-tools-header';

const when = (iso: string) => `${formatDay(iso)}, ${formatTime(iso)}`;

/** What a code takes off, in a few words. */
export function codeOffText(c: Pick<DiscountCode, 'percent_off' | 'amount_off' | 'currency'>): string | null {
  if (c.percent_off !== null) return c.percent_off === 100 ? 'Free tickets (100 % off)' : `${c.percent_off} % off`;
  if (c.amount_off !== null) return `${formatMoney(c.amount_off, c.currency)} off each ticket`;
  return null;
}

/** When a code works: from, until, both or always. */
function windowText(c: DiscountCode): string {
  if (c.starts_at && c.ends_at) return `${when(c.starts_at)} to ${when(c.ends_at)}`;
  if (c.starts_at) return `From ${when(c.starts_at)}`;
  if (c.ends_at) return `Until ${when(c.ends_at)}`;
  return 'Any time until the event';
}

function CodeCard({
  code,
  event,
  onEdit,
  onDelete,
}: {
  code: DiscountCode;
  event: Event;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const names = code.ticket_type_ids.map((id) => event.tickets.find((t) => t.id === id)?.name ?? `#${id}`);
  const types = names.length ? names.join(', ') : code.kind === 'access' ? 'Every hidden ticket' : 'Every ticket';
  const off = codeOffText(code);
  const usedUp = code.max_uses !== null && code.uses >= code.max_uses;
  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5" data-testid="code-card">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2">
            <span className="break-all font-mono text-lg font-bold text-ink">{code.code}</span>
            <span
              className={clsx(
                'rounded-full px-2 py-0.5 text-xs font-semibold',
                code.kind === 'access' ? 'bg-violet-100 text-violet-900' : 'bg-emerald-100 text-emerald-900',
              )}
            >
              {code.kind === 'access' ? 'Access' : 'Discount'}
            </span>
            {usedUp && (
              <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">
                Used up
              </span>
            )}
          </p>
          <p className="mt-1 text-sm text-slate-700">
            {[off, code.kind === 'access' ? `Shows: ${types}` : `On: ${types}`].filter(Boolean).join(' · ')}
          </p>
          <p className="mt-0.5 text-sm text-slate-500">
            {windowText(code)}
            {code.max_per_booking !== null && ` · up to ${code.max_per_booking} per booking`}
          </p>
        </div>
        <div className="flex shrink-0 gap-1">
          <Button variant="ghost" size="sm" onClick={onEdit} aria-label={`Edit ${code.code}`}>
            <Pencil className="h-4 w-4" aria-hidden /> Edit
          </Button>
          <Button variant="ghost" size="sm" onClick={onDelete} aria-label={`Delete ${code.code}`}>
            <Trash2 className="h-4 w-4" aria-hidden /> Delete
          </Button>
        </div>
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-3 border-t border-slate-100 pt-3 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-slate-500">Uses</dt>
          <dd className="font-semibold tabular-nums text-ink">
            {code.uses}
            {code.max_uses !== null && <span className="font-normal text-slate-500"> of {code.max_uses}</span>}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">Paid bookings</dt>
          <dd className="font-semibold tabular-nums text-ink">{code.bookings}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Revenue</dt>
          <dd className="font-semibold tabular-nums text-ink">{formatMoney(code.revenue, code.currency)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Discount given</dt>
          <dd className="font-semibold tabular-nums text-ink">{formatMoney(code.discount_given, code.currency)}</dd>
        </div>
      </dl>
    </li>
  );
}

/** The code being written: a new one (id null) or one of the list. */
type Editing = { id: null } | { id: number; code: DiscountCode };

function Codes({ event }: { event: Event }) {
  const codes = useCodes(event.id);
  const save = useSaveCode(event.id);
  const remove = useDeleteCode(event.id);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<DiscountCode | null>(null);
  const tickets = event.tickets.filter((t) => t.status !== TICKET_STATUS.deleted);

  const onSave = async (body: CodeBody) => {
    if (!editing) return;
    const saved = await save.mutateAsync({ id: editing.id, body });
    showAlert('success', `Code ${saved.code} saved.`);
    setEditing(null);
  };

  const form = editing && (
    <Panel title={editing.id === null ? 'New code' : `Edit ${editing.code.code}`}>
      <div className="mt-4">
        <CodeForm
          key={editing.id ?? 'new'}
          initial={editing.id === null ? NEW_CODE : draftOf(editing.code)}
          tickets={tickets}
          currency={event.currency}
          saving={save.isPending}
          onSave={onSave}
          onCancel={() => setEditing(null)}
        />
      </div>
    </Panel>
  );

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <EventToolsHeader
        title="Codes"
        eventId={event.id}
        eventTitle={event.title}
        action={
          !editing && codes.isSuccess && codes.data.length > 0 ? (
            <Button onClick={() => setEditing({ id: null })}>
              <Plus className="h-4 w-4" aria-hidden /> New code
            </Button>
          ) : undefined
        }
      />
      {form}
      {codes.isPending ? (
        <div className="space-y-3" role="status" aria-label="Loading codes">
          <Skeleton className="h-36" />
          <Skeleton className="h-36" />
        </div>
      ) : codes.isError ? (
        <ErrorState message={errorMessage(codes.error)} onRetry={() => void codes.refetch()} />
      ) : codes.data.length === 0 ? (
        !editing && (
          <EmptyState
            title="No codes yet"
            action={
              <Button onClick={() => setEditing({ id: null })}>
                <Plus className="h-4 w-4" aria-hidden /> New code
              </Button>
            }
          >
            A discount code lowers prices for those who have it; an access code shows hidden tickets to speakers and
            sponsors.
          </EmptyState>
        )
      ) : (
        <ul className="space-y-4" aria-label="Codes">
          {codes.data.map((c) => (
            <CodeCard
              key={c.id}
              code={c}
              event={event}
              onEdit={() => setEditing({ id: c.id, code: c })}
              onDelete={() => setDeleting(c)}
            />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deleting?.code ?? 'this code'}?`}
        confirmLabel="Delete code"
        danger
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: () => {
              showAlert('success', `Code ${deleting.code} deleted.`);
              setDeleting(null);
            },
            onError: (err) => {
              showAlert('danger', errorMessage(err));
              setDeleting(null);
            },
          });
        }}
      >
        <p>Buyers can no longer use it. Bookings already made with it keep their prices.</p>
      </ConfirmDialog>
    </div>
  );
}

/**
 * /organizer/event/{id}/codes (docs/product.md#discount-codes): the event's discount and access
 * codes, each with its uses, paid bookings, revenue and discount given; create, edit and delete.
 */
export default function CodesPage() {
  useTitle('Codes');
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const event = useOwnEvent(valid ? id : 0);
  if (!valid) return <ErrorState message="This address does not name an event." />;
  if (event.isPending) {
    return (
      <div className="mx-auto max-w-4xl space-y-3" role="status" aria-label="Loading codes">
        <Skeleton className="h-9 w-40" />
        <Skeleton className="h-36" />
      </div>
    );
  }
  if (event.isError) return <ErrorState message={errorMessage(event.error)} onRetry={() => void event.refetch()} />;
  return <Codes event={event.data} />;
}
