import { Link, useNavigate, useParams } from 'react-router';
import { DELAYS_MS, TICKET_STATUS, type Event } from '@tikiti/contract';
import { routes } from '../../../lib/routes';
import { Loading } from '../../../components/ui/spinner';
import { ErrorState } from '../../../components/ui/states';
import { errorMessage } from '../../../lib/api-client';
import { showAlert } from '../../../lib/alert';
import { useTitle } from '../../../lib/use-title';
import { wait } from '../../../lib/wait';
import { useOwnEvent } from '../api/own-event';
import { asNewTickets, useRegisterTickets, useUpdateTickets } from '../api/save-tickets';
import { EventPageHeader } from '../components/event-page-header';
import { TicketRowsForm, ticketRowOf } from '../components/ticket-rows-form';
import { useEventDrafts } from '../event-drafts';

/**
 * Ticket update (docs/product.md#organiser-side, my_event_view_step_3): edit, add and remove ticket types. After a
 * successful save the message shows and the organiser goes to the dashboard 2 s later.
 */
export default function EditTicketsPage() {
  useTitle('Ticket update');
  const id = Number(useParams().id);
  const event = useOwnEvent(id);
  if (!Number.isInteger(id) || id <= 0) return <ErrorState message="This address does not name an event." />;
  return (
    <div className="mx-auto max-w-4xl">
      <EventPageHeader
        title="Ticket Update"
        intro={
          event.data ? (
            <>
              Tickets of <span className="font-medium text-ink">{event.data.title}</span> ·{' '}
              <Link to={routes.eventOrders(id)} className="font-semibold text-brand-700 hover:underline">
                Orders and refunds
              </Link>{' '}
              ·{' '}
              <Link to={routes.eventQuestions(id)} className="font-semibold text-brand-700 hover:underline">
                Questions
              </Link>{' '}
              ·{' '}
              <Link to={routes.eventCertificates(id)} className="font-semibold text-brand-700 hover:underline">
                Certificates
              </Link>{' '}
              ·{' '}
              <Link to={routes.eventBadges(id)} className="font-semibold text-brand-700 hover:underline">
                Badges
              </Link>{' '}
              ·{' '}
              <Link to={routes.eventCodes(id)} className="font-semibold text-brand-700 hover:underline">
                Codes
              </Link>{' '}
              ·{' '}
              <Link to={routes.eventWaitlist(id)} className="font-semibold text-brand-700 hover:underline">
                Waiting lists
              </Link>
            </>
          ) : undefined
        }
      />
      {event.isPending ? (
        <Loading />
      ) : event.isError ? (
        <ErrorState message={errorMessage(event.error)} onRetry={() => void event.refetch()} />
      ) : (
        <TicketsEditor key={event.data.id} event={event.data} />
      )}
    </div>
  );
}

function TicketsEditor({ event }: { event: Event }) {
  const setStoredEvent = useEventDrafts((s) => s.setStoredEvent);
  const navigate = useNavigate();
  const registerTickets = useRegisterTickets();
  const updateTickets = useUpdateTickets();
  const open = event.tickets.filter((t) => t.status !== TICKET_STATUS.deleted);

  return (
    <TicketRowsForm
      initial={open.map(ticketRowOf)}
      currency={event.currency}
      submitLabel="Update Ticket"
      onSave={async (tickets) => {
        // An event that never got tickets (a draft left at create step 3) gets its first
        // ones registered, which publishes it, as Finish Setup would have.
        const saved = open.length
          ? await updateTickets.mutateAsync({ eventId: event.id, tickets })
          : await registerTickets.mutateAsync({ eventId: event.id, tickets: asNewTickets(tickets) });
        setStoredEvent({ ...event, tickets: saved.data });
        showAlert('success', saved.message);
        await wait(DELAYS_MS.redirectAfterTicketUpdate);
        void navigate(routes.dashboard);
      }}
      actions={
        <Link
          to={routes.dashboard}
          className="inline-flex items-center justify-center py-2 text-sm font-semibold text-slate-600 hover:text-ink hover:underline"
        >
          Discard
        </Link>
      }
    />
  );
}
