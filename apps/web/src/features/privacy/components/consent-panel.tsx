import type { MyData } from '@tikiti/contract';
import { Panel } from '../../../components/ui/panel';
import { errorMessage } from '../../../lib/api-client';
import { showAlert } from '../../../lib/alert';
import { useSetConsent } from '../api/my-data';

/**
 * My data: news about events, on or off (docs/security.md#consent). Off unless the person turned
 * it on here or ticked the box at checkout; each change is recorded with these words.
 */
export function ConsentPanel({ data }: { data: MyData }) {
  const setConsent = useSetConsent();
  const toggle = async (marketing: boolean) => {
    try {
      showAlert('success', (await setConsent.mutateAsync(marketing)).message);
    } catch (err) {
      showAlert('danger', errorMessage(err));
    }
  };
  return (
    <Panel
      title="News about events"
      intro="We never send news unless you ask for it. Every news mail has a link to stop it."
    >
      <label className="mt-4 flex cursor-pointer items-start gap-3 rounded-xl border border-slate-300 p-4 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600/30">
        <input
          type="checkbox"
          className="mt-1 h-4 w-4 accent-brand-700"
          checked={data.marketing_consent}
          disabled={setConsent.isPending}
          onChange={(e) => void toggle(e.target.checked)}
        />
        <span className="text-sm text-slate-700">{data.consent_wording}</span>
      </label>
    </Panel>
  );
}
