import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { checkIns, doorScans, webhookDeliveries } from '../../db/schema/index.js';
import { createCategory, createEvent, createOrganiser } from '../../test-support/fixtures.js';
import { paidBookingWithTickets } from '../../test-support/door.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';

/**
 * Atomic check-in on a real PostgreSQL server with a pool of connections: many doors scanning
 * the same ticket at the same moment admit it once (docs/decisions/0011-offline-check-in.md).
 */
let t: TestApp;
let owner: Awaited<ReturnType<typeof createOrganiser>>;
let door: Awaited<ReturnType<typeof createOrganiser>>;
let categoryId: number;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createOrganiser(t.database.db);
  door = await createOrganiser(t.database.db, { organisationId: owner.organisationId, role: 'checkin' });
  categoryId = (await createCategory(t.database.db)).id;
});
afterAll(() => t.close());

async function oneTicket(quantity = 1) {
  const { event, tickets } = await createEvent(t.database.db, {
    organisationId: owner.organisationId,
    categoryId,
    tickets: [{ name: 'Regular', price: 10, max: 100 }],
  });
  const paid = await paidBookingWithTickets(t, {
    eventId: event.id,
    lines: [{ ticketTypeId: tickets[0]!.id, name: 'Regular', quantity }],
  });
  return { eventId: event.id, ...paid };
}

describe('50 devices scanning one ticket at once', () => {
  it('admit it exactly once; the 49 others are told it is already checked in, by whom', async () => {
    const { eventId, tickets } = await oneTicket();
    const code = tickets[0]!.code;
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: `/v1/client/event/${eventId}/checkin`,
          headers: { auth: i % 2 ? door.token : owner.token },
          payload: { code, device_id: `Door ${i}` },
        }),
      ),
    );
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    const verdicts = answers.map((r) => r.json().data.verdict);
    const admitted = verdicts.filter((v) => v.result === 'admitted');
    const already = verdicts.filter((v) => v.result === 'already_checked_in');
    expect(admitted).toHaveLength(1);
    expect(already).toHaveLength(49);
    for (const v of already) {
      expect(v.checked_in_device).toBe(admitted[0].checked_in_device);
      expect(v.persons).toBe(0);
    }
    const rows = await t.database.db.select().from(checkIns).where(eq(checkIns.eTicketId, tickets[0]!.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.deviceId).toBe(admitted[0].checked_in_device);
  });

  it("and the booking's own code scanned at once on 20 devices lets its 3 persons in once", async () => {
    const { eventId, bookingCode } = await oneTicket(3);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: `/v1/client/event/${eventId}/checkin`,
          headers: { auth: door.token },
          payload: { code: bookingCode, device_id: `Door ${i}` },
        }),
      ),
    );
    const verdicts = answers.map((r) => r.json().data.verdict);
    const persons = verdicts.reduce((n, v) => n + v.persons, 0);
    expect(persons).toBe(3);
    expect(verdicts.filter((v) => v.result === 'admitted').length).toBeGreaterThanOrEqual(1);
  });
});

describe('offline devices syncing the same ticket at once', () => {
  it('settle on the earliest scan whatever the order', async () => {
    const { eventId, tickets } = await oneTicket();
    const code = tickets[0]!.code;
    const base = Date.now() - 60_000;
    // 20 devices, scanned 1 s apart; device 7 scanned first.
    const offsets = Array.from({ length: 20 }, (_, i) => (i === 7 ? 0 : 1000 * (i + 1)));
    const answers = await Promise.all(
      offsets.map((ms, i) =>
        t.app.inject({
          method: 'POST',
          url: `/v1/client/event/${eventId}/checkin/sync`,
          headers: { auth: door.token },
          payload: {
            device_id: `Door ${i}`,
            scans: [{ local_id: 'x', code, scanned_at: new Date(base + ms).toISOString() }],
          },
        }),
      ),
    );
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    const rows = await t.database.db.select().from(checkIns).where(eq(checkIns.eTicketId, tickets[0]!.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ deviceId: 'Door 7', checkedInAt: new Date(base) });
    expect(await t.database.db.select().from(doorScans).where(eq(doorScans.eTicketId, tickets[0]!.id))).toHaveLength(
      20,
    );
    // Every device, syncing again, hears the same final answer: Door 7 admitted it.
    const again = await t.app.inject({
      method: 'POST',
      url: `/v1/client/event/${eventId}/checkin/sync`,
      headers: { auth: door.token },
      payload: { device_id: 'Door 3', scans: [{ local_id: 'x', code, scanned_at: new Date(base).toISOString() }] },
    });
    expect(again.json().data.results[0]).toMatchObject({
      result: 'already_checked_in',
      checked_in_device: 'Door 7',
      conflict: { device: 'Door 7' },
    });
  });
});

