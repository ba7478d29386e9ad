import { Link, Navigate, useNavigate } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { routes } from '../../../lib/routes';
import { clearAlert } from '../../../lib/alert';
import { useSticky } from '../../../lib/use-sticky';
import { useTitle } from '../../../lib/use-title';
import { EventDetailsForm } from '../components/event-details-form';
import { EventPageHeader, FormPanel } from '../components/event-page-header';
import { detailsOf, useEventDrafts } from '../event-drafts';

/**
 * Edit step 1 (docs/product.md#organiser-side): the stored event's details, pre-filled. Changes are kept with the
 * stored event and saved by step 2.
 */
export default function EditStep1Page() {
  useTitle('Update event');
  const event = useSticky(useEventDrafts((s) => s.storedEvent));
  const setStoredEvent = useEventDrafts((s) => s.setStoredEvent);
  const navigate = useNavigate();

  if (!event) return <Navigate to={routes.myEvents} replace />;

  return (
    <div className="mx-auto max-w-3xl">
      <EventPageHeader
        title="Update Event"
        intro={
          <>
            Editing <span className="font-medium text-ink">{event.title}</span> ·{' '}
            <Link to={routes.eventOrders(event.id)} className="font-semibold text-brand-700 hover:underline">
              Orders and refunds
            </Link>{' '}
            ·{' '}
            <Link to={routes.eventQuestions(event.id)} className="font-semibold text-brand-700 hover:underline">
              Questions
            </Link>{' '}
            ·{' '}
            <Link to={routes.eventCertificates(event.id)} className="font-semibold text-brand-700 hover:underline">
              Certificates
            </Link>{' '}
            ·{' '}
            <Link to={routes.eventBadges(event.id)} className="font-semibold text-brand-700 hover:underline">
              Badges
            </Link>
          </>
        }
        step={{ n: 1, of: 3, label: 'Details' }}
      />
      <FormPanel>
        <EventDetailsForm
          key={event.id}
          initial={detailsOf(event)}
          submitLabel="Save and continue"
          onSubmit={(details) => {
            clearAlert();
            setStoredEvent({ ...event, ...details });
            void navigate(routes.eventViewStep(2));
          }}
          secondary={
            <Link
              to={routes.myEvents}
              className="inline-flex items-center justify-center gap-2 py-2 text-sm font-semibold text-slate-600 hover:text-ink hover:underline"
            >
              <ArrowLeft className="h-4 w-4" aria-hidden />
              Back to my events
            </Link>
          }
        />
      </FormPanel>
    </div>
  );
}
