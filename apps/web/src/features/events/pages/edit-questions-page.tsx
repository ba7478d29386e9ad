import { Link, useParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { routes } from '../../../lib/routes';
import { ErrorState } from '../../../components/ui/states';
import { showAlert } from '../../../lib/alert';
import { useTitle } from '../../../lib/use-title';
import { useOwnEvent } from '../api/own-event';
import { EventPageHeader } from '../components/event-page-header';
import { EventQuestions } from '../components/event-questions';

/**
 * The questions of an event (docs/product.md#delegates-and-questions), reached from its card and
 * its edit pages like the ticket update page: add, reorder, edit, preview, save. A bookmarked
 * address works (the event and its questions are fetched).
 */
export default function EditQuestionsPage() {
  useTitle('Questions');
  const id = Number(useParams().id);
  const event = useOwnEvent(id);
  if (!Number.isInteger(id) || id <= 0) return <ErrorState message="This address does not name an event." />;
  return (
    <div className="mx-auto max-w-4xl">
      <EventPageHeader
        title="Questions"
        intro={
          <>
            {event.data && (
              <>
                Asked at checkout for <span className="font-medium text-ink">{event.data.title}</span> ·{' '}
              </>
            )}
            <Link to={routes.eventTickets(id)} className="font-semibold text-brand-700 hover:underline">
              Tickets
            </Link>{' '}
            ·{' '}
            <Link to={routes.eventOrders(id)} className="font-semibold text-brand-700 hover:underline">
              Orders and attendees
            </Link>{' '}
            ·{' '}
            <Link to={routes.eventCertificates(id)} className="font-semibold text-brand-700 hover:underline">
              Certificates
            </Link>
          </>
        }
      />
      <EventQuestions
        eventId={id}
        submitLabel="Save questions"
        onSaved={(saved) => showAlert('success', saved.message)}
        actions={
          <Link
            to={routes.myEvents}
            className="inline-flex items-center justify-center gap-2 py-2 text-sm font-semibold text-slate-600 hover:text-ink hover:underline"
          >
            <ArrowLeft className="h-4 w-4" aria-hidden />
            Back to my events
          </Link>
        }
      />
    </div>
  );
}
