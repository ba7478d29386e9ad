import { useNavigate } from 'react-router';
import { useSession } from '../../../app/store';
import { routes } from '../../../app/routes';

/** Discard on the create pages: drops the draft and goes back to the dashboard. */
export function DiscardDraftButton() {
  const navigate = useNavigate();
  const set = useSession((s) => s.set);
  return (
    <button
      type="button"
      onClick={() => {
        void navigate(routes.dashboard);
        set({ draftEvent: null });
      }}
      className="inline-flex items-center justify-center py-2 text-sm font-semibold text-slate-600 hover:text-ink hover:underline"
    >
      Discard
    </button>
  );
}
