import { Link, Navigate, useNavigate } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { useSession } from '../../../app/store';
import { routes } from '../../../app/routes';
import { clearAlert } from '../../../lib/alert';
import { useSticky } from '../../../lib/use-sticky';
import { useTitle } from '../../../lib/use-title';
import { EventDetailsForm } from '../components/event-details-form';
import { EventPageHeader, FormPanel } from '../components/event-page-header';

/**
 * Edit step 1 (spec §2): the stored event's details, pre-filled. Changes are kept with the
 * stored event and saved by step 2.
 */
export default function EditStep1Page() {
  useTitle('Update event');
  const event = useSticky(useSession((s) => s.storedEvent));
  const set = useSession((s) => s.set);
  const navigate = useNavigate();

  if (!event) return <Navigate to={routes.myEvents} replace />;

  return (
    <div className="mx-auto max-w-3xl">
      <EventPageHeader
        title="Update Event"
        intro={
          <>
            Editing <span className="font-medium text-ink">{event.title}</span>
          </>
        }
        step={{ n: 1, of: 3, label: 'Details' }}
      />
      <FormPanel>
        <EventDetailsForm
          key={event.id}
          initial={{
            title: event.title,
            category_id: event.category_id,
            currency: 'USD',
            start_time: event.start_time,
            end_time: event.end_time,
            location: event.location,
          }}
          submitLabel="Save and continue"
          onSubmit={(details) => {
            clearAlert();
            set({ storedEvent: { ...event, ...details } });
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
