import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { syncCheckInsResponseSchema } from '@tikiti/contract';
import { bookings, checkIns, eTickets, jobs, webhookDeliveries } from '../../db/schema/index.js';
import { createCategory, createEvent, createOrganiser } from '../../test-support/fixtures.js';
import { paidBookingWithTickets } from '../../test-support/door.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';

/**
 * The offline sync answered set-based (docs/scaling.md, "the door"): what a call of many scans
 * could get wrong that one scan at a time could not. Each verdict is what the scans taken one at
 * a time in the order sent would give (docs/decisions/0011-offline-check-in.md).
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

async function anEvent(organisationId = owner.organisationId) {
  const { event, tickets } = await createEvent(t.database.db, {
    organisationId,
    categoryId,
    tickets: [{ name: 'Regular', price: 10, max: 500 }],
  });
  const booking = (quantity = 1) =>
    paidBookingWithTickets(t, {
      eventId: event.id,
      lines: [{ ticketTypeId: tickets[0]!.id, name: 'Regular', quantity }],
    });
  return { event, booking };
}

type Scan = { local_id: string; code: string; scanned_at: string };

async function sync(eventId: number, device: string, scans: Scan[], token = door.token) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/v1/client/event/${eventId}/checkin/sync`,
    headers: { auth: token },
    payload: { device_id: device, scans },
  });
  expect(res.statusCode, res.body).toBe(200);
  return syncCheckInsResponseSchema.parse(res.json()).data;
}

async function checkInOf(ticketId: number) {
  return t.database.db.select().from(checkIns).where(eq(checkIns.eTicketId, ticketId));
}

/** A minute ago plus `s` seconds: offline scan times that are never ahead of the server's clock. */
const base = Date.now() - 60 * 60_000;
const at = (s: number) => new Date(base + s * 1000).toISOString();

describe('the same ticket twice in one call', () => {
  it('later the second time: admitted once, then already in by this device, with the first time', async () => {
    const { event, booking } = await anEvent();
    const { tickets } = await booking();
    const code = tickets[0]!.code;
    const answer = await sync(event.id, 'Door A', [
      { local_id: 'a-1', code, scanned_at: at(10) },
      { local_id: 'a-2', code, scanned_at: at(20) },
    ]);
    expect(answer.results.map((r) => [r.local_id, r.result, r.checked_in_at, r.checked_in_device, r.conflict])).toEqual(
      [
        ['a-1', 'admitted', at(10), 'Door A', null],
        ['a-2', 'already_checked_in', at(10), 'Door A', null],
      ],
    );
    expect(answer.results[1]!.persons).toBe(0);
    expect(await checkInOf(tickets[0]!.id)).toMatchObject([{ deviceId: 'Door A', checkedInAt: new Date(at(10)) }]);
    expect(answer.counts).toMatchObject({ tickets_admitted: 1, tickets_sold: 1 });
  });

  it('earlier the second time: the second scan takes the check-in (as scanned one at a time), one check-in', async () => {
    const { event, booking } = await anEvent();
    const { tickets } = await booking();
    const code = tickets[0]!.code;
    const answer = await sync(event.id, 'Door A', [
      { local_id: 'b-1', code, scanned_at: at(20) },
      { local_id: 'b-2', code, scanned_at: at(10) },
    ]);
    expect(answer.results.map((r) => [r.local_id, r.result, r.checked_in_at])).toEqual([
      ['b-1', 'admitted', at(20)],
      ['b-2', 'admitted', at(10)],
    ]);
    expect(await checkInOf(tickets[0]!.id)).toMatchObject([{ deviceId: 'Door A', checkedInAt: new Date(at(10)) }]);
    // Sent again, the check-in as it stands decides: the later scan was not the one that let them in.
    const again = await sync(event.id, 'Door A', [
      { local_id: 'b-1', code, scanned_at: at(20) },
      { local_id: 'b-2', code, scanned_at: at(10) },
    ]);
    expect(again.results.map((r) => [r.local_id, r.result, r.checked_in_at])).toEqual([
      ['b-1', 'already_checked_in', at(10)],
      ['b-2', 'admitted', at(10)],
    ]);
    expect(again.counts).toMatchObject({ tickets_admitted: 1 });
  });

  it("a booking's own code and one of its tickets' codes: the code admits the rest, the ticket once", async () => {
    const { event, booking } = await anEvent();
    const { tickets, bookingCode } = await booking(3);
    const answer = await sync(event.id, 'Door A', [
      { local_id: 'c-1', code: tickets[1]!.code, scanned_at: at(10) },
      { local_id: 'c-2', code: bookingCode, scanned_at: at(20) },
      { local_id: 'c-3', code: tickets[1]!.code, scanned_at: at(30) },
    ]);
    expect(answer.results.map((r) => [r.result, r.ticket_ids, r.persons])).toEqual([
      ['admitted', [tickets[1]!.id], 1],
      ['admitted', [tickets[0]!.id, tickets[2]!.id], 2],
      ['already_checked_in', [], 0],
    ]);
  });
});

