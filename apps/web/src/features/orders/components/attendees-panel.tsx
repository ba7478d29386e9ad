import { useState } from 'react';
import clsx from 'clsx';
import { Ban, CheckCircle2, Circle, RotateCcw, UserRound } from 'lucide-react';
import { formatPhone, type Attendee, type AttendeeNameFilter } from '@tikiti/contract';
import { DelegateDialog } from '../../../components/delegates/delegate-dialog';
import { attendeeQuestionsFor, delegateValuesOf, NO_DELEGATE } from '../../../components/delegates/delegate-values';
import { Button } from '../../../components/ui/button';
import { EmptyState, ErrorState, Skeleton } from '../../../components/ui/states';
import { errorMessage } from '../../../lib/api-client';
import { showAlert } from '../../../lib/alert';
import { formatDay, formatTime } from '../../../lib/format';
import { useEventQuestions } from '../../events';
import { useAttendees, useRenameAttendee } from '../api/orders';
import { AnswersToggle } from './answer-list';
import { AttendeeHistoryDialog } from './attendee-history-dialog';
import { ListToolbar, Pager } from './list-toolbar';
import { RetentionNote } from './retention-note';

/** The attendees shown: all, the tickets still to be named, or those whose delegate changed. */
const FILTERS: { names: AttendeeNameFilter | undefined; label: string; empty: string }[] = [
  { names: undefined, label: 'All', empty: 'Each paid ticket appears here with its delegate.' },
  { names: 'to_be_named', label: 'To be named', empty: 'Every ticket has its delegate’s name.' },
  { names: 'changed', label: 'Changed', empty: 'No delegate has been changed since booking.' },
];

function NamesFilter({
  names,
  onChange,
}: {
  names: AttendeeNameFilter | undefined;
  onChange: (names: AttendeeNameFilter | undefined) => void;
}) {
  return (
    <div
      role="group"
      aria-label="Which attendees"
      className="mb-4 inline-flex flex-wrap rounded-lg border border-slate-200 bg-slate-50 p-1 text-sm"
    >
      {FILTERS.map((f) => (
        <button
          key={f.label}
          type="button"
          aria-pressed={names === f.names}
          onClick={() => onChange(f.names)}
          className={clsx(
            'rounded-md px-3 py-1.5 font-medium',
            names === f.names ? 'bg-white text-ink shadow-sm' : 'text-slate-600 hover:text-ink',
          )}
        >
          {f.label}
        </button>
      ))}
    </div>
  );
}

function CheckInState({ a }: { a: Attendee }) {
  if (a.revoked)
    return (
      <span className="inline-flex items-center gap-1 text-red-700">
        <Ban className="h-4 w-4" aria-hidden /> Refunded, no longer admits
      </span>
    );
  if (a.checked_in_at)
    return (
      <span className="inline-flex items-center gap-1 text-emerald-700">
        <CheckCircle2 className="h-4 w-4" aria-hidden />
        Checked in {formatDay(a.checked_in_at)}, {formatTime(a.checked_in_at)}
        {a.checked_in_device ? ` · ${a.checked_in_device}` : ''}
      </span>
    );
  return (
    <span className="inline-flex items-center gap-1 text-slate-500">
      <Circle className="h-4 w-4" aria-hidden /> Not checked in
    </span>
  );
}

/** One ticket: its delegate (name, company, job title, email, phone), its ticket, check-in, answers, rename and history. */
function AttendeeRow({
  a,
  canRename,
  onRename,
  onHistory,
}: {
  a: Attendee;
  canRename: boolean;
  onRename: () => void;
  onHistory: () => void;
}) {
  const role = [a.company, a.job_title].filter(Boolean).join(' · ');
  return (
    <li className="px-4 py-3">
      <div className="flex flex-col gap-1 sm:flex-row sm:items-start sm:gap-4">
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-center gap-2">
            {a.named ? (
              <span className={clsx('font-medium', a.revoked ? 'text-slate-500 line-through' : 'text-ink')}>
                {a.holder_name}
              </span>
            ) : (
              <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                To be named
              </span>
            )}
            {a.changed && (
              <span className="rounded-full bg-sky-100 px-2 py-0.5 text-xs font-semibold text-sky-900">Changed</span>
            )}
          </p>
          {!a.named && <p className="text-sm text-slate-600">In the buyer’s name meanwhile: {a.holder_name}</p>}
          {role && <p className="text-sm text-slate-700">{role}</p>}
          <p className="text-sm text-slate-600">
            <span className="wrap-anywhere">{a.email_address}</span>
            {a.msisdn && <span className="whitespace-nowrap"> · {formatPhone(a.msisdn)}</span>}
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
          <CheckInState a={a} />
        </p>
      </div>
      <div className="mt-2 flex flex-wrap gap-2">
        {!a.revoked && (
          <Button variant="secondary" size="sm" onClick={onRename} disabled={!canRename}>
            <UserRound className="h-4 w-4" aria-hidden />
            {a.named ? 'Rename' : 'Name'}
            <span className="sr-only">
              {' '}
              the delegate of {a.booking_reference}, ticket {a.ticket_number}
            </span>
          </Button>
        )}
        {a.changed && (
          <Button variant="secondary" size="sm" onClick={onHistory}>
            <RotateCcw className="h-4 w-4" aria-hidden />
            History
            <span className="sr-only">
              {' '}
              of {a.booking_reference}, ticket {a.ticket_number}
            </span>
          </Button>
        )}
      </div>
      <AnswersToggle answers={a.answers} className="mt-1" />
    </li>
  );
}

