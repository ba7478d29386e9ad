import { useCallback, useEffect, useRef, useState } from 'react';
import { MAX_SYNC_SCANS, type DoorKit, type DoorVerdict } from '@tikiti/contract';
import { ApiError, errorMessage, isRetryable } from '../../lib/api-client';
import { formatTime } from '../../lib/format';
import { fetchDoorKit, postCheckIn, postSync } from './api/door-api';
import { doorDeviceId, newLocalId } from './device-id';
import { doorStore, type PendingScan } from './door-store';
import { admitLocally, localVerdict, onServerClock, settleTickets } from './local-verdict';

/**
 * The door's engine (docs/decisions/0013-door-page-offline.md). Online, each scan goes to the
 * server, which has the last word. Without network (the browser says so, or a call cannot reach
 * the server) the scan is answered from the kit on the device and, when admitted, queued; the
 * queue syncs oldest first, in batches of MAX_SYNC_SCANS, as soon as the network returns. One
 * step at a time, so a scan never races a sync or a download over the local copy.
 */

/** A verdict on screen. */
export interface Shown {
  verdict: DoorVerdict;
  /** Answered from this device's copy, not by the server. */
  offline: boolean;
  /** The code is of a newer format than this app reads. */
  outdated: boolean;
}

/** What the server said about a scan this device had admitted offline, when it disagrees. */
export interface SyncConflict {
  key: string;
  message: string;
  detail: string;
}

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

const NO_KIT_OFFLINE =
  'This device has no ticket list for this event yet. Connect to the internet once to download it.';

const CANNOT_VERIFY = 'This browser cannot check ticket codes without the network. Reconnect, or update the browser.';

const reachable = (err: unknown) => !(isRetryable(err) && (!(err instanceof ApiError) || err.status === 0));

/** The tickets a verdict speaks of: those it admitted, else the one it names. */
const ticketsOf = (v: DoorVerdict) => (v.ticket_ids.length ? v.ticket_ids : v.ticket ? [v.ticket.id] : []);

/** What the server said, as a conflict to show on `device`, or null when it agrees (or names this device's own earlier check-in). */
function conflictOf(result: DoorVerdict & { local_id: string }, device: string): SyncConflict | null {
  if (result.result === 'already_checked_in' && result.checked_in_device === device) return null;
  const who = result.ticket
    ? `${result.ticket.holder_name} · ${result.ticket.ticket_type}`
    : 'A code this device admitted';
  const at = (iso: string | null) => (iso ? ` at ${formatTime(iso)}` : '');
  switch (result.result) {
    case 'admitted':
      return result.conflict
        ? {
            key: result.local_id,
            message: `This ticket was also admitted on ${result.conflict.device}; this device was first`,
            detail: `${who}${at(result.conflict.scanned_at)} there`,
          }
        : null;
    case 'already_checked_in':
      return {
        key: result.local_id,
        message: `This ticket was admitted earlier on ${result.checked_in_device ?? result.conflict?.device ?? 'another device'}`,
        detail: `${who}${at(result.checked_in_at)}`,
      };
    case 'refunded':
      return { key: result.local_id, message: 'This ticket was refunded: it no longer admits', detail: who };
    default:
      return { key: result.local_id, message: 'The server did not accept a code this device admitted', detail: who };
  }
}

const initial: DoorState = {
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
};

/**
 * How long a scan waits for the server before the device answers it itself: a person at the door
 * must not wait on a slow network. (Should the server have admitted it after all, the sync finds
 * it admitted by this very device and says nothing.)
 */
export const SLOW_MS = 4_000;

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

/** How often the door tries again while scans wait or the server could not be reached. */
export const RETRY_MS = 15_000;
/** How often, online, the door downloads its kit again (other doors' check-ins, refunds), so that it is fresh when the network goes. */
export const REFRESH_MS = 5 * 60_000;

