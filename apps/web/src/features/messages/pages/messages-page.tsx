import { Link, useParams } from 'react-router';
import { MESSAGE_LIMITS } from '@tikiti/contract';
import { Panel } from '../../../components/ui/panel';
import { ErrorState, Skeleton } from '../../../components/ui/states';
import { errorMessage } from '../../../lib/api-client';
import { routes } from '../../../lib/routes';
import { useTitle } from '../../../lib/use-title';
import { useOwnEvent } from '../../events';
import { useMessages } from '../api/messages';
import { MessageForm } from '../components/message-form';
import { MessageList } from '../components/message-list';

/**
 * /organizer/event/{id}/messages (docs/product.md#messages-to-attendees): a new message to the
 * event's attendees, and the messages sent or scheduled with their deliveries. Reached from the
 * event's card; a bookmarked address works.
 */
export default function MessagesPage() {
  useTitle('Messages');
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const event = useOwnEvent(valid ? id : 0);
  const list = useMessages(valid ? id : 0);
  if (!valid) return <ErrorState message="This address does not name an event." />;
  const sentToday = list.data?.sent_today ?? 0;
  const left = Math.max(0, MESSAGE_LIMITS.perEventPerDay - sentToday);
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Messages</h1>
        <div className="mt-1 text-slate-600">
          {event.data && (
            <>
              To the attendees of <span className="font-medium text-ink">{event.data.title}</span> ·{' '}
            </>
          )}
          <Link to={routes.eventOrders(id)} className="font-semibold text-brand-700 hover:underline">
            Orders and attendees
          </Link>
        </div>
      </header>
      <Panel
        title="New message"
        intro={
          list.data
            ? `${sentToday} of ${MESSAGE_LIMITS.perEventPerDay} messages sent today. Every mail carries your name and a link to stop your messages.`
            : 'Every mail carries your name and a link to stop your messages.'
        }
      >
        <div className="mt-5">
          <MessageForm
            eventId={id}
            ticketTypes={(event.data?.tickets ?? []).map((t) => ({ id: t.id, name: t.name }))}
            left={list.data ? left : MESSAGE_LIMITS.perEventPerDay}
          />
        </div>
      </Panel>
      <section aria-labelledby="sent-heading">
        <h2 id="sent-heading" className="mb-3 text-lg font-bold">
          Sent and scheduled
        </h2>
        {list.isPending ? (
          <div className="space-y-3" role="status" aria-label="Loading messages">
            <Skeleton className="h-24" />
            <Skeleton className="h-24" />
          </div>
        ) : list.isError ? (
          <ErrorState message={errorMessage(list.error)} onRetry={() => void list.refetch()} />
        ) : (
          <MessageList eventId={id} messages={list.data.data} />
        )}
      </section>
    </div>
  );
}