/**
 * Every e-ticket of the event by delegate (docs/product.md#delegates-and-questions): name,
 * company and job title, email and phone, ticket type, check-in, the answers to the attendee
 * questions (opened per row); filters for tickets still to be named and delegates changed since
 * booking; the organiser's rename (no lock) and a ticket's history of changes.
 */
export function AttendeesPanel({ eventId }: { eventId: number }) {
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [names, setNames] = useState<AttendeeNameFilter | undefined>(undefined);
  const attendees = useAttendees(eventId, { q, page, names });
  // The rename dialog asks the attendee questions again, with the answers given so far.
  const questions = useEventQuestions(eventId);
  const rename = useRenameAttendee(eventId);
  const [renaming, setRenaming] = useState<Attendee | null>(null);
  const [history, setHistory] = useState<Attendee | null>(null);
  const filter = FILTERS.find((f) => f.names === names)!;

  return (
    <div>
      <RetentionNote eventId={eventId} />
      <NamesFilter
        names={names}
        onChange={(next) => {
          setNames(next);
          setPage(1);
        }}
      />
      <ListToolbar
        eventId={eventId}
        what="attendees"
        names={names}
        label="Search attendees"
        placeholder="Name, email, phone, company, reference or ticket type"
        onSearch={(text) => {
          setQ(text);
          setPage(1);
        }}
      />
      {questions.isError && (
        <p className="mt-3 text-sm text-red-700" role="alert">
          The event’s questions could not be loaded, so delegates cannot be renamed now: {errorMessage(questions.error)}
        </p>
      )}
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
          <EmptyState title={q ? 'No attendee matches' : names ? `No attendees: ${filter.label}` : 'No attendees yet'}>
            {q ? `Nothing found for “${q}”.` : filter.empty}
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
              <AttendeeRow
                key={a.id}
                a={a}
                canRename={questions.isSuccess}
                onRename={() => setRenaming(a)}
                onHistory={() => setHistory(a)}
              />
            ))}
          </ul>
          <Pager page={page} total={attendees.data.total} noun="attendee" onPage={setPage} />
        </>
      )}
      {renaming && questions.data && (
        <DelegateDialog
          title={renaming.named ? `Rename ${renaming.holder_name}` : 'Name the delegate'}
          intro={
            <p>
              {renaming.ticket_type} · {renaming.booking_reference}, ticket {renaming.ticket_number} of{' '}
              {renaming.tickets_in_booking}. A new name or email gives the ticket a new code (the old one is refused at
              the door) and mails the delegate their ticket, with a copy to the buyer.
            </p>
          }
          initial={
            renaming.named
              ? delegateValuesOf(
                  { ...renaming, full_name: renaming.holder_name, email: renaming.delegate_email },
                  renaming.answers,
                  questions.data,
                )
              : NO_DELEGATE
          }
          questions={attendeeQuestionsFor(questions.data, renaming.ticket_type_id)}
          submitLabel="Save delegate"
          onSave={async (body) => {
            const saved = await rename.mutateAsync({ ticketId: renaming.id, body });
            showAlert(
              'success',
              `${renaming.booking_reference}, ticket ${renaming.ticket_number} is now ${saved.holder_name}’s.`,
            );
          }}
          onClose={() => setRenaming(null)}
        />
      )}
      {history && <AttendeeHistoryDialog attendee={history} onClose={() => setHistory(null)} />}
    </div>
  );
}
