import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, mockFetch, type SeenRequest } from '../../test-support/fetch';
import { useSession } from '../accounts';
import { createDoorController, RETRY_MS, type DoorController, type DoorState } from './door-controller';
import { closeDoorStore, doorStore } from './door-store';
import { doorKit, serverVerdict } from './test-kit';

/**
 * The door's controller on its own, with no React and no page: its store says what a page would
 * show. The network is a stand-in `fetch`; the device's store is the in-memory one (no IndexedDB).
 */
const KIT = '/v1/client/event/7/checkin/tickets';
const SYNC = '/v1/client/event/7/checkin/sync';

function network() {
  const net = { up: true };
  const seen = mockFetch(async (req: SeenRequest) => {
    if (!net.up) throw new TypeError('Failed to fetch');
    if (req.path === KIT) return answer(200, await doorKit());
    if (req.path === SYNC) {
      const scans = (req.body as { scans: { local_id: string }[] }).scans;
      return answer(200, {
        results: scans.map((s) => ({ ...serverVerdict({ ticket_ids: [502] }), local_id: s.local_id })),
        counts: { tickets_admitted: 1, tickets_sold: 3, persons_admitted: 1, persons_sold: 6 },
      });
    }
    return answer(404, null);
  });
  return { net, syncs: () => seen.filter((r) => r.path === SYNC) };
}

/** The store's state once `test` holds (now, or at the change that makes it hold). */
function until(door: DoorController, test: (s: DoorState) => boolean): Promise<DoorState> {
  return new Promise((resolve) => {
    if (test(door.store.getState())) return resolve(door.store.getState());
    const stop = door.store.subscribe((s) => {
      if (!test(s)) return;
      stop();
      resolve(s);
    });
  });
}

const opened = (s: DoorState) => s.phase === 'ready' && s.savedAt !== null && !s.syncing;

let stop: () => void = () => {};

beforeEach(() => {
  useSession.getState().signIn('org-token', 'organizer', { fn: 'Amina', ln: 'Otieno' });
});

afterEach(() => {
  stop();
  closeDoorStore();
});

