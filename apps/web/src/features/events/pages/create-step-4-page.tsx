import { Navigate, useNavigate } from 'react-router';
import { routes } from '../../../lib/routes';
import { Button } from '../../../components/ui/button';
import { clearAlert, showAlert } from '../../../lib/alert';
import { useSticky } from '../../../lib/use-sticky';
import { useTitle } from '../../../lib/use-title';
import { EventPageHeader } from '../components/event-page-header';
import { EventQuestions } from '../components/event-questions';
import { useEventDrafts } from '../event-drafts';

/**
 * Create event step 4 (docs/product.md#delegates-and-questions): the questions the checkout asks,
 * once the tickets exist (a question can be asked of some ticket types only). Optional: "Skip for
 * now" ends the creation as saving does, and the questions can be added later from the event's
 * card. Without a created event whose tickets are saved, go to the dashboard.
 */
export default function CreateStep4Page() {
  useTitle('Create event');
  const draft = useSticky(useEventDrafts((s) => s.draftEvent));
  const setDraftEvent = useEventDrafts((s) => s.setDraftEvent);
  const navigate = useNavigate();

  if (draft?.id === undefined || !draft.tickets_saved) return <Navigate to={routes.dashboard} replace />;
  const finish = () => {
    void navigate(routes.dashboard);
    setDraftEvent(null);
  };

  return (
    <div className="mx-auto max-w-4xl">
      <EventPageHeader
        title="Create Event"
        intro={
          <>
            Ask the buyers of <span className="font-medium text-ink">{draft.title}</span> what you need to know, once
            per booking or of each delegate. Optional: you can add questions later from the event’s card.
          </>
        }
        step={{ n: 4, of: 4, label: 'Questions' }}
      />
      <EventQuestions
        eventId={draft.id}
        submitLabel="Save and finish"
        onSaved={(saved) => {
          showAlert('success', saved.message);
          finish();
        }}
        actions={
          <Button
            variant="secondary"
            onClick={() => {
              clearAlert();
              finish();
            }}
          >
            Skip for now
          </Button>
        }
      />
    </div>
  );
}
