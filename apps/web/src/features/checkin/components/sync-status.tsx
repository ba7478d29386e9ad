import { CheckCircle2, CloudOff, RefreshCw, Wifi, WifiOff } from 'lucide-react';
import clsx from 'clsx';
import { Button } from '../../../components/ui/button';
import type { SyncConflict } from '../sync-conflict';

/** Online or not, as the door last found it. */
export function NetworkChip({ online }: { online: boolean }) {
  const Icon = online ? Wifi : WifiOff;
  return (
    <span
      className={clsx(
        'inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold',
        online ? 'bg-green-50 text-green-800' : 'bg-slate-800 text-white',
      )}
    >
      <Icon className="h-3.5 w-3.5" aria-hidden />
      {online ? 'Online' : 'Offline'}
    </span>
  );
}

/** "2 waiting to sync" (with Sync now when the network is there), "Syncing...", or "All synced". */
export function SyncStatus({
  pending,
  syncing,
  online,
  error,
  onSync,
}: {
  pending: number;
  syncing: boolean;
  online: boolean;
  error: string | null;
  onSync: () => void;
}) {
  return (
    <div
      className={clsx(
        'flex flex-wrap items-center justify-between gap-2 rounded-xl border px-4 py-3',
        pending > 0 ? 'border-amber-300 bg-amber-50' : 'border-green-200 bg-green-50',
      )}
    >
      <p role="status" aria-live="polite" className="flex items-center gap-2 font-semibold">
        {pending > 0 ? (
          <>
            <CloudOff className="h-5 w-5 text-amber-700" aria-hidden />
            {syncing ? 'Syncing...' : `${pending} waiting to sync`}
          </>
        ) : (
          <>
            <CheckCircle2 className="h-5 w-5 text-green-700" aria-hidden />
            All synced
          </>
        )}
      </p>
      {pending > 0 && online && (
        <Button size="sm" variant="secondary" onClick={onSync} busy={syncing} busyText="Syncing...">
          <RefreshCw className="h-4 w-4" aria-hidden />
          Sync now
        </Button>
      )}
      {pending > 0 && !online && <p className="text-sm text-amber-900">They sync when the network returns.</p>}
      {error && (
        <p className="w-full text-sm text-red-700" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** What the server said about scans this device admitted offline, when it disagreed. */
export function SyncConflicts({ conflicts, onDismiss }: { conflicts: SyncConflict[]; onDismiss: () => void }) {
  if (conflicts.length === 0) return null;
  return (
    <section aria-label="Sync conflicts" className="rounded-xl border border-red-300 bg-red-50 px-4 py-3">
      <div className="flex items-start justify-between gap-3">
        <h2 className="font-semibold text-red-900">
          {conflicts.length === 1
            ? 'The server disagreed about 1 scan'
            : `The server disagreed about ${conflicts.length} scans`}
        </h2>
        <Button size="sm" variant="ghost" onClick={onDismiss}>
          Dismiss
        </Button>
      </div>
      <ul className="mt-2 space-y-2">
        {conflicts.map((c) => (
          <li key={c.key} className="text-sm text-red-900">
            <p className="font-semibold">{c.message}</p>
            <p>{c.detail}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
