import { Link, useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { DELAYS_MS, TICKET_STATUS, type Event } from '@tikiti/contract';
import { useSession } from '../../../app/store';
import { routes } from '../../../app/routes';
import { Loading } from '../../../components/ui/spinner';
import { ErrorState } from '../../../components/ui/states';
import { errorMessage } from '../../../lib/api-client';
import { showAlert } from '../../../lib/alert';
import { useTitle } from '../../../lib/use-title';
import { wait } from '../../../lib/wait';
import { eventsKeys } from '../api/keys';
import { useOwnEvent } from '../api/own-event';
import { registerTickets, updateTickets } from '../api/save-tickets';
import { EventPageHeader } from '../components/event-page-header';
import { TicketRowsForm, ticketRowOf } from '../components/ticket-rows-form';

/**
 * Ticket update (spec §2, my_event_view_step_3): edit, add and remove ticket types. After a
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
              Tickets of <span className="font-medium text-ink">{event.data.title}</span>
            </>
          ) : undefined
        }
        step={{ n: 3, of: 3, label: 'Tickets' }}
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
  const set = useSession((s) => s.set);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const open = event.tickets.filter((t) => t.status !== TICKET_STATUS.deleted);

  return (
    <TicketRowsForm
      initial={open.map(ticketRowOf)}
      currency={event.currency}
      submitLabel="Update Ticket"
      onSave={async (tickets) => {
        // An event that never got tickets (a draft left at create step 3) gets its first
        // ones registered, which publishes it, as Finish Setup would have.
        const res = open.length
          ? await updateTickets(event.id, tickets)
          : await registerTickets(
              event.id,
              tickets.map(({ name, price_per_ticket, no_of_persons, max_tickets }) => ({
                name,
                price_per_ticket,
                no_of_persons,
                max_tickets,
              })),
            );
        set({ storedEvent: { ...event, tickets: res.data } });
        await queryClient.invalidateQueries({ queryKey: eventsKeys.all });
        showAlert('success', res.status_description);
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
