import { Laptop, Smartphone } from 'lucide-react';
import type { AccountSession } from '@tikiti/contract';
import { Button } from '../../../../components/ui/button';
import { Panel } from '../../../../components/ui/panel';
import { Loading } from '../../../../components/ui/spinner';
import { EmptyState, ErrorState } from '../../../../components/ui/states';
import { errorMessage } from '../../../../lib/api-client';
import { showAlert } from '../../../../lib/alert';
import { formatDay, formatTime } from '../../../../lib/format';
import { useEndOtherSessions, useEndSession, useSessions } from '../../api/account-security';

const when = (iso: string) => `${formatDay(iso)}, ${formatTime(iso)}`;
const isPhone = (device: string) => /iPhone|iPad|Android/.test(device);

function SessionRow({ session, ending, onEnd }: { session: AccountSession; ending: boolean; onEnd: () => void }) {
  const Icon = isPhone(session.device) ? Smartphone : Laptop;
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 items-start gap-3">
        <Icon className="mt-0.5 h-5 w-5 shrink-0 text-slate-500" aria-hidden />
        <div className="min-w-0">
          <p className="font-medium text-ink">
            {session.device}
            {session.current && (
              <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700">
                This device
              </span>
            )}
          </p>
          <p className="text-sm text-slate-600">
            {session.address || 'Unknown address'} · signed in {when(session.created_at)}
          </p>
          <p className="text-sm text-slate-500">Last active {when(session.last_used_at)}</p>
        </div>
      </div>
      {!session.current && (
        <Button
          size="sm"
          variant="secondary"
          className="text-red-700 hover:bg-red-50"
          busy={ending}
          busyText="Ending..."
          aria-label={`End the session on ${session.device}`}
          onClick={onEnd}
        >
          End session
        </Button>
      )}
    </li>
  );
}

/** Settings, Security: where the account is signed in, and ending any of it (docs/product.md#account-security). */
export function SessionsPanel() {
  const sessions = useSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const run = async (action: () => Promise<string>) => {
    try {
      showAlert('success', await action());
    } catch (err) {
      showAlert('danger', errorMessage(err));
    }
  };
  let body;
  if (sessions.isPending) body = <Loading />;
  else if (sessions.isError)
    body = <ErrorState message={errorMessage(sessions.error)} onRetry={() => void sessions.refetch()} />;
  else if (sessions.data.length === 0)
    body = <EmptyState title="No open sessions">Sign in again to see this device here.</EmptyState>;
  else {
    const others = sessions.data.filter((s) => !s.current).length;
    body = (
      <>
        <ul aria-label="Sessions" className="mt-2 divide-y divide-slate-200">
          {sessions.data.map((s) => (
            <SessionRow
              key={s.id}
              session={s}
              ending={endOne.isPending && endOne.variables === s.id}
              onEnd={() => void run(() => endOne.mutateAsync(s.id))}
            />
          ))}
        </ul>
        {others > 0 ? (
          <Button
            variant="secondary"
            className="mt-2"
            busy={endOthers.isPending}
            busyText="Ending..."
            onClick={() => void run(() => endOthers.mutateAsync())}
          >
            End all other sessions
          </Button>
        ) : (
          <p className="mt-2 text-sm text-slate-500">You are signed in on this device only.</p>
        )}
      </>
    );
  }
  return (
    <Panel
      title="Where you are signed in"
      intro="Sessions end after 12 hours unused and 30 days at most. End any you do not recognise."
    >
      {body}
    </Panel>
  );
}