describe('a ticket admitted online before the sync', () => {
  const online = async (eventId: number, code: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/v1/client/event/${eventId}/checkin`,
      headers: { auth: owner.token },
      payload: { code, device_id: 'Gate' },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.verdict as { result: string; checked_in_at: string };
  };

  it('an offline scan made earlier wins it, and is told of the online scan it overruled', async () => {
    const { event, booking } = await anEvent();
    const { tickets } = await booking();
    const first = await online(event.id, tickets[0]!.code);
    expect(first.result).toBe('admitted');
    const answer = await sync(event.id, 'Door A', [{ local_id: 'e-1', code: tickets[0]!.code, scanned_at: at(5) }]);
    expect(answer.results[0]).toMatchObject({
      result: 'admitted',
      checked_in_at: at(5),
      checked_in_device: 'Door A',
      conflict: { device: 'Gate', scanned_at: first.checked_in_at },
    });
    expect(await checkInOf(tickets[0]!.id)).toMatchObject([{ deviceId: 'Door A', checkedInAt: new Date(at(5)) }]);
  });

  it('an offline scan made later is already in, by the gate', async () => {
    const { event, booking } = await anEvent();
    const { tickets } = await booking();
    const first = await online(event.id, tickets[0]!.code);
    const later = new Date(Date.parse(first.checked_in_at) + 1000).toISOString();
    const answer = await sync(event.id, 'Door A', [{ local_id: 'l-1', code: tickets[0]!.code, scanned_at: later }]);
    expect(answer.results[0]).toMatchObject({
      result: 'already_checked_in',
      checked_in_at: first.checked_in_at,
      checked_in_device: 'Gate',
      conflict: { device: 'Gate', scanned_at: first.checked_in_at },
    });
  });
});

describe('a call mixing every verdict', () => {
  it('answers each scan as one at a time would, in the order sent, and the same when sent again', async () => {
    const { event, booking } = await anEvent();
    const other = await anEvent();
    const fresh = await booking(2);
    const typed = await booking(2);
    const mine = await booking();
    const theirs = await booking();
    const refunded = await booking();
    const unpaid = await booking();
    const renamed = await booking();
    const abroad = await other.booking();
    const db = t.database.db;
    await db.update(eTickets).set({ revokedAt: new Date() }).where(eq(eTickets.bookingId, refunded.booking.id));
    await db.update(bookings).set({ status: 1 }).where(eq(bookings.id, unpaid.booking.id));
    await db.update(eTickets).set({ reissuedAt: new Date() }).where(eq(eTickets.id, renamed.tickets[0]!.id));
    await sync(event.id, 'Door M', [{ local_id: 'before-1', code: mine.tickets[0]!.code, scanned_at: at(1) }]);
    await sync(event.id, 'Door N', [{ local_id: 'before-2', code: theirs.tickets[0]!.code, scanned_at: at(2) }]);

    const batch: Scan[] = [
      { local_id: 'm-1', code: fresh.tickets[0]!.code, scanned_at: at(10) },
      { local_id: 'm-2', code: `${typed.booking.reference}-2`, scanned_at: at(11) },
      { local_id: 'm-3', code: typed.booking.reference.toLowerCase(), scanned_at: at(12) },
      { local_id: 'm-4', code: mine.tickets[0]!.code, scanned_at: at(13) },
      { local_id: 'm-5', code: theirs.tickets[0]!.code, scanned_at: at(14) },
      { local_id: 'm-6', code: 'not a code', scanned_at: at(15) },
      { local_id: 'm-7', code: `${fresh.tickets[1]!.code.slice(0, -2)}xx`, scanned_at: at(16) },
      { local_id: 'm-8', code: abroad.tickets[0]!.code, scanned_at: at(17) },
      { local_id: 'm-9', code: refunded.tickets[0]!.code, scanned_at: at(18) },
      { local_id: 'm-10', code: unpaid.tickets[0]!.code, scanned_at: at(19) },
      { local_id: 'm-11', code: renamed.tickets[0]!.code, scanned_at: at(20) },
      { local_id: 'm-12', code: 'TK-ZZZZZZZ', scanned_at: at(21) },
      { local_id: 'm-13', code: fresh.bookingCode, scanned_at: at(22) },
      { local_id: 'm-14', code: fresh.tickets[0]!.code, scanned_at: at(23) },
    ];
    const answer = await sync(event.id, 'Door M', batch);
    const summary = answer.results.map((r) => [
      r.local_id,
      r.result,
      r.ticket_ids,
      r.persons,
      r.checked_in_device,
      r.conflict?.device ?? null,
    ]);
    expect(summary).toEqual([
      ['m-1', 'admitted', [fresh.tickets[0]!.id], 1, 'Door M', null],
      ['m-2', 'admitted', [typed.tickets[1]!.id], 1, 'Door M', null],
      ['m-3', 'admitted', [typed.tickets[0]!.id], 1, 'Door M', null],
      ['m-4', 'already_checked_in', [], 0, 'Door M', null],
      ['m-5', 'already_checked_in', [], 0, 'Door N', 'Door N'],
      ['m-6', 'unknown', [], 0, null, null],
      ['m-7', 'unknown', [], 0, null, null],
      ['m-8', 'other_event', [], 0, null, null],
      ['m-9', 'refunded', [], 0, null, null],
      ['m-10', 'refunded', [], 0, null, null],
      ['m-11', 'reissued', [], 0, null, null],
      ['m-12', 'unknown', [], 0, null, null],
      ['m-13', 'admitted', [fresh.tickets[1]!.id], 1, 'Door M', null],
      ['m-14', 'already_checked_in', [], 0, 'Door M', null],
    ]);
    expect(answer.results[0]!.ticket).toMatchObject({
      id: fresh.tickets[0]!.id,
      booking_reference: fresh.booking.reference,
    });
    expect(answer.results[7]!.ticket).toBeNull();
    expect(answer.results[8]!.ticket).toMatchObject({ id: refunded.tickets[0]!.id });
    expect(answer.counts).toMatchObject({ tickets_admitted: 6 });

    const ids = [fresh, typed, mine, theirs, refunded, unpaid, renamed].flatMap((b) => b.tickets.map((x) => x.id));
    const snapshot = async () =>
      (await db.select().from(checkIns).where(inArray(checkIns.eTicketId, ids))).sort((a, b) => a.id - b.id);
    const before = await snapshot();
    expect(before).toHaveLength(6);
    const again = await sync(event.id, 'Door M', batch);
    expect(again.results).toEqual(answer.results);
    expect(await snapshot()).toEqual(before);
  });
});

describe('attendee.checked_in webhooks of a sync (issue 29)', () => {
  it('one delivery per ticket the sync newly admits, none when sent again, none to an endpoint not subscribed', async () => {
    const org = await createOrganiser(t.database.db);
    const hook = async (events: string[]) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/client/webhooks',
        headers: { auth: org.token },
        payload: { url: 'http://127.0.0.1:9/hooks', events },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data.id as number;
    };
    const subscribed = await hook(['attendee.checked_in']);
    const other = await hook(['booking.paid', 'attendee.updated']);
    const { event, booking } = await anEvent(org.organisationId);
    const three = await booking(3);
    const already = await booking();
    const deliveriesOf = (endpointId: number) =>
      t.database.db
        .select()
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.type, 'attendee.checked_in')));
    await sync(event.id, 'Door W', [{ local_id: 'w-0', code: already.tickets[0]!.code, scanned_at: at(1) }], org.token);
    const afterFirst = await deliveriesOf(subscribed);
    expect(afterFirst).toHaveLength(1);

    const batch: Scan[] = [
      { local_id: 'w-1', code: three.tickets[0]!.code, scanned_at: at(10) },
      { local_id: 'w-2', code: three.bookingCode, scanned_at: at(11) },
      { local_id: 'w-3', code: three.tickets[2]!.code, scanned_at: at(12) },
      { local_id: 'w-4', code: already.tickets[0]!.code, scanned_at: at(13) },
      { local_id: 'w-5', code: 'not a code', scanned_at: at(14) },
    ];
    const answer = await sync(event.id, 'Door W', batch, org.token);
    expect(answer.results.map((r) => r.result)).toEqual([
      'admitted',
      'admitted',
      'already_checked_in',
      'already_checked_in',
      'unknown',
    ]);
    const deliveries = (await deliveriesOf(subscribed)).filter((d) => !afterFirst.some((f) => f.id === d.id));
    expect(deliveries.map((d) => JSON.parse(d.body).data.ticket_id).sort()).toEqual(
      three.tickets.map((x) => x.id).sort(),
    );
    expect(new Set(deliveries.map((d) => d.eventId)).size).toBe(3);
    const queued = await t.database.db.select().from(jobs).where(eq(jobs.kind, 'webhooks.deliver'));
    for (const d of deliveries) {
      expect(queued.filter((j) => (j.payload as { deliveryId: number }).deliveryId === d.id)).toHaveLength(1);
    }

    // Sent again, and an earlier scan by another device taking a check-in over: no new delivery.
    await sync(event.id, 'Door W', batch, org.token);
    await sync(event.id, 'Door X', [{ local_id: 'x-1', code: three.tickets[0]!.code, scanned_at: at(5) }], org.token);
    expect(await deliveriesOf(subscribed)).toHaveLength(4);
    expect(await deliveriesOf(other)).toEqual([]);
  });
});
