import { useState } from 'react';
import { useParams } from 'react-router';
import clsx from 'clsx';
import { UserMinus } from 'lucide-react';
import { formatPhone, type Waitlist, type WaitlistEntry, type WaitlistStatus } from '@tikiti/contract';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Panel } from '../../../components/ui/panel';
import { EmptyState, ErrorState, Skeleton } from '../../../components/ui/states';
import { errorMessage } from '../../../lib/api-client';
import { showAlert } from '../../../lib/alert';
import { countOf, formatDay, formatTime } from '../../../lib/format';
import { useTitle } from '../../../lib/use-title';
import { useOwnEvent } from '../../events';
import { useRemoveFromWaitlist, useSetWaitlistOpen, useWaitlists } from '../api/waitlist';
import { EventToolsHeader } from '../components/event-tools-header';

const when = (iso: string) => `${formatDay(iso)}, ${formatTime(iso)}`;

const STATUS: Record<WaitlistStatus, { label: string; tone: string }> = {
  waiting: { label: 'Waiting', tone: 'bg-amber-100 text-amber-900' },
  offered: { label: 'Offer sent', tone: 'bg-sky-100 text-sky-900' },
  booked: { label: 'Booked', tone: 'bg-emerald-100 text-emerald-800' },
  expired: { label: 'Offer expired', tone: 'bg-slate-100 text-slate-700' },
  left: { label: 'Left the list', tone: 'bg-slate-100 text-slate-700' },
  removed: { label: 'Removed', tone: 'bg-slate-100 text-slate-700' },
};

/** Someone still on the list (waiting, or holding an offer): the organiser may remove them. */
const onTheList = (e: WaitlistEntry) => e.status === 'waiting' || e.status === 'offered';

function EntryRow({ entry, onRemove }: { entry: WaitlistEntry; onRemove: () => void }) {
  const status = STATUS[entry.status];
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:justify-between" data-testid="waitlist-entry">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2">
          <span className="w-8 shrink-0 font-mono text-sm font-semibold text-slate-500" aria-label="Position">
            {entry.position !== null ? `#${entry.position}` : '–'}
          </span>
          <span className="min-w-0 break-words font-semibold text-ink">{entry.full_name}</span>
          {/* A booking through the offer that was paid says Bought; until then, the status. */}
          {entry.bought ? (
            <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800">
              Bought
            </span>
          ) : (
            <span className={clsx('rounded-full px-2 py-0.5 text-xs font-semibold', status.tone)}>{status.label}</span>
          )}
        </p>
        <p className="mt-0.5 break-all pl-10 text-sm text-slate-600">
          {entry.email_address}
          {entry.msisdn && ` · ${formatPhone(entry.msisdn)}`}
        </p>
        <p className="pl-10 text-xs text-slate-500">
          {countOf(entry.quantity, 'ticket')} · joined {when(entry.joined_at)} · {countOf(entry.offers_sent, 'offer')}{' '}
          sent
          {entry.offer_expires_at && entry.status === 'offered' && ` · offer ends ${when(entry.offer_expires_at)}`}
        </p>
      </div>
      {onTheList(entry) && (
        <Button variant="ghost" size="sm" className="self-start pl-10 sm:pl-3" onClick={onRemove}>
          <UserMinus className="h-4 w-4" aria-hidden /> Remove<span className="sr-only"> {entry.full_name}</span>
        </Button>
      )}
    </li>
  );
}

function TypeList({
  list,
  onRemove,
  onToggle,
  toggling,
}: {
  list: Waitlist;
  onRemove: (entry: WaitlistEntry) => void;
  onToggle: (enabled: boolean) => void;
  toggling: boolean;
}) {
  return (
    <Panel
      compact
      title={list.ticket_type}
      intro={`${countOf(list.waiting, 'person', 'people')} waiting${list.enabled ? '' : ' · the list is off: nobody new may join'}`}
    >
      <label className="mt-3 flex cursor-pointer items-center gap-3 text-sm">
        <input
          type="checkbox"
          className="h-4 w-4 accent-brand-700"
          checked={list.enabled}
          disabled={toggling}
          onChange={(e) => onToggle(e.target.checked)}
        />
        <span className="font-medium text-ink">Offer a waiting list when {list.ticket_type} sells out</span>
      </label>
      {list.entries.length === 0 ? (
        <p className="mt-4 rounded-xl bg-slate-50 px-4 py-3 text-sm text-slate-600">
          Nobody is waiting. When {list.ticket_type} sells out, buyers can join here; seats that come back go to them in
          order.
        </p>
      ) : (
        <ol className="mt-3 divide-y divide-slate-100" aria-label={`Waiting for ${list.ticket_type}`}>
          {list.entries.map((e) => (
            <EntryRow key={e.id} entry={e} onRemove={() => onRemove(e)} />
          ))}
        </ol>
      )}
    </Panel>
  );
}

/**
 * /organizer/event/{id}/waitlist (docs/product.md#waiting-list): one list per ticket type, people
 * in the order they joined (position, when, offers sent, bought); remove a person; turn a list off.
 */
export default function WaitlistPage() {
  useTitle('Waiting lists');
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const event = useOwnEvent(valid ? id : 0);
  const lists = useWaitlists(valid ? id : 0);
  const remove = useRemoveFromWaitlist(id);
  const setOpen = useSetWaitlistOpen(id);
  const [removing, setRemoving] = useState<WaitlistEntry | null>(null);
  if (!valid) return <ErrorState message="This address does not name an event." />;

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <EventToolsHeader title="Waiting lists" eventId={id} eventTitle={event.data?.title} />
      {lists.isPending ? (
        <div className="space-y-3" role="status" aria-label="Loading waiting lists">
          <Skeleton className="h-32" />
          <Skeleton className="h-32" />
        </div>
      ) : lists.isError ? (
        <ErrorState message={errorMessage(lists.error)} onRetry={() => void lists.refetch()} />
      ) : lists.data.length === 0 ? (
        <EmptyState title="No tickets yet">Add tickets to the event; each gets its own waiting list.</EmptyState>
      ) : (
        lists.data.map((list) => (
          <TypeList
            key={list.ticket_type_id}
            list={list}
            toggling={setOpen.isPending}
            onRemove={setRemoving}
            onToggle={(enabled) =>
              setOpen.mutate(
                { ticketTypeId: list.ticket_type_id, enabled },
                {
                  onSuccess: () =>
                    showAlert('success', `The waiting list of ${list.ticket_type} is ${enabled ? 'on' : 'off'}.`),
                  onError: (err) => showAlert('danger', errorMessage(err)),
                },
              )
            }
          />
        ))
      )}
      <ConfirmDialog
        open={removing !== null}
        title={`Remove ${removing?.full_name ?? 'this person'}?`}
        confirmLabel="Remove from the list"
        danger
        busy={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (!removing) return;
          remove.mutate(removing.id, {
            onSuccess: () => {
              showAlert('success', `${removing.full_name} is off the waiting list.`);
              setRemoving(null);
            },
            onError: (err) => {
              showAlert('danger', errorMessage(err));
              setRemoving(null);
            },
          });
        }}
      >
        <p>
          They get no offer from this list.
          {removing?.status === 'offered' && ' The seats held for their offer go to the next person waiting.'}
        </p>
      </ConfirmDialog>
    </div>
  );
}
