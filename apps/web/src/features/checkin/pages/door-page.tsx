import { useCallback, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ArrowLeft, RefreshCw, Smartphone } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { ErrorState, Skeleton } from '../../../components/ui/states';
import { countOf, formatDateRange, formatDay, formatTime } from '../../../lib/format';
import { routes } from '../../../lib/routes';
import { useTitle } from '../../../lib/use-title';
import { CameraScanner } from '../components/camera-scanner';
import { CodeForm } from '../components/code-form';
import { DoorSearch } from '../components/door-search';
import { NetworkChip, SyncConflicts, SyncStatus } from '../components/sync-status';
import { VerdictScreen } from '../components/verdict-screen';
import { registerDoorServiceWorker } from '../service-worker';
import { useDoor } from '../use-door';

/**
 * /organizer/checkin/{eventId}: the door (docs/product.md#after-the-sale), built for a phone in
 * one hand. Scan or type a code; the answer fills the screen; the count of admitted against sold
 * stays in view, and so does the sync state when the network is gone.
 */
export default function DoorPage() {
  const eventId = Number(useParams().eventId);
  const valid = Number.isInteger(eventId) && eventId > 0;
  const door = useDoor(valid ? eventId : 0);
  const { state } = door;
  const [typedAt, setTypedAt] = useState(0);
  const [lastTyped, setLastTyped] = useState(false);
  useTitle(state.kit ? `Check-in · ${state.kit.event.title}` : 'Check-in');
  useEffect(() => registerDoorServiceWorker(), []);
  // Stable, so the memoised sections draw again only when what they show changes.
  const { scan, admit } = door;
  const onCode = useCallback(
    (code: string) => {
      setLastTyped(false);
      void scan(code);
    },
    [scan],
  );
  const onTyped = useCallback(
    (code: string) => {
      setLastTyped(true);
      return scan(code);
    },
    [scan],
  );
  const onAdmit = useCallback(
    (reference: string) => {
      setLastTyped(false);
      return admit(reference);
    },
    [admit],
  );

  if (!valid || (state.phase === 'failed' && !state.kit)) {
    return (
      <div className="mx-auto max-w-xl space-y-4">
        <BackLink />
        <ErrorState
          message={valid ? (state.loadError ?? '') : 'There is no such event.'}
          onRetry={valid ? () => void door.refresh() : undefined}
        />
      </div>
    );
  }

  if (!state.kit) {
    return (
      <div className="mx-auto max-w-xl space-y-4" role="status" aria-label="Loading the ticket list">
        <BackLink />
        <Skeleton className="h-8 w-3/4" />
        <Skeleton className="h-24" />
        <Skeleton className="h-14" />
        <Skeleton className="h-40" />
      </div>
    );
  }

  const { kit } = state;
  const { counts } = kit;
  const cancelled = kit.event.status === 3;

  return (
    <div className="mx-auto max-w-xl space-y-5">
      <BackLink />
      <header className="space-y-2">
        <div className="flex flex-wrap items-center gap-2">
          <NetworkChip online={state.online} />
          <span className="inline-flex items-center gap-1.5 rounded-full bg-slate-100 px-2.5 py-1 text-xs font-semibold text-slate-700">
            <Smartphone className="h-3.5 w-3.5" aria-hidden />
            This device: {door.device}
          </span>
        </div>
        <h1 className="text-2xl font-bold leading-tight sm:text-3xl">{kit.event.title}</h1>
        <p className="text-sm text-slate-600">
          {formatDateRange(kit.event.start_time, kit.event.end_time)} · {kit.event.location}
        </p>
      </header>

      {cancelled && (
        <p className="rounded-xl bg-red-700 px-4 py-3 font-semibold text-white" role="alert">
          This event was cancelled: no ticket admits.
        </p>
      )}

      <section
        aria-label="Admitted"
        className="flex items-end justify-between gap-3 rounded-2xl bg-brand-700 px-5 py-4 text-white"
      >
        <p className="tabular-nums" data-testid="door-count">
          <span className="block text-sm font-medium text-brand-50">Admitted</span>{' '}
          <span className="text-4xl font-extrabold">{counts.tickets_admitted}</span>{' '}
          <span className="text-xl font-semibold">of {counts.tickets_sold}</span>
        </p>
        {counts.persons_sold !== counts.tickets_sold && (
          <p className="text-right text-sm text-brand-50 tabular-nums">
            {counts.persons_admitted} of {counts.persons_sold} people
          </p>
        )}
      </section>

      <SyncStatus
        pending={state.pending}
        syncing={state.syncing}
        online={state.online}
        error={state.syncError}
        onSync={() => void door.sync()}
      />
      <SyncConflicts conflicts={state.conflicts} onDismiss={door.dismissConflicts} />

      <CameraScanner paused={state.shown !== null || state.checking} onCode={onCode} />

      <CodeForm
        checking={state.checking}
        error={state.scanError}
        onEdit={door.clearScanError}
        focusKey={typedAt}
        onSubmit={onTyped}
      />

      <DoorSearch eventId={eventId} kit={kit} online={state.online} checking={state.checking} onAdmit={onAdmit} />

      <footer className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-200 pt-4 text-sm text-slate-600">
        <p>
          Ticket list on this device: {countOf(kit.tickets.length, 'ticket')}
          {state.savedAt && `, downloaded ${downloaded(state.savedAt)}`}
        </p>
        <Button size="sm" variant="ghost" onClick={() => void door.refresh()} disabled={!state.online}>
          <RefreshCw className="h-4 w-4" aria-hidden />
          Refresh list
        </Button>
      </footer>

      {state.shown && (
        <VerdictScreen
          shown={state.shown}
          onNext={() => {
            door.dismiss();
            if (lastTyped) setTypedAt((n) => n + 1);
          }}
        />
      )}
    </div>
  );
}

/** "14:03", or "Thu, 12 Mar 2026, 14:03" when it was not today. */
function downloaded(iso: string) {
  const today = formatDay(new Date().toISOString());
  return formatDay(iso) === today ? formatTime(iso) : `${formatDay(iso)}, ${formatTime(iso)}`;
}

function BackLink() {
  return (
    <Link
      to={routes.doorEvents}
      className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline"
    >
      <ArrowLeft className="h-4 w-4" aria-hidden />
      All events at the door
    </Link>
  );
}
