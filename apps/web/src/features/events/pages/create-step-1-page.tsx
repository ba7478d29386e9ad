import { useNavigate } from 'react-router';
import { routes } from '../../../lib/routes';
import { Alert } from '../../../components/ui/alert';
import { clearAlert } from '../../../lib/alert';
import { useTitle } from '../../../lib/use-title';
import { EventDetailsForm } from '../components/event-details-form';
import { DiscardDraftButton } from '../components/discard-draft-button';
import { EventPageHeader } from '../components/event-page-header';
import { useEventDrafts } from '../event-drafts';

/** Create event step 1 (docs/product.md#organiser-side): the details, held in client state until step 2 creates the event. */
export default function CreateStep1Page() {
  useTitle('Create event');
  const draft = useEventDrafts((s) => s.draftEvent);
  const setDraftEvent = useEventDrafts((s) => s.setDraftEvent);
  const navigate = useNavigate();

  return (
    <div className="mx-auto max-w-3xl">
      <EventPageHeader
        title="Create Event"
        intro="Start with the essentials. You add the image and description next, then the tickets."
        step={{ n: 1, of: 4, label: 'Details' }}
      />
      {draft?.id && (
        <Alert type="primary" className="mb-6">
          You are continuing the event you started, “{draft.title}”.{' '}
          <button type="button" className="font-semibold underline" onClick={() => setDraftEvent(null)}>
            Start a new event instead
          </button>
        </Alert>
      )}
      <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        <EventDetailsForm
          key={draft?.id ?? 'new'}
          initial={draft}
          submitLabel="Save and continue"
          onSubmit={(details) => {
            clearAlert();
            setDraftEvent({ ...draft, ...details });
            void navigate(routes.eventStep(2));
          }}
          secondary={<DiscardDraftButton />}
        />
      </div>
    </div>
  );
}
