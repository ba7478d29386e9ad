import { Dialog } from 'radix-ui';
import { ArrowRight, RefreshCw, X } from 'lucide-react';
import type { Attendee, AttendeeChange } from '@tikiti/contract';
import { Button } from '../../../components/ui/button';
import { Loading } from '../../../components/ui/spinner';
import { ErrorState } from '../../../components/ui/states';
import { errorMessage } from '../../../lib/api-client';
import { formatDay, formatTime } from '../../../lib/format';
import { useAttendeeChanges } from '../api/orders';

function Person({ who }: { who: AttendeeChange['from'] }) {
  return (
    <span className="min-w-0">
      <span className="font-medium text-ink">{who.full_name}</span>
      {who.email && <span className="block truncate text-xs text-slate-500">{who.email}</span>}
    </span>
  );
}

function Changes({ ticketId }: { ticketId: number }) {
  const changes = useAttendeeChanges(ticketId);
  if (changes.isPending) return <Loading label="Loading the history..." />;
  if (changes.isError)
    return <ErrorState message={errorMessage(changes.error)} onRetry={() => void changes.refetch()} />;
  if (changes.data.length === 0) {
    return <p className="py-6 text-center text-sm text-slate-600">Nobody has changed this ticket’s delegate.</p>;
  }
  return (
    <ol className="mt-4 space-y-3" aria-label="Changes">
      {changes.data.map((c, i) => (
        <li key={i} className="rounded-xl border border-slate-200 p-3 text-sm">
          <p className="text-xs text-slate-500">
            <time dateTime={c.at}>
              {formatDay(c.at)}, {formatTime(c.at)}
            </time>{' '}
            · by {c.by_name} ({c.by === 'buyer' ? 'the buyer' : 'organiser'})
          </p>
          <div className="mt-1.5 grid grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)] items-start gap-2">
            <Person who={c.from} />
            <ArrowRight className="mt-0.5 h-4 w-4 text-slate-400" aria-label="to" />
            <Person who={c.to} />
          </div>
          {c.reissued && (
            <p className="mt-2 inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
              <RefreshCw className="h-3 w-3" aria-hidden /> Re-issued: the old code no longer admits
            </p>
          )}
        </li>
      ))}
    </ol>
  );
}

/**
 * A ticket's changes of delegate (docs/product.md#delegates-and-questions), oldest first: when,
 * who made it (the buyer or a teammate), the old and new name and email, and whether the change
 * re-issued the ticket's code.
 */
export function AttendeeHistoryDialog({ attendee, onClose }: { attendee: Attendee; onClose: () => void }) {
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-5 shadow-xl focus:outline-none sm:p-6">
          <div className="flex items-start justify-between gap-3">
            <Dialog.Title className="text-lg font-semibold">History of {attendee.holder_name}’s ticket</Dialog.Title>
            <Dialog.Close asChild>
              <button
                type="button"
                className="-m-1.5 rounded-full p-1.5 text-slate-500 hover:bg-slate-100 hover:text-ink"
                aria-label="Close"
              >
                <X className="h-5 w-5" aria-hidden />
              </button>
            </Dialog.Close>
          </div>
          <Dialog.Description className="mt-1 text-sm text-slate-600">
            {attendee.ticket_type} · {attendee.booking_reference}, ticket {attendee.ticket_number} of{' '}
            {attendee.tickets_in_booking}
          </Dialog.Description>
          <Changes ticketId={attendee.id} />
          <Dialog.Close asChild>
            <Button variant="secondary" className="mt-5 w-full">
              Close
            </Button>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
