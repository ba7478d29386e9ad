import { createStore, type StoreApi } from 'zustand/vanilla';
import {
  MAX_SYNC_SCANS,
  type CheckInAnswer,
  type DoorKit,
  type DoorVerdict,
  type SyncCheckInsAnswer,
} from '@tikiti/contract';
import { ApiError, errorMessage, isRetryable } from '../../lib/api-client';
import { fetchDoorKit, postCheckIn, postSync } from './api/door-api';
import { newLocalId } from './device-id';
import { doorStore, type DoorStore, type PendingScan } from './door-store';
import { admitLocally, localVerdict, onServerClock, settleTickets } from './local-verdict';
import { conflictOf, type SyncConflict } from './sync-conflict';

/**
 * The door's engine (docs/decisions/0013-door-page-offline.md), outside React: one controller per
 * event holds the scan, sync and download steps and keeps what the page shows in a zustand store,
 * which the page only reads (`use-door.ts`). Online, each scan goes to the server, which has the
 * last word. Without network (the browser says so, or a call cannot reach the server) the scan is
 * answered from the kit on the device and, when admitted, queued; the queue syncs oldest first,
 * in batches of MAX_SYNC_SCANS, as soon as the network returns. One step at a time, so a scan
 * never races a sync or a download over the local copy.
 */

/** A verdict on screen. */
export interface Shown {
  verdict: DoorVerdict;
  /** Answered from this device's copy, not by the server. */
  offline: boolean;
  /** The code is of a newer format than this app reads. */
  outdated: boolean;
}

export type { SyncConflict } from './sync-conflict';

export interface DoorState {
  phase: 'loading' | 'ready' | 'failed';
  loadError: string | null;
  kit: DoorKit | null;
  /** When the kit was last downloaded. */
  savedAt: string | null;
  online: boolean;
  pending: number;
  syncing: boolean;
  syncError: string | null;
  conflicts: SyncConflict[];
  shown: Shown | null;
  /** A scan being answered. */
  checking: boolean;
  scanError: string | null;
}

export interface DoorController {
  readonly eventId: number;
  /** This device's door name ("Door 3F9K"). */
  readonly device: string;
  /** What the page shows; it changes only through the controller. */
  readonly store: StoreApi<DoorState>;
  /** Opens the door: the copy on the device, a fresh download, the network's comings and goings, retries. Answers the stop. */
  start(): () => void;
  /** Answers a scanned code or a typed reference; false when no verdict could be given (the reason is `scanError`). */
  scan(raw: string): Promise<boolean>;
  sync(): Promise<void>;
  /** Downloads the kit again; false when it could not. */
  refresh(): Promise<boolean>;
  dismiss(): void;
  dismissConflicts(): void;
  clearScanError(): void;
}

const EMPTY = 'Enter the reference printed on the ticket';

const NO_KIT_OFFLINE =
  'This device has no ticket list for this event yet. Connect to the internet once to download it.';

const CANNOT_VERIFY = 'This browser cannot check ticket codes without the network. Reconnect, or update the browser.';

/** Longer input is no code (docs/ticket-codes.md#strict-reading): the server is not asked. */
const MAX_CODE_LENGTH = 512;

/**
 * How long a scan waits for the server before the device answers it itself: a person at the door
 * must not wait on a slow network. (Should the server have admitted it after all, the sync finds
 * it admitted by this very device and says nothing.)
 */
export const SLOW_MS = 4_000;
/** How often the door tries again while scans wait or the server could not be reached. */
export const RETRY_MS = 15_000;
/** How often, online, the door downloads its kit again (other doors' check-ins, refunds), so that it is fresh when the network goes. */
export const REFRESH_MS = 5 * 60_000;

/** False when the server could not be reached: no answer, or one that says nothing about the request. */
const reachable = (err: unknown) => !(isRetryable(err) && (!(err instanceof ApiError) || err.status === 0));