export function useDoor(eventId: number) {
  const [state, setState] = useState<DoorState>(initial);
  const [device] = useState(doorDeviceId);
  const kitRef = useRef<DoorKit | null>(null);
  const onlineRef = useRef(initial.online);
  const chain = useRef<Promise<unknown>>(Promise.resolve());
  const live = useRef(true);

  const patch = useCallback((p: Partial<DoorState>) => {
    if (live.current) setState((s) => ({ ...s, ...p }));
  }, []);
  const setOnline = useCallback(
    (online: boolean) => {
      onlineRef.current = online;
      patch({ online });
    },
    [patch],
  );

  /** Runs steps one after another. */
  const serial = useCallback(<T>(step: () => Promise<T>): Promise<T> => {
    const next = chain.current.then(step, step);
    chain.current = next.catch(() => undefined);
    return next;
  }, []);

  const keepKit = useCallback(
    async (kit: DoorKit, savedAt?: string) => {
      kitRef.current = kit;
      const store = await doorStore();
      const at = savedAt ?? (await store.getKit(eventId))?.saved_at ?? new Date().toISOString();
      await store.putKit({ event_id: eventId, kit, saved_at: at });
      patch({ kit, savedAt: at });
    },
    [eventId, patch],
  );

  const sync = useCallback(
    () =>
      serial(async () => {
        const store = await doorStore();
        if ((await store.countPending(eventId)) === 0) return;
        patch({ syncing: true, syncError: null });
        try {
          const saved = await store.getKit(eventId);
          const serverTime = (at: string) => (saved ? onServerClock(at, saved.kit.generated_at, saved.saved_at) : at);
          for (;;) {
            const batch: PendingScan[] = await store.pendingScans(eventId, MAX_SYNC_SCANS);
            if (batch.length === 0) break;
            const answer = await postSync(eventId, {
              device_id: device,
              scans: batch.map(({ local_id, code, scanned_at }) => ({
                local_id,
                code,
                scanned_at: serverTime(scanned_at),
              })),
            });
            setOnline(true);
            let kit = kitRef.current;
            const found: SyncConflict[] = [];
            for (const result of answer.results) {
              if (kit && (result.result === 'admitted' || result.result === 'already_checked_in')) {
                kit = settleTickets(kit, ticketsOf(result), result.checked_in_at, result.checked_in_device);
              }
              const conflict = conflictOf(result, device);
              if (conflict) found.push(conflict);
            }
            const answered = new Set(answer.results.map((r) => r.local_id));
            await store.removeScans(batch.filter((s) => answered.has(s.local_id)).map((s) => s.local_id));
            if (kit) await keepKit({ ...kit, counts: answer.counts });
            const pending = await store.countPending(eventId);
            if (live.current) setState((s) => ({ ...s, pending, conflicts: [...found, ...s.conflicts] }));
            if (answered.size === 0) break;
          }
        } catch (err) {
          if (!reachable(err)) setOnline(false);
          else patch({ syncError: errorMessage(err) });
        } finally {
          patch({ syncing: false });
        }
      }),
    [device, eventId, keepKit, patch, serial, setOnline],
  );

  /** Downloads the kit again; this device's unsynced admissions stay admitted on top of it. */
  const refresh = useCallback(
    () =>
      serial(async () => {
        const store = await doorStore();
        try {
          let kit = await fetchDoorKit(eventId);
          setOnline(true);
          const waiting = await store.pendingScans(eventId);
          for (const scan of waiting) kit = admitLocally(kit, scan.ticket_ids, scan.scanned_at, device);
          await keepKit(kit, new Date().toISOString());
          patch({ phase: 'ready', loadError: null, pending: waiting.length });
          return true;
        } catch (err) {
          if (!reachable(err)) setOnline(false);
          if (!kitRef.current) {
            patch({ phase: 'failed', loadError: reachable(err) ? errorMessage(err) : NO_KIT_OFFLINE });
          }
          return false;
        }
      }),
    [device, eventId, keepKit, patch, serial, setOnline],
  );

  const scan = useCallback(
    (raw: string) =>
      serial(async (): Promise<boolean> => {
        const code = raw.trim();
        if (!code) {
          patch({ scanError: 'Enter a ticket code' });
          return false;
        }
        patch({ checking: true, scanError: null });
        try {
          if (onlineRef.current && code.length <= 512) {
            try {
              const answer = await answerWithin(SLOW_MS, (signal) =>
                postCheckIn(eventId, { code, device_id: device }, signal),
              );
              setOnline(true);
              const { verdict } = answer;
              const kit = kitRef.current;
              if (kit) {
                let next = settleTickets(kit, ticketsOf(verdict), verdict.checked_in_at, verdict.checked_in_device);
                if (verdict.result === 'refunded' && verdict.ticket) {
                  const id = verdict.ticket.id;
                  next = { ...next, tickets: next.tickets.map((t) => (t.id === id ? { ...t, revoked: true } : t)) };
                }
                await keepKit({ ...next, counts: answer.counts });
              }
              patch({ shown: { verdict, offline: false, outdated: false } });
              // The network is back: whatever waits goes now (queued behind this step).
              if ((await (await doorStore()).countPending(eventId)) > 0) void sync();
              return true;
            } catch (err) {
              if (reachable(err)) {
                patch({ scanError: errorMessage(err) });
                return false;
              }
              if (err instanceof ApiError && err.status === 0) setOnline(false);
            }
          }
          const kit = kitRef.current;
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
            const store = await doorStore();
            const at = now.toISOString();
            await store.addScan({
              local_id: newLocalId(),
              event_id: eventId,
              code,
              scanned_at: at,
              ticket_ids: verdict.ticket_ids,
              persons: verdict.persons,
            });
            await keepKit(admitLocally(kit, verdict.ticket_ids, at, device));
            patch({ pending: await store.countPending(eventId) });
          }
          patch({ shown: { verdict, offline: true, outdated: local.outdated } });
          return true;
        } finally {
          patch({ checking: false });
        }
      }),
    [device, eventId, keepKit, patch, serial, setOnline, sync],
  );

  // Open: the copy on this device first (it answers at once, even offline), then a fresh download.
  useEffect(() => {
    live.current = true;
    kitRef.current = null;
    setState({ ...initial, online: navigator.onLine });
    onlineRef.current = navigator.onLine;
    void serial(async () => {
      const store = await doorStore();
      const saved = await store.getKit(eventId);
      const pending = await store.countPending(eventId);
      if (saved) {
        kitRef.current = saved.kit;
        patch({ phase: 'ready', kit: saved.kit, savedAt: saved.saved_at, pending });
      } else patch({ pending });
    });
    if (eventId > 0) void refresh().then((ok) => (ok ? sync() : undefined));
    return () => {
      live.current = false;
    };
  }, [eventId, patch, refresh, serial, sync]);

  // The network comes and goes.
  useEffect(() => {
    const up = () => {
      setOnline(true);
      void sync().then(() => refresh());
    };
    const down = () => setOnline(false);
    window.addEventListener('online', up);
    window.addEventListener('offline', down);
    return () => {
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
    };
  }, [refresh, setOnline, sync]);

  // Scans waiting, or the server out of reach while the browser thinks it is online: try again now and then.
  const { pending, online } = state;
  useEffect(() => {
    if ((pending === 0 && online) || eventId <= 0) return;
    const timer = setInterval(() => {
      if (!navigator.onLine) return;
      if (pending > 0) void sync();
      else void refresh();
    }, RETRY_MS);
    return () => clearInterval(timer);
  }, [pending, online, eventId, refresh, sync]);

  // Online and idle: keep the copy on the device fresh.
  useEffect(() => {
    if (!online || eventId <= 0) return;
    const timer = setInterval(() => void refresh(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [online, eventId, refresh]);

  const dismiss = useCallback(() => patch({ shown: null }), [patch]);
  const dismissConflicts = useCallback(() => patch({ conflicts: [] }), [patch]);
  const clearScanError = useCallback(() => patch({ scanError: null }), [patch]);

  return { state, device, scan, sync, refresh, dismiss, dismissConflicts, clearScanError };
}
