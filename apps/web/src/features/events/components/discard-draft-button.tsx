import { useNavigate } from 'react-router';
import { routes } from '../../../lib/routes';
import { useEventDrafts } from '../event-drafts';

/** Discard on the create pages: drops the draft and goes back to the dashboard. */
export function DiscardDraftButton() {
  const navigate = useNavigate();
  const setDraftEvent = useEventDrafts((s) => s.setDraftEvent);
  return (
    <button
      type="button"
      onClick={() => {
        void navigate(routes.dashboard);
        setDraftEvent(null);
      }}
      className="inline-flex items-center justify-center py-2 text-sm font-semibold text-slate-600 hover:text-ink hover:underline"
    >
      Discard
    </button>
  );
}
