import { Link, Navigate, useNavigate } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { routes } from '../../../lib/routes';
import { showAlert } from '../../../lib/alert';
import { useSticky } from '../../../lib/use-sticky';
import { useTitle } from '../../../lib/use-title';
import { asNewTickets, useRegisterTickets } from '../api/save-tickets';
import { DiscardDraftButton } from '../components/discard-draft-button';
import { EventPageHeader } from '../components/event-page-header';
import { TicketRowsForm } from '../components/ticket-rows-form';
import { useEventDrafts } from '../event-drafts';

const linkClass =
  'inline-flex items-center justify-center gap-2 py-2 text-sm font-semibold text-slate-600 hover:text-ink hover:underline';

/**
 * Create event step 3 (docs/product.md#organiser-side): the ticket types. Saving them publishes the event
 * (docs/product.md#event-status), then step 4 asks for the questions; once saved, coming back here
 * goes on to step 4 (the tickets are not registered twice).
 */
export default function CreateStep3Page() {
  useTitle('Create event');
  const draft = useSticky(useEventDrafts((s) => s.draftEvent));
  const setDraftEvent = useEventDrafts((s) => s.setDraftEvent);
  const navigate = useNavigate();
  const registerTickets = useRegisterTickets();

  // docs/product.md#organiser-side: without a stored event id, go to the dashboard.
  if (draft?.id === undefined) return <Navigate to={routes.dashboard} replace />;
  if (draft.tickets_saved) return <Navigate to={routes.eventStep(4)} replace />;
  const eventId = draft.id;

  return (
    <div className="mx-auto max-w-4xl">
      <EventPageHeader
        title="Create Event"
        intro={
          <>
            Add the tickets for <span className="font-medium text-ink">{draft.title}</span>. Saving them publishes the
            event.
          </>
        }
        step={{ n: 3, of: 4, label: 'Tickets' }}
      />
      <TicketRowsForm
        initial={[]}
        currency={draft.currency}
        submitLabel="Finish Setup"
        onSave={async (tickets) => {
          const saved = await registerTickets.mutateAsync({ eventId, tickets: asNewTickets(tickets) });
          showAlert('success', `${saved.message}. “${draft.title}” is published.`);
          setDraftEvent({ ...draft, tickets_saved: true });
          void navigate(routes.eventStep(4));
        }}
        actions={
          <>
            <Link to={routes.eventStep(2)} className={linkClass}>
              <ArrowLeft className="h-4 w-4" aria-hidden />
              Back
            </Link>
            <DiscardDraftButton />
          </>
        }
      />
    </div>
  );
}
