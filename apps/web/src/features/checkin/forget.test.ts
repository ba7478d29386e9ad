import { afterEach, describe, expect, it } from 'vitest';
import { closeDoorStore, doorStore } from './door-store';
import { forgetDoorKits } from './forget';
import { doorKit } from './test-kit';

afterEach(() => closeDoorStore());

describe('sign-out and the door’s data', () => {
  it('drops the ticket lists (attendees’ names) and keeps the check-ins still waiting to sync', async () => {
    const store = await doorStore();
    await store.putKit({ event_id: 7, kit: await doorKit(), saved_at: '2026-03-12T05:00:00.000Z' });
    await store.addScan({
      local_id: 'a',
      event_id: 7,
      code: 'TK1.x',
      scanned_at: '2026-03-12T06:00:00.000Z',
      ticket_ids: [501],
      persons: 1,
    });
    await forgetDoorKits();
    expect(await store.listKits()).toEqual([]);
    expect(await store.getKit(7)).toBeUndefined();
    expect((await store.pendingScans(7)).map((s) => s.local_id)).toEqual(['a']);
  });
});