describe('many devices syncing the same tickets at once (the set-based sync)', () => {
  it('admit each ticket exactly once, to its earliest scan, with one attendee.checked_in each', async () => {
    const org = await createOrganiser(t.database.db);
    const hook = await t.app.inject({
      method: 'POST',
      url: '/v1/client/webhooks',
      headers: { auth: org.token },
      payload: { url: 'http://127.0.0.1:9/hooks', events: ['attendee.checked_in'] },
    });
    expect(hook.statusCode, hook.body).toBe(201);
    const { event, tickets: types } = await createEvent(t.database.db, {
      organisationId: org.organisationId,
      categoryId,
      tickets: [{ name: 'Regular', price: 10, max: 500 }],
    });
    const bookings = await Promise.all(
      Array.from({ length: 10 }, () =>
        paidBookingWithTickets(t, {
          eventId: event.id,
          lines: [{ ticketTypeId: types[0]!.id, name: 'Regular', quantity: 4 }],
        }),
      ),
    );
    const tickets = bookings.flatMap((b) => b.tickets);
    const devices = 12;
    const base = Date.now() - 3_600_000;
    // Device d scans ticket i at base + ((i + d) % devices) s: ticket i's earliest scan is device (devices - i % devices) % devices.
    const winner = (i: number) => `Door ${(devices - (i % devices)) % devices}`;
    const batchOf = (d: number) => {
      const scans = tickets.map((x, i) => ({
        local_id: `${d}-${i}`,
        code: x.code,
        scanned_at: new Date(base + ((i + d) % devices) * 1000).toISOString(),
      }));
      // Each device sends its scans in its own order, so the calls claim rows in different orders.
      return d % 2 ? scans.reverse() : scans;
    };
    const send = (d: number) =>
      t.app.inject({
        method: 'POST',
        url: `/v1/client/event/${event.id}/checkin/sync`,
        headers: { auth: org.token },
        payload: { device_id: `Door ${d}`, scans: batchOf(d) },
      });
    const answers = await Promise.all(Array.from({ length: devices }, (_, d) => send(d)));
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);

    const ids = tickets.map((x) => x.id);
    const rows = await t.database.db.select().from(checkIns).where(inArray(checkIns.eTicketId, ids));
    expect(rows).toHaveLength(tickets.length);
    for (const [i, x] of tickets.entries()) {
      expect(rows.find((r) => r.eTicketId === x.id)).toMatchObject({
        deviceId: winner(i),
        checkedInAt: new Date(base),
      });
    }
    expect(await t.database.db.select().from(doorScans).where(inArray(doorScans.eTicketId, ids))).toHaveLength(
      devices * tickets.length,
    );
    const deliveries = await t.database.db
      .select()
      .from(webhookDeliveries)
      .where(
        and(eq(webhookDeliveries.endpointId, hook.json().data.id), eq(webhookDeliveries.type, 'attendee.checked_in')),
      );
    expect(deliveries.map((d) => JSON.parse(d.body).data.ticket_id).sort()).toEqual([...ids].sort());

    // Every device sending again hears the settled answer: each ticket admitted by its winner alone.
    const again = await Promise.all(Array.from({ length: devices }, (_, d) => send(d)));
    const admittedBy = new Map<number, string[]>();
    for (const [d, res] of again.entries()) {
      expect(res.statusCode, res.body).toBe(200);
      for (const r of res.json().data.results as { result: string; ticket_ids: number[] }[]) {
        for (const id of r.ticket_ids) admittedBy.set(id, [...(admittedBy.get(id) ?? []), `Door ${d}`]);
        if (r.result !== 'admitted') expect(r.result).toBe('already_checked_in');
      }
    }
    for (const [i, x] of tickets.entries()) expect(admittedBy.get(x.id)).toEqual([winner(i)]);
    expect(
      await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, hook.json().data.id)),
    ).toHaveLength(tickets.length);
  });
});
