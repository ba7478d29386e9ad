import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { generateSigningKeys, signTicketCode, verifyTicketCode } from '@tikiti/ticket-codes';
import {
  checkInResponseSchema,
  doorKitResponseSchema,
  listDoorEventsResponseSchema,
  syncCheckInsResponseSchema,
} from '@tikiti/contract';
import { bookings, checkIns, eTickets, events } from '../../db/schema/index.js';
import { createCategory, createEvent, createOrganiser } from '../../test-support/fixtures.js';
import { paidBookingWithTickets } from '../../test-support/door.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';

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

async function anEvent(opts: { title?: string; startsInHours?: number; status?: 1 | 2; organisationId?: number } = {}) {
  const created = await createEvent(t.database.db, {
    organisationId: opts.organisationId ?? owner.organisationId,
    categoryId,
    title: opts.title,
    status: opts.status,
    startsInHours: opts.startsInHours,
    tickets: [
      { name: 'Regular', price: 10, max: 100 },
      { name: 'Group of 4', price: 30, persons: 4, max: 20 },
    ],
  });
  const [regular, group] = created.tickets;
  return { event: created.event, regular: regular!, group: group! };
}

const scan = (eventId: number, code: string, token = door.token, device = 'Door 1') =>
  t.app.inject({
    method: 'POST',
    url: `/v1/client/event/${eventId}/checkin`,
    headers: { auth: token },
    payload: { code, device_id: device },
  });

const sync = (
  eventId: number,
  device: string,
  scans: { local_id: string; code: string; scanned_at: string }[],
  token = door.token,
) =>
  t.app.inject({
    method: 'POST',
    url: `/v1/client/event/${eventId}/checkin/sync`,
    headers: { auth: token },
    payload: { device_id: device, scans },
  });

async function verdictOf(res: Awaited<ReturnType<typeof scan>>) {
  expect(res.statusCode, res.body).toBe(200);
  return checkInResponseSchema.parse(res.json()).data;
}

async function syncResults(res: Awaited<ReturnType<typeof sync>>) {
  expect(res.statusCode, res.body).toBe(200);
  return syncCheckInsResponseSchema.parse(res.json()).data;
}

