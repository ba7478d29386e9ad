import { useState } from 'react';
import clsx from 'clsx';
import { CheckCircle2, Circle, Ban } from 'lucide-react';
import { EmptyState, ErrorState, Skeleton } from '../../../components/ui/states';
import { errorMessage } from '../../../lib/api-client';
import { formatDay, formatTime } from '../../../lib/format';
import { useAttendees } from '../api/orders';
import { ListToolbar, Pager } from './list-toolbar';

/** Every e-ticket of the event by holder: ticket type, and whether (and when, where) it was checked in. */
export function AttendeesPanel({ eventId }: { eventId: number }) {
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const attendees = useAttendees(eventId, { q, page });
  return (
    <div>
      <ListToolbar
        eventId={eventId}
        what="attendees"
        label="Search attendees"
        placeholder="Holder, booking reference or ticket type"
        onSearch={(text) => {
          setQ(text);
          setPage(1);
        }}
      />
      {attendees.isPending ? (
        <div className="mt-4 space-y-3" role="status" aria-label="Loading attendees">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-14" />
          ))}
        </div>
      ) : attendees.isError ? (
        <div className="mt-4">
          <ErrorState message={errorMessage(attendees.error)} onRetry={() => void attendees.refetch()} />
        </div>
      ) : attendees.data.total === 0 ? (
        <div className="mt-4">
          <EmptyState title={q ? 'No attendee matches' : 'No attendees yet'}>
            {q ? `Nothing found for “${q}”.` : 'Each paid ticket appears here with its holder.'}
          </EmptyState>
        </div>
      ) : (
        <>
          <ul
            className={clsx(
              'mt-4 divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white shadow-sm',
              attendees.isPlaceholderData && 'opacity-60',
            )}
            aria-label="Attendees"
          >
            {attendees.data.data.map((a) => (
              <li key={a.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3">
                <div className="min-w-0 flex-1">
                  <p className={clsx('truncate font-medium', a.revoked ? 'text-slate-500 line-through' : 'text-ink')}>
                    {a.holder_name}
                  </p>
                  <p className="break-words text-sm text-slate-600">
                    {a.ticket_type}
                    {a.admits > 1 ? ` · admits ${a.admits}` : ''} ·{' '}
                    <span className="whitespace-nowrap font-mono">{a.booking_reference}</span>
                    {a.tickets_in_booking > 1 && (
                      <span className="whitespace-nowrap">
                        {' · '}ticket {a.ticket_number} of {a.tickets_in_booking}
                      </span>
                    )}
                  </p>
                </div>
                <p className="text-sm">
                  {a.revoked ? (
                    <span className="inline-flex items-center gap-1 text-red-700">
                      <Ban className="h-4 w-4" aria-hidden /> Refunded, no longer admits
                    </span>
                  ) : a.checked_in_at ? (
                    <span className="inline-flex items-center gap-1 text-emerald-700">
                      <CheckCircle2 className="h-4 w-4" aria-hidden />
                      Checked in {formatDay(a.checked_in_at)}, {formatTime(a.checked_in_at)}
                      {a.checked_in_device ? ` · ${a.checked_in_device}` : ''}
                    </span>
                  ) : (
                    <span className="inline-flex items-center gap-1 text-slate-500">
                      <Circle className="h-4 w-4" aria-hidden /> Not checked in
                    </span>
                  )}
                </p>
              </li>
            ))}
          </ul>
          <Pager page={page} total={attendees.data.total} noun="attendee" onPage={setPage} />
        </>
      )}
    </div>
  );
}