/** The tickets a verdict speaks of: those it admitted, else the one it names. */
const ticketsOf = (v: DoorVerdict) => (v.ticket_ids.length ? v.ticket_ids : v.ticket ? [v.ticket.id] : []);

const initialState = (): DoorState => ({
  phase: 'loading',
  loadError: null,
  kit: null,
  savedAt: null,
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
  pending: 0,
  syncing: false,
  syncError: null,
  conflicts: [],
  shown: null,
  checking: false,
  scanError: null,
});

/** The call's answer, or, after `ms`, the unreachable-server error (and the call is abandoned). */
function answerWithin<T>(ms: number, call: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new ApiError(0, 'Tikiti is slow to answer'));
    }, ms);
  });
  return Promise.race([call(controller.signal), late]).finally(() => clearTimeout(timer));
}

export function createDoorController(eventId: number, device: string): DoorController {
  const store = createStore<DoorState>()(initialState);
  const get = store.getState;
  /** Changes what the page shows; a change to nothing new draws nothing (each draw is the whole door page). */
  const patch = (p: Partial<DoorState>) => {
    const now = get();
    if ((Object.keys(p) as (keyof DoorState)[]).some((k) => !Object.is(now[k], p[k]))) store.setState(p);
  };
  const setOnline = (online: boolean) => patch({ online });

  let chain: Promise<unknown> = Promise.resolve();
  /** Runs steps one after another. */
  function serial<T>(step: () => Promise<T>): Promise<T> {
    const next = chain.then(step, step);
    chain = next.catch(() => undefined);
    return next;
  }

  async function keepKit(kit: DoorKit, savedAt?: string) {
    patch({ kit });
    const local = await doorStore();
    // The download time this device already knows: reading the stored kit back for it would
    // cost as much as writing it (docs/scaling.md, the door).
    const at = savedAt ?? get().savedAt ?? (await local.getKit(eventId))?.saved_at ?? new Date().toISOString();
    await local.putKit({ event_id: eventId, kit, saved_at: at });
    patch({ savedAt: at });
  }

  // Sync.

  /** The sync step itself (run through `serial`). */
  async function syncWaiting() {
    const local = await doorStore();
    if ((await local.countPending(eventId)) === 0) return;
    patch({ syncing: true, syncError: null });
    try {
      await sendWaiting(local);
    } catch (err) {
      if (!reachable(err)) setOnline(false);
      else patch({ syncError: errorMessage(err) });
    } finally {
      patch({ syncing: false });
    }
  }

  const sync = () => serial(syncWaiting);

  /** The event's waiting scans to the server, oldest first, a batch at a time, each moved onto the server's clock. */
  async function sendWaiting(local: DoorStore) {
    const saved = await local.getKit(eventId);
    const serverTime = (at: string) => (saved ? onServerClock(at, saved.kit.generated_at, saved.saved_at) : at);
    for (;;) {
      const batch = await local.pendingScans(eventId, MAX_SYNC_SCANS);
      if (batch.length === 0) return;
      const answer = await postSync(eventId, {
        device_id: device,
        scans: batch.map(({ local_id, code, scanned_at }) => ({ local_id, code, scanned_at: serverTime(scanned_at) })),
      });
      setOnline(true);
      if ((await takeSyncAnswer(local, batch, answer)) === 0) return;
    }
  }

  /** The server's word on a batch: answered scans leave the queue, the kit takes its check-ins, disagreements are shown. Answers how many were answered. */
  async function takeSyncAnswer(local: DoorStore, batch: PendingScan[], answer: SyncCheckInsAnswer) {
    let kit = get().kit;
    const found: SyncConflict[] = [];
    for (const result of answer.results) {
      if (kit && (result.result === 'admitted' || result.result === 'already_checked_in')) {
        kit = settleTickets(kit, ticketsOf(result), result.checked_in_at, result.checked_in_device);
      }
      const conflict = conflictOf(result, device);
      if (conflict) found.push(conflict);
    }
    const answered = new Set(answer.results.map((r) => r.local_id));
    await local.removeScans(batch.filter((s) => answered.has(s.local_id)).map((s) => s.local_id));
    if (kit) await keepKit({ ...kit, counts: answer.counts });
    const pending = await local.countPending(eventId);
    store.setState((s) => ({ pending, conflicts: [...found, ...s.conflicts] }));
    return answered.size;
  }

  // Download.

  /** Downloads the kit again; this device's unsynced admissions stay admitted on top of it. */
  const refresh = () =>
    serial(async () => {
      const local = await doorStore();
      try {
        let kit = await fetchDoorKit(eventId);
        setOnline(true);
        const waiting = await local.pendingScans(eventId);
        for (const scan of waiting) kit = admitLocally(kit, scan.ticket_ids, scan.scanned_at, device);
        await keepKit(kit, new Date().toISOString());
        patch({ phase: 'ready', loadError: null, pending: waiting.length });
        return true;
      } catch (err) {
        if (!reachable(err)) setOnline(false);
        if (!get().kit) patch({ phase: 'failed', loadError: reachable(err) ? errorMessage(err) : NO_KIT_OFFLINE });
        return false;
      }
    });

  // Scan.

  const scan = (raw: string) =>
    serial(async (): Promise<boolean> => {
      const code = raw.trim();
      if (!code) {
        patch({ scanError: EMPTY });
        return false;
      }
      const asking = get().online && code.length <= MAX_CODE_LENGTH;
      // "Checking…" while the server is asked; the device's own answer comes before it would show.
      patch({ checking: asking, scanError: null });
      try {
        if (asking) {
          const answered = await scanOnline(code);
          if (answered !== 'unreachable') return answered;
        }
        return await scanOffline(code);
      } catch (err) {
        patch({ scanError: errorMessage(err) });
        return false;
      } finally {
        patch({ checking: false });
      }
    });

  /** The server's verdict, shown; false when it refused the request; 'unreachable' when the device must answer. */
  async function scanOnline(code: string): Promise<boolean | 'unreachable'> {
    let answer: CheckInAnswer;
    try {
      answer = await answerWithin(SLOW_MS, (signal) => postCheckIn(eventId, { code, device_id: device }, signal));
    } catch (err) {
      if (reachable(err)) {
        patch({ scanError: errorMessage(err) });
        return false;
      }
      if (err instanceof ApiError && err.status === 0) setOnline(false);
      return 'unreachable';
    }
    setOnline(true);
    const { verdict, counts } = answer;
    const kit = get().kit;
    if (kit) {
      let next = settleTickets(kit, ticketsOf(verdict), verdict.checked_in_at, verdict.checked_in_device);
      // What the server knows and the kit did not yet: the device refuses the code alike offline.
      const refusal = verdict.result === 'refunded' ? 'revoked' : verdict.result === 'reissued' ? 'reissued' : null;
      if (refusal && verdict.ticket) {
        const id = verdict.ticket.id;
        next = { ...next, tickets: next.tickets.map((t) => (t.id === id ? { ...t, [refusal]: true } : t)) };
      }
      // Shown first, then stored: the kit is the whole ticket list, slow to write (docs/scaling.md, the door).
      const kept = { ...next, counts };
      patch({ kit: kept, shown: { verdict, offline: false, outdated: false } });
      await keepKit(kept);
    } else {
      patch({ shown: { verdict, offline: false, outdated: false } });
    }
    // The network is back: whatever waits goes now (queued behind this step).
    if ((await (await doorStore()).countPending(eventId)) > 0) void sync();
    return true;
  }

  /**
   * The device's verdict from its kit; an admission is stored (to sync later) before it is shown.
   * The waiting scan is what is stored: the kit on the device is not written again for each
   * admission (20,000 tickets copied into IndexedDB per scan, hundreds of milliseconds on a phone,
   * docs/scaling.md, the door); opening the door lays the waiting scans over it (`openSaved`), as a
   * download does, and the next sync or download stores it whole.
   */
  async function scanOffline(code: string): Promise<boolean> {
    const kit = get().kit;
    if (!kit) {
      patch({ scanError: NO_KIT_OFFLINE });
      return false;
    }
    const now = new Date();
    const local = await localVerdict(kit, code, device, now);
    if (local.unchecked) {
      patch({ scanError: CANNOT_VERIFY });
      return false;
    }
    const { verdict } = local;
    if (verdict.result === 'admitted') {
      const waiting = await doorStore();
      const at = now.toISOString();
      await waiting.addScan({
        local_id: newLocalId(),
        event_id: eventId,
        code,
        scanned_at: at,
        ticket_ids: verdict.ticket_ids,
        persons: verdict.persons,
      });
      // One more waiting: this step is the only one that changes the queue meanwhile (`serial`).
      patch({ kit: admitLocally(kit, verdict.ticket_ids, at, device), pending: get().pending + 1 });
    }
    patch({ shown: { verdict, offline: true, outdated: local.outdated } });
    return true;
  }

  // Open and keep going.

  /** The copy on this device first, with this device's waiting admissions on it: it answers at once, even offline. */
  const openSaved = () =>
    serial(async () => {
      const local = await doorStore();
      const saved = await local.getKit(eventId);
      const waiting = await local.pendingScans(eventId);
      if (!saved) return patch({ pending: waiting.length });
      let kit = saved.kit;
      for (const scan of waiting) kit = admitLocally(kit, scan.ticket_ids, scan.scanned_at, device);
      patch({ phase: 'ready', kit, savedAt: saved.saved_at, pending: waiting.length });
    });

  /** The network comes and goes. */
  function followNetwork() {
    const up = () => {
      setOnline(true);
      void sync();
      void refresh();
    };
    const down = () => setOnline(false);
    window.addEventListener('online', up);
    window.addEventListener('offline', down);
    return () => {
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
    };
  }

  /**
   * Scans waiting, or the server out of reach while the browser thinks it is online: try again
   * every RETRY_MS. Online: download the kit every REFRESH_MS, so the copy is fresh when the
   * network goes. Each timer starts again when what it depends on changes.
   */
  function keepTrying() {
    let retry: ReturnType<typeof setInterval> | undefined;
    let fresh: ReturnType<typeof setInterval> | undefined;
    const planRetry = ({ pending, online }: DoorState) => {
      clearInterval(retry);
      retry = undefined;
      if (pending === 0 && online) return;
      retry = setInterval(() => {
        if (!navigator.onLine) return;
        if (get().pending > 0) void sync();
        else void refresh();
      }, RETRY_MS);
    };
    const planRefresh = ({ online }: DoorState) => {
      clearInterval(fresh);
      fresh = online ? setInterval(() => void refresh(), REFRESH_MS) : undefined;
    };
    planRetry(get());
    planRefresh(get());
    const unsubscribe = store.subscribe((now, before) => {
      if (now.pending !== before.pending || now.online !== before.online) planRetry(now);
      if (now.online !== before.online) planRefresh(now);
    });
    return () => {
      unsubscribe();
      clearInterval(retry);
      clearInterval(fresh);
    };
  }

  return {
    eventId,
    device,
    store,
    start() {
      if (eventId <= 0) return () => {};
      store.setState(initialState());
      // Queued at once, in this order, so that anything asked of the door later comes after them.
      void openSaved();
      const downloaded = refresh();
      void serial(async () => {
        if (await downloaded) await syncWaiting();
      });
      const stops = [followNetwork(), keepTrying()];
      return () => stops.forEach((stop) => stop());
    },
    scan,
    sync,
    refresh,
    dismiss: () => patch({ shown: null }),
    dismissConflicts: () => patch({ conflicts: [] }),
    clearScanError: () => patch({ scanError: null }),
  };
}