describe('the door controller (docs/decisions/0013-door-page-offline.md)', () => {
  it('opens, answers a typed reference from its list when the server is out of reach, and syncs it when the network returns', async () => {
    const { net, syncs } = network();
    const door = createDoorController(7, 'Door TEST');
    stop = door.start();
    expect((await until(door, opened)).kit?.tickets).toHaveLength(3);

    net.up = false;
    expect(await door.scan('tk-7q2m9x-2')).toBe(true);
    const offline = door.store.getState();
    expect(offline.shown).toMatchObject({ offline: true, verdict: { result: 'admitted', ticket_ids: [502] } });
    expect(offline).toMatchObject({ online: false, pending: 1, checking: false });
    expect(offline.kit!.counts.tickets_admitted).toBe(1);

    net.up = true;
    window.dispatchEvent(new Event('online'));
    const synced = await until(door, (s) => s.online && s.pending === 0 && !s.syncing);
    expect(synced.conflicts).toEqual([]);
    expect(syncs()).toHaveLength(1);
    expect(syncs()[0]!.body).toMatchObject({ device_id: 'Door TEST', scans: [{ code: 'tk-7q2m9x-2' }] });
  });

  it("shows the server's verdict before it stores the whole ticket list again (slow for a large event)", async () => {
    mockFetch(async (req: SeenRequest) => {
      if (req.path === KIT) return answer(200, await doorKit());
      if (req.path === '/v1/client/event/7/checkin') {
        return answer(200, {
          verdict: serverVerdict({ ticket_ids: [502] }),
          counts: { tickets_admitted: 1, tickets_sold: 3, persons_admitted: 1, persons_sold: 6 },
        });
      }
      return answer(404, null);
    });
    const door = createDoorController(7, 'Door TEST');
    stop = door.start();
    await until(door, opened);
    await door.sync(); // the door's opening steps done
    // Storing the list never finishes: the verdict must not wait for it.
    vi.spyOn(await doorStore(), 'putKit').mockReturnValue(new Promise<void>(() => {}));
    void door.scan('tk-7q2m9x-2');
    const shown = await until(door, (s) => s.shown !== null);
    expect(shown.shown).toMatchObject({ offline: false, verdict: { result: 'admitted', ticket_ids: [502] } });
    expect(shown.kit!.counts.tickets_admitted).toBe(1);
  });

  it('keeps an offline admission across a reload with no network: the waiting scan is laid over the stored list', async () => {
    const { net } = network();
    const first = createDoorController(7, 'Door TEST');
    stop = first.start();
    await until(first, opened);
    net.up = false;
    expect(await first.scan('tk-7q2m9x-2')).toBe(true);
    expect(first.store.getState().shown?.verdict.result).toBe('admitted');
    stop();

    // The page opened again, still offline, on the same device's store.
    const again = createDoorController(7, 'Door TEST');
    stop = again.start();
    const reopened = await until(again, (s) => s.phase === 'ready' && s.kit !== null && !s.online);
    expect(reopened).toMatchObject({ pending: 1 });
    expect(reopened.kit!.counts.tickets_admitted).toBe(1);
    expect(await again.scan('tk-7q2m9x-2')).toBe(true);
    expect(again.store.getState().shown).toMatchObject({
      offline: true,
      verdict: { result: 'already_checked_in', checked_in_device: 'Door TEST' },
    });
  });

  it(`tries the sync again every ${RETRY_MS / 1000} s while scans wait, and stops once they are synced`, async () => {
    vi.useFakeTimers();
    const { net, syncs } = network();
    const door = createDoorController(7, 'Door TEST');
    stop = door.start();
    await until(door, opened);
    net.up = false;
    await door.scan('TK-7Q2M9X-1');
    expect(door.store.getState()).toMatchObject({ pending: 1, online: false });

    await vi.advanceTimersByTimeAsync(RETRY_MS - 1);
    expect(syncs()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(syncs()).toHaveLength(1);
    expect(door.store.getState().pending).toBe(1);

    net.up = true;
    await vi.advanceTimersByTimeAsync(RETRY_MS);
    expect(syncs()).toHaveLength(2);
    expect(door.store.getState()).toMatchObject({ pending: 0, online: true });
    // Nothing waits any more: no more tries.
    await vi.advanceTimersByTimeAsync(3 * RETRY_MS);
    expect(syncs()).toHaveLength(2);
  });

  it('remembers the server’s word that a code was re-issued: the same code is refused offline too', async () => {
    const net = { up: true };
    mockFetch(async (req: SeenRequest) => {
      if (!net.up) throw new TypeError('Failed to fetch');
      if (req.path === KIT) return answer(200, await doorKit());
      if (req.path === '/v1/client/event/7/checkin') {
        return answer(200, {
          verdict: serverVerdict({ result: 'reissued', persons: 0, ticket_ids: [], checked_in_at: null }),
          counts: { tickets_admitted: 0, tickets_sold: 3, persons_admitted: 0, persons_sold: 6 },
        });
      }
      return answer(404, null);
    });
    const door = createDoorController(7, 'Door TEST');
    stop = door.start();
    await until(door, opened);
    // The kit was made before the rename: it still takes ticket 1 for a valid one.
    expect(door.store.getState().kit!.tickets.find((t) => t.id === 501)?.reissued).toBe(false);

    expect(await door.scan('TK-7Q2M9X-1')).toBe(true);
    expect(door.store.getState().shown).toMatchObject({ offline: false, verdict: { result: 'reissued' } });
    expect(door.store.getState().kit!.tickets.find((t) => t.id === 501)?.reissued).toBe(true);

    net.up = false;
    expect(await door.scan('TK-7Q2M9X-1')).toBe(true);
    expect(door.store.getState().shown).toMatchObject({ offline: true, verdict: { result: 'reissued' } });
    expect(door.store.getState().pending).toBe(0);
  });

  it('after its stop, no longer follows the network', async () => {
    const { net, syncs } = network();
    const door = createDoorController(7, 'Door TEST');
    const stopped = door.start();
    await until(door, opened);
    net.up = false;
    await door.scan('TK-7Q2M9X-1');
    stopped();
    net.up = true;
    window.dispatchEvent(new Event('online'));
    // The next step queued behind whatever the event would have started: it ran none.
    await door.refresh();
    expect(syncs()).toHaveLength(0);
    expect(door.store.getState().pending).toBe(1);
  });
});