describe('one scan, online', () => {
  it('admits a ticket once, then says when and on which device it was admitted', async () => {
    const { event, regular } = await anEvent();
    const { tickets } = await paidBookingWithTickets(t, {
      eventId: event.id,
      fullName: 'Wanjiru Kamau',
      lines: [{ ticketTypeId: regular.id, name: 'Regular', quantity: 2 }],
    });
    const first = await verdictOf(await scan(event.id, `${tickets[0]!.code}`));
    expect(first.verdict).toMatchObject({
      result: 'admitted',
      persons: 1,
      ticket_ids: [tickets[0]!.id],
      checked_in_device: 'Door 1',
      conflict: null,
      ticket: { id: tickets[0]!.id, holder_name: 'Wanjiru Kamau', ticket_type: 'Regular', admits: 1 },
    });
    expect(first.counts).toEqual({ tickets_admitted: 1, tickets_sold: 2, persons_admitted: 1, persons_sold: 2 });

    const again = await verdictOf(await scan(event.id, tickets[0]!.code, owner.token, 'Door 2'));
    expect(again.verdict).toMatchObject({
      result: 'already_checked_in',
      persons: 0,
      ticket_ids: [],
      checked_in_at: first.verdict.checked_in_at,
      checked_in_device: 'Door 1',
    });
    expect(again.counts.tickets_admitted).toBe(1);
    const rows = await t.database.db.select().from(checkIns).where(eq(checkIns.eTicketId, tickets[0]!.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ deviceId: 'Door 1', checkedInBy: door.accountId });
  });

  it("admits a booking's own code for every person not yet in, and then no one", async () => {
    const { event, regular, group } = await anEvent();
    const { tickets, bookingCode } = await paidBookingWithTickets(t, {
      eventId: event.id,
      lines: [
        { ticketTypeId: regular.id, name: 'Regular', quantity: 1 },
        { ticketTypeId: group.id, name: 'Group of 4', persons: 4, quantity: 2 },
      ],
    });
    expect(tickets).toHaveLength(3);
    const regularTicket = tickets.find((x) => x.admits === 1)!;
    await verdictOf(await scan(event.id, regularTicket.code));
    const whole = await verdictOf(await scan(event.id, bookingCode));
    expect(whole.verdict.result).toBe('admitted');
    expect(whole.verdict.persons).toBe(8);
    expect(whole.verdict.ticket_ids.sort()).toEqual(
      tickets
        .filter((x) => x.admits === 4)
        .map((x) => x.id)
        .sort(),
    );
    expect(whole.counts).toEqual({ tickets_admitted: 3, tickets_sold: 3, persons_admitted: 9, persons_sold: 9 });
    expect((await verdictOf(await scan(event.id, bookingCode))).verdict.result).toBe('already_checked_in');
  });

  it('answers other_event for a genuine code of another event, without naming its holder', async () => {
    const here = await anEvent();
    const there = await anEvent();
    const { tickets } = await paidBookingWithTickets(t, {
      eventId: there.event.id,
      lines: [{ ticketTypeId: there.regular.id, name: 'Regular', quantity: 1 }],
    });
    const answer = await verdictOf(await scan(here.event.id, tickets[0]!.code));
    expect(answer.verdict).toMatchObject({ result: 'other_event', ticket: null, persons: 0 });
    expect(await t.database.db.select().from(checkIns).where(eq(checkIns.eTicketId, tickets[0]!.id))).toEqual([]);
  });

  it('answers unknown for a forged, altered or made-up code, and for rubbish', async () => {
    const { event, regular } = await anEvent();
    const { tickets } = await paidBookingWithTickets(t, {
      eventId: event.id,
      lines: [{ ticketTypeId: regular.id, name: 'Regular', quantity: 1 }],
    });
    const real = tickets[0]!;
    const foreignKey = await generateSigningKeys();
    const forged = await signTicketCode(foreignKey.privateKey, {
      kind: 'ticket',
      eventId: event.id,
      ticketId: real.id,
      persons: 1,
      bookingRef: 'TK-FAKE',
    });
    const altered = real.code.slice(0, 10) + (real.code[10] === 'A' ? 'B' : 'A') + real.code.slice(11);
    for (const code of [forged, altered, 'hello', 'TK1.AAAA.BBBB', `${real.code}x`]) {
      const answer = await verdictOf(await scan(event.id, code));
      expect(answer.verdict, code).toMatchObject({ result: 'unknown', ticket: null, persons: 0 });
    }
    const rows = await t.database.db.select().from(checkIns).where(eq(checkIns.eTicketId, real.id));
    expect(rows).toEqual([]);
  });

  it('answers refunded for a revoked ticket and for any ticket of a cancelled event', async () => {
    const { event, regular } = await anEvent();
    const refunded = await paidBookingWithTickets(t, {
      eventId: event.id,
      lines: [{ ticketTypeId: regular.id, name: 'Regular', quantity: 1 }],
    });
    const kept = await paidBookingWithTickets(t, {
      eventId: event.id,
      lines: [{ ticketTypeId: regular.id, name: 'Regular', quantity: 1 }],
    });
    const db = t.database.db;
    await db.update(bookings).set({ status: 5 }).where(eq(bookings.id, refunded.booking.id));
    await db.update(eTickets).set({ revokedAt: new Date() }).where(eq(eTickets.bookingId, refunded.booking.id));
    const answer = await verdictOf(await scan(event.id, refunded.tickets[0]!.code));
    expect(answer.verdict).toMatchObject({ result: 'refunded', persons: 0, ticket: { id: refunded.tickets[0]!.id } });
    expect(answer.counts.tickets_sold).toBe(1);
    expect((await verdictOf(await scan(event.id, refunded.bookingCode))).verdict.result).toBe('refunded');

    await db.update(events).set({ status: 3 }).where(eq(events.id, event.id));
    expect((await verdictOf(await scan(event.id, kept.tickets[0]!.code))).verdict.result).toBe('refunded');
    expect(await db.select().from(checkIns).where(eq(checkIns.eTicketId, kept.tickets[0]!.id))).toEqual([]);
  });

  it('admits a typed booking reference as the booking’s own code: every person not yet in, once', async () => {
    const { event, regular, group } = await anEvent();
    const { booking, tickets } = await paidBookingWithTickets(t, {
      eventId: event.id,
      fullName: 'Njeri Wambui',
      lines: [
        { ticketTypeId: regular.id, name: 'Regular', quantity: 1 },
        { ticketTypeId: group.id, name: 'Group of 4', persons: 4, quantity: 1 },
      ],
    });
    const body = booking.reference.slice(3);
    // As a door person types what is printed: any case, with or without TK-, spaces anywhere.
    const whole = await verdictOf(await scan(event.id, ` ${body.slice(0, 3).toLowerCase()} ${body.slice(3)} `));
    expect(whole.verdict).toMatchObject({
      result: 'admitted',
      persons: 5,
      ticket: { holder_name: 'Njeri Wambui', booking_reference: booking.reference },
    });
    expect(whole.verdict.ticket_ids.sort()).toEqual(tickets.map((x) => x.id).sort());
    expect(whole.counts).toMatchObject({ tickets_admitted: 2, persons_admitted: 5 });
    // Once only, however it is written, and its QR code agrees.
    for (const typed of [booking.reference, booking.reference.toLowerCase(), `TK ${body}`]) {
      expect((await verdictOf(await scan(event.id, typed))).verdict, typed).toMatchObject({
        result: 'already_checked_in',
        persons: 0,
        checked_in_device: 'Door 1',
      });
    }
    const { bookingCode } = await paidBookingWithTickets(t, {
      eventId: event.id,
      lines: [{ ticketTypeId: regular.id, name: 'Regular', quantity: 1 }],
    });
    expect((await verdictOf(await scan(event.id, bookingCode))).verdict.result).toBe('admitted');
  });

  it('admits a typed ticket reference (the booking’s and its number) as that ticket’s code, once', async () => {
    const { event, regular, group } = await anEvent();
    const { booking, tickets } = await paidBookingWithTickets(t, {
      eventId: event.id,
      lines: [
        { ticketTypeId: regular.id, name: 'Regular', quantity: 2 },
        { ticketTypeId: group.id, name: 'Group of 4', persons: 4, quantity: 1 },
      ],
    });
    // Numbered in issue order: by line, then place in the line (the PDF's "Ticket 3 of 3").
    const third = await verdictOf(await scan(event.id, `${booking.reference}-3`.toLowerCase()));
    expect(third.verdict).toMatchObject({
      result: 'admitted',
      persons: 4,
      ticket_ids: [tickets[2]!.id],
      ticket: { id: tickets[2]!.id, ticket_type: 'Group of 4' },
    });
    expect((await verdictOf(await scan(event.id, tickets[2]!.code))).verdict.result).toBe('already_checked_in');
    const second = await verdictOf(await scan(event.id, `${booking.reference.slice(3)}2`));
    expect(second.verdict).toMatchObject({ result: 'admitted', persons: 1, ticket_ids: [tickets[1]!.id] });
    expect((await verdictOf(await scan(event.id, `${booking.reference} - 2`))).verdict.result).toBe(
      'already_checked_in',
    );
    // The booking's reference then admits the one ticket left.
    const rest = await verdictOf(await scan(event.id, booking.reference));
    expect(rest.verdict).toMatchObject({ result: 'admitted', persons: 1, ticket_ids: [tickets[0]!.id] });
    // No fourth ticket; no ticket 0.
    for (const typed of [`${booking.reference}-4`, `${booking.reference}-0`]) {
      expect((await verdictOf(await scan(event.id, typed))).verdict, typed).toMatchObject({
        result: 'unknown',
        ticket: null,
      });
    }
  });

  it('refuses a typed reference as its QR code would: refunded, or unknown when of another event or made up', async () => {
    const here = await anEvent();
    const there = await anEvent();
    const refunded = await paidBookingWithTickets(t, {
      eventId: here.event.id,
      lines: [{ ticketTypeId: here.regular.id, name: 'Regular', quantity: 2 }],
    });
    const db = t.database.db;
    await db.update(bookings).set({ status: 5 }).where(eq(bookings.id, refunded.booking.id));
    await db.update(eTickets).set({ revokedAt: new Date() }).where(eq(eTickets.bookingId, refunded.booking.id));
    for (const typed of [refunded.booking.reference, `${refunded.booking.reference}-2`]) {
      expect((await verdictOf(await scan(here.event.id, typed))).verdict, typed).toMatchObject({
        result: 'refunded',
        persons: 0,
      });
    }
    const elsewhere = await paidBookingWithTickets(t, {
      eventId: there.event.id,
      lines: [{ ticketTypeId: there.regular.id, name: 'Regular', quantity: 1 }],
    });
    // Unlike a signed code, a reference proves nothing about its event: it names no one here.
    for (const typed of [elsewhere.booking.reference, `${elsewhere.booking.reference}-1`, 'TK-ZZZZZZZ', 'TK-']) {
      expect((await verdictOf(await scan(here.event.id, typed))).verdict, typed).toMatchObject({
        result: 'unknown',
        ticket: null,
      });
    }
    const admitted = await db.select().from(checkIns).where(eq(checkIns.eTicketId, elsewhere.tickets[0]!.id));
    expect(admitted).toEqual([]);
  });

  it('refuses a body that is not a scan with 400', async () => {
    const { event } = await anEvent();
    for (const payload of [{}, { code: '', device_id: 'Door 1' }, { code: 'x', device_id: '<script>' }]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/v1/client/event/${event.id}/checkin`,
        headers: { auth: door.token },
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });
});

describe('the door kit', () => {
  it('holds the public keys, every e-ticket with its state, and the counts', async () => {
    const { event, regular, group } = await anEvent({ title: 'Kit night' });
    const a = await paidBookingWithTickets(t, {
      eventId: event.id,
      fullName: 'Kamau Njoroge',
      lines: [{ ticketTypeId: regular.id, name: 'Regular', quantity: 1 }],
    });
    const b = await paidBookingWithTickets(t, {
      eventId: event.id,
      lines: [{ ticketTypeId: group.id, name: 'Group of 4', persons: 4, quantity: 1 }],
    });
    await verdictOf(await scan(event.id, a.tickets[0]!.code, door.token, 'Door 7'));
    await t.database.db.update(eTickets).set({ revokedAt: new Date() }).where(eq(eTickets.bookingId, b.booking.id));

    const res = await t.app.inject({
      method: 'GET',
      url: `/v1/client/event/${event.id}/checkin/tickets`,
      headers: { auth: door.token },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const kit = doorKitResponseSchema.parse(res.json()).data;
    expect(kit.event).toMatchObject({ id: event.id, title: 'Kit night', status: 1 });
    // The kit's keys verify the codes, offline.
    const verified = await verifyTicketCode(kit.public_keys[0]!, a.tickets[0]!.code);
    expect(verified.ok && verified.payload.ticketId).toBe(a.tickets[0]!.id);
    expect(kit.tickets).toEqual([
      expect.objectContaining({
        id: a.tickets[0]!.id,
        booking_reference: a.booking.reference,
        number: 1,
        holder_name: 'Kamau Njoroge',
        ticket_type: 'Regular',
        admits: 1,
        revoked: false,
        checked_in_device: 'Door 7',
      }),
      expect.objectContaining({ id: b.tickets[0]!.id, admits: 4, revoked: true, checked_in_at: null }),
    ]);
    expect(kit.tickets[0]!.checked_in_at).not.toBeNull();
    expect(kit.counts).toEqual({ tickets_admitted: 1, tickets_sold: 1, persons_admitted: 1, persons_sold: 1 });
    // No codes in the kit: the device verifies the signature and looks the ticket up by id.
    expect(res.body).not.toContain(a.tickets[0]!.code);
  });

  it('lists the door events: published and cancelled, not drafts, not long over, soonest first', async () => {
    const org = await createOrganiser(t.database.db);
    const mk = (title: string, startsInHours: number, status?: 1 | 2) =>
      anEvent({ title, startsInHours, status, organisationId: org.organisationId });
    const later = await mk('Later', 48);
    const soon = await mk('Soon', 2);
    await mk('Draft', 3, 2);
    await mk('Long over', -24 * 5);
    const cancelled = await mk('Called off', 5);
    await t.database.db.update(events).set({ status: 3 }).where(eq(events.id, cancelled.event.id));
    await paidBookingWithTickets(t, {
      eventId: soon.event.id,
      lines: [{ ticketTypeId: soon.regular.id, name: 'Regular', quantity: 3 }],
    });
    const res = await t.app.inject({ method: 'GET', url: '/v1/client/checkin/events', headers: { auth: org.token } });
    expect(res.statusCode, res.body).toBe(200);
    const list = listDoorEventsResponseSchema.parse(res.json()).data;
    expect(list.map((e) => e.title)).toEqual(['Soon', 'Called off', 'Later']);
    expect(list[0]).toMatchObject({ id: soon.event.id, tickets_sold: 3, tickets_checked_in: 0, status: 1 });
    expect(list[1]).toMatchObject({ status: 3 });
    expect(list[2]!.id).toBe(later.event.id);
  });
});

describe('offline sync', () => {
  const at = (seconds: number) => new Date(Date.UTC(2026, 10, 25, 10, 0, seconds)).toISOString();

  it('admits the earliest of two offline scans, whichever device syncs first, and tells both', async () => {
    const { event, regular } = await anEvent();
    const { tickets } = await paidBookingWithTickets(t, {
      eventId: event.id,
      lines: [{ ticketTypeId: regular.id, name: 'Regular', quantity: 1 }],
    });
    const code = tickets[0]!.code;
    // Device A scanned at 10:00:05 and syncs first: as far as the server knows, it is first.
    const a1 = await syncResults(await sync(event.id, 'Door A', [{ local_id: 'a-1', code, scanned_at: at(5) }]));
    expect(a1.results[0]).toMatchObject({ local_id: 'a-1', result: 'admitted', conflict: null, persons: 1 });
    // Device B scanned earlier, at 10:00:02: it wins and is told of A's scan.
    const b1 = await syncResults(await sync(event.id, 'Door B', [{ local_id: 'b-1', code, scanned_at: at(2) }]));
    expect(b1.results[0]).toMatchObject({
      local_id: 'b-1',
      result: 'admitted',
      ticket_ids: [tickets[0]!.id],
      checked_in_at: at(2),
      checked_in_device: 'Door B',
      conflict: { device: 'Door A', scanned_at: at(5) },
    });
    expect(b1.counts.tickets_admitted).toBe(1);
    // A's next sync (the same batch again) now says it was already checked in, by B, earlier.
    const a2 = await syncResults(await sync(event.id, 'Door A', [{ local_id: 'a-1', code, scanned_at: at(5) }]));
    expect(a2.results[0]).toMatchObject({
      local_id: 'a-1',
      result: 'already_checked_in',
      persons: 0,
      checked_in_at: at(2),
      checked_in_device: 'Door B',
      conflict: { device: 'Door B', scanned_at: at(2) },
    });
    const rows = await t.database.db.select().from(checkIns).where(eq(checkIns.eTicketId, tickets[0]!.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ deviceId: 'Door B', checkedInAt: new Date(at(2)) });
    // The door kit says the same.
    const kit = await t.app.inject({
      method: 'GET',
      url: `/v1/client/event/${event.id}/checkin/tickets`,
      headers: { auth: owner.token },
    });
    expect(kit.json().data.tickets[0]).toMatchObject({ checked_in_at: at(2), checked_in_device: 'Door B' });
  });

  it('keeps a scan admitted online before both offline scans first', async () => {
    const { event, regular } = await anEvent();
    const { tickets } = await paidBookingWithTickets(t, {
      eventId: event.id,
      lines: [{ ticketTypeId: regular.id, name: 'Regular', quantity: 1 }],
    });
    const code = tickets[0]!.code;
    const online = await verdictOf(await scan(event.id, code, owner.token, 'Gate'));
    expect(online.verdict.result).toBe('admitted');
    const later = (s: number) => new Date(Date.now() + s * 1000).toISOString();
    const a = await syncResults(await sync(event.id, 'Door A', [{ local_id: 'a', code, scanned_at: later(5) }]));
    const b = await syncResults(await sync(event.id, 'Door B', [{ local_id: 'b', code, scanned_at: later(2) }]));
    for (const r of [a.results[0]!, b.results[0]!]) {
      expect(r).toMatchObject({
        result: 'already_checked_in',
        checked_in_at: online.verdict.checked_in_at,
        checked_in_device: 'Gate',
        conflict: { device: 'Gate', scanned_at: online.verdict.checked_in_at },
      });
    }
    const rows = await t.database.db.select().from(checkIns).where(eq(checkIns.eTicketId, tickets[0]!.id));
    expect(rows[0]).toMatchObject({ deviceId: 'Gate' });
  });

  it('is idempotent per device and local id: the batch sent again changes nothing, with its first time', async () => {
    const { event, regular } = await anEvent();
    const { tickets } = await paidBookingWithTickets(t, {
      eventId: event.id,
      lines: [{ ticketTypeId: regular.id, name: 'Regular', quantity: 3 }],
    });
    const batch = tickets.map((x, i) => ({ local_id: `l-${i}`, code: x.code, scanned_at: at(10 + i) }));
    batch.push({ local_id: 'l-rubbish', code: 'not a code', scanned_at: at(20) });
    const first = await syncResults(await sync(event.id, 'Door C', batch));
    expect(first.results.map((r) => [r.local_id, r.result])).toEqual([
      ['l-0', 'admitted'],
      ['l-1', 'admitted'],
      ['l-2', 'admitted'],
      ['l-rubbish', 'unknown'],
    ]);
    const snapshot = async () =>
      (await t.database.db.select().from(checkIns)).filter((c) => tickets.some((x) => x.id === c.eTicketId));
    const before = await snapshot();
    // Sent again, even with a different time for one scan: the first time stands.
    const again = await syncResults(
      await sync(event.id, 'Door C', [{ ...batch[0]!, scanned_at: at(1) }, ...batch.slice(1)]),
    );
    expect(again.results).toEqual(first.results);
    expect(await snapshot()).toEqual(before);
    expect(again.counts).toEqual({ tickets_admitted: 3, tickets_sold: 3, persons_admitted: 3, persons_sold: 3 });
  });

  it('numbers each ticket in its booking in the kit, as the PDF and the short references count', async () => {
    const { event, regular, group } = await anEvent();
    const one = await paidBookingWithTickets(t, {
      eventId: event.id,
      lines: [
        { ticketTypeId: regular.id, name: 'Regular', quantity: 2 },
        { ticketTypeId: group.id, name: 'Group of 4', persons: 4, quantity: 1 },
      ],
    });
    const two = await paidBookingWithTickets(t, {
      eventId: event.id,
      lines: [{ ticketTypeId: regular.id, name: 'Regular', quantity: 1 }],
    });
    const res = await t.app.inject({
      method: 'GET',
      url: `/v1/client/event/${event.id}/checkin/tickets`,
      headers: { auth: door.token },
    });
    const kit = doorKitResponseSchema.parse(res.json()).data;
    expect(kit.tickets.map((x) => [x.id, x.booking_reference, x.number])).toEqual([
      [one.tickets[0]!.id, one.booking.reference, 1],
      [one.tickets[1]!.id, one.booking.reference, 2],
      [one.tickets[2]!.id, one.booking.reference, 3],
      [two.tickets[0]!.id, two.booking.reference, 1],
    ]);
  });

  it('settles typed references admitted offline like codes: the earliest scan wins', async () => {
    const { event, regular } = await anEvent();
    const { booking, tickets } = await paidBookingWithTickets(t, {
      eventId: event.id,
      lines: [{ ticketTypeId: regular.id, name: 'Regular', quantity: 2 }],
    });
    const a = await syncResults(
      await sync(event.id, 'Door E', [
        { local_id: 'e-1', code: `${booking.reference}-2`.toLowerCase(), scanned_at: at(30) },
        { local_id: 'e-2', code: 'TK-ZZZZZZZ', scanned_at: at(31) },
      ]),
    );
    expect(a.results.map((r) => [r.local_id, r.result, r.ticket_ids])).toEqual([
      ['e-1', 'admitted', [tickets[1]!.id]],
      ['e-2', 'unknown', []],
    ]);
    // Another door typed the booking's reference earlier: it wins ticket 2 and takes ticket 1.
    const b = await syncResults(
      await sync(event.id, 'Door F', [{ local_id: 'f-1', code: booking.reference, scanned_at: at(20) }]),
    );
    expect(b.results[0]).toMatchObject({ result: 'admitted', persons: 2, conflict: { device: 'Door E' } });
    expect(b.counts).toMatchObject({ tickets_admitted: 2, tickets_sold: 2 });
  });

  it("refuses a scan time more than five minutes ahead of the server's clock, and a batch too big", async () => {
    const { event, regular } = await anEvent();
    const { tickets } = await paidBookingWithTickets(t, {
      eventId: event.id,
      lines: [{ ticketTypeId: regular.id, name: 'Regular', quantity: 1 }],
    });
    const ahead = new Date(Date.now() + 10 * 60_000).toISOString();
    const res = await sync(event.id, 'Door D', [{ local_id: 'x', code: tickets[0]!.code, scanned_at: ahead }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().status_description).toContain('scans.0.scanned_at');
    expect(await t.database.db.select().from(checkIns).where(eq(checkIns.eTicketId, tickets[0]!.id))).toEqual([]);
    const many = Array.from({ length: 201 }, (_, i) => ({ local_id: `${i}`, code: 'x', scanned_at: at(1) }));
    expect((await sync(event.id, 'Door D', many)).statusCode).toBe(400);
  });
});
