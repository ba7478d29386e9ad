import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { doorKitResponseSchema, doorSearchResponseSchema, doorTicketQrResponseSchema } from '@tikiti/contract';
import { readTypedReference, ticketReference } from '@tikiti/ticket-codes';
import { PNG } from 'pngjs';
import jsQRModule from 'jsqr';
import { bookingAttendees, bookings, doorScans, eTickets } from '../../db/schema/index.js';
import { checkIn } from './checkin.service.js';
import { asCaller, paidBookingWithTickets } from '../../test-support/door.js';
import { createBuyer, createCategory, createEvent, createOrganiser } from '../../test-support/fixtures.js';
import { mailTo } from '../../test-support/mailbox.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';

/**
 * The door finds people (docs/product.md, "Check-in"): search by name, phone, email, company or
 * booking reference, online and from the offline kit; admit from a result with the same
 * once-only rule as a scan; re-send a ticket's mail; show its QR code.
 */
const jsQR = jsQRModule.default;
let t: TestApp;
type Org = Awaited<ReturnType<typeof createOrganiser>>;
let owner: Org;
let door: Org;
let intruder: Org;
let intruderDoor: Org;
let buyer: Awaited<ReturnType<typeof createBuyer>>;
let eventId: number;
let ticketId: number;
let bookingReference: string;
let buyerEmail: string;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  owner = await createOrganiser(db);
  door = await createOrganiser(db, { organisationId: owner.organisationId, role: 'checkin' });
  intruder = await createOrganiser(db);
  intruderDoor = await createOrganiser(db, { organisationId: intruder.organisationId, role: 'checkin' });
  buyer = await createBuyer(db);
  const categoryId = (await createCategory(db)).id;
  const { event, tickets } = await createEvent(db, {
    organisationId: owner.organisationId,
    categoryId,
    tickets: [{ name: 'Delegate', price: 19.99, max: 100 }],
  });
  eventId = event.id;
  const paid = await paidBookingWithTickets(t, {
    eventId,
    fullName: 'Otieno Buyer',
    lines: [{ ticketTypeId: tickets[0]!.id, name: 'Delegate', quantity: 2 }],
  });
  await db.update(bookings).set({ msisdn: '254700000001' }).where(eq(bookings.id, paid.booking.id));
  const second = paid.tickets[1]!;
  await db.update(eTickets).set({ holderName: 'Grace Muthoni' }).where(eq(eTickets.id, second.id));
  await db.insert(bookingAttendees).values({
    bookingId: second.bookingId,
    bookingLineId: second.bookingLineId,
    seq: second.seq,
    fullName: 'Grace Muthoni',
    email: 'grace@safaricom.example',
    msisdn: '+254 712 345 678',
    company: 'Safaricom PLC',
    jobTitle: 'Head of Finance',
    named: true,
  });
  ticketId = second.id;
  bookingReference = paid.booking.reference;
  buyerEmail = paid.booking.email;
  // Someone else, so a search has something to leave out.
  await paidBookingWithTickets(t, {
    eventId,
    fullName: 'Kamau Njoroge',
    lines: [{ ticketTypeId: tickets[0]!.id, name: 'Delegate', quantity: 1 }],
  });
});
afterAll(() => t.close());

async function search(q: string, token = door.token) {
  const res = await asCaller(
    t,
    { method: 'GET', url: `/v1/client/event/${eventId}/checkin/search?q=${encodeURIComponent(q)}` },
    token,
  );
  expect(res.statusCode, res.body).toBe(200);
  return doorSearchResponseSchema.parse(res.json()).data;
}

describe('door search', () => {
  it('finds a delegate by each field: name, phone (any form), email, company and booking reference', async () => {
    for (const q of [
      'grace',
      'MUTHONI',
      '0712345678',
      '+254712345678',
      '712 345',
      'grace@safaricom',
      'safaricom plc',
    ]) {
      const rows = await search(q);
      expect(
        rows.map((r) => r.ticket_id),
        q,
      ).toEqual([ticketId]);
      expect(rows[0]).toMatchObject({
        holder_name: 'Grace Muthoni',
        company: 'Safaricom PLC',
        ticket_type: 'Delegate',
        state: 'not_checked_in',
        reference: ticketReference(bookingReference, 2),
      });
    }
    const byBooking = await search(bookingReference.toLowerCase());
    expect(byBooking.map((r) => r.holder_name).sort()).toEqual(['Grace Muthoni', 'Otieno Buyer']);
    expect(await search('0700000001')).toHaveLength(1);
    expect(await search('nobody-here')).toEqual([]);
  });

  it('ignores accents in names and companies both ways, as the offline search does', async () => {
    const db = t.database.db;
    await db.update(eTickets).set({ holderName: 'Wanjirũ Müller' }).where(eq(eTickets.id, ticketId));
    await db
      .update(bookingAttendees)
      .set({ company: 'Société Générale' })
      .where(
        eq(
          bookingAttendees.bookingId,
          (await db.select({ b: eTickets.bookingId }).from(eTickets).where(eq(eTickets.id, ticketId)))[0]!.b,
        ),
      );
    try {
      for (const q of ['wanjiru', 'WANJIRŨ', 'muller', 'Müller', 'societe gen', 'SOCIÉTÉ']) {
        expect(
          (await search(q)).map((r) => r.ticket_id),
          q,
        ).toEqual([ticketId]);
      }
      expect(await search('wanjira')).toEqual([]);
    } finally {
      await db.update(eTickets).set({ holderName: 'Grace Muthoni' }).where(eq(eTickets.id, ticketId));
      await db
        .update(bookingAttendees)
        .set({ company: 'Safaricom PLC' })
        .where(eq(bookingAttendees.fullName, 'Grace Muthoni'));
    }
  });

  it('admits from a result with the same once-only rule as a scan', async () => {
    const [row] = await search('Grace');
    const admit = () =>
      asCaller(
        t,
        {
          method: 'POST',
          url: `/v1/client/event/${eventId}/checkin`,
          payload: { code: row!.reference, device_id: 'Door 1' },
        },
        door.token,
      );
    const first = (await admit()).json().data.verdict;
    expect(first).toMatchObject({ result: 'admitted', ticket_ids: [ticketId], persons: 1 });
    expect((await admit()).json().data.verdict.result).toBe('already_checked_in');
    const [after] = await search('Grace');
    expect(after).toMatchObject({ state: 'checked_in', checked_in_device: 'Door 1' });
  });

  it('works offline from the kit: it carries names, emails, phones and companies', async () => {
    const res = await asCaller(t, { method: 'GET', url: `/v1/client/event/${eventId}/checkin/tickets` }, door.token);
    const kit = doorKitResponseSchema.parse(res.json()).data;
    const grace = kit.tickets.find((x) => x.id === ticketId)!;
    expect(grace).toMatchObject({
      holder_name: 'Grace Muthoni',
      email_address: 'grace@safaricom.example',
      msisdn: '+254 712 345 678',
      company: 'Safaricom PLC',
      job_title: 'Head of Finance',
    });
    // What a device does offline: find by a field, then admit by the ticket's reference.
    const found = kit.tickets.filter((x) => `${x.holder_name} ${x.company ?? ''}`.toLowerCase().includes('safaricom'));
    expect(found.map((x) => x.id)).toEqual([ticketId]);
    const reference = ticketReference(found[0]!.booking_reference, found[0]!.number);
    expect(readTypedReference(reference)).toContainEqual({ bookingRef: bookingReference, ticket: 2 });
  });

  it("re-sends a ticket's mail to its delegate, and shows its QR code for a second scanner", async () => {
    const resend = await asCaller(
      t,
      { method: 'POST', url: `/v1/client/event/${eventId}/checkin/tickets/${ticketId}/resend` },
      door.token,
    );
    expect(resend.statusCode, resend.body).toBe(200);
    expect(resend.json().data).toEqual({ sent_to: 'g•••@safaricom.example' });
    const mails = await mailTo(t, 'grace@safaricom.example');
    expect(mails.some((m) => m.subject.startsWith('Your ticket for'))).toBe(true);
    const qr = await asCaller(
      t,
      { method: 'GET', url: `/v1/client/event/${eventId}/checkin/tickets/${ticketId}/qr` },
      door.token,
    );
    const shown = doorTicketQrResponseSchema.parse(qr.json()).data;
    const [ticket] = await t.database.db.select().from(eTickets).where(eq(eTickets.id, ticketId));
    expect(shown.code).toBe(ticket!.code);
    const png = PNG.sync.read(Buffer.from(shown.qr.replace(/^data:image\/png;base64,/, ''), 'base64'));
    expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toBe(ticket!.code);
    expect(buyerEmail).toBeTruthy();
  });

  it('refuses a refunded ticket to re-send and show, and lists it as revoked', async () => {
    const other = (await search('Kamau'))[0]!;
    await t.database.db.update(eTickets).set({ revokedAt: new Date() }).where(eq(eTickets.id, other.ticket_id));
    expect((await search('Kamau'))[0]!.state).toBe('revoked');
    for (const [method, suffix] of [
      ['POST', 'resend'],
      ['GET', 'qr'],
    ] as const) {
      const res = await asCaller(
        t,
        { method, url: `/v1/client/event/${eventId}/checkin/tickets/${other.ticket_id}/${suffix}` },
        door.token,
      );
      expect(res.statusCode).toBe(409);
      expect(res.json().data.code).toBe('door.ticket_not_valid');
    }
  });

  it('is refused to other organisations and their door-only teammates (404), buyers (406) and nobody (401)', async () => {
    const calls = [
      { method: 'GET' as const, url: `/v1/client/event/${eventId}/checkin/search?q=grace` },
      { method: 'POST' as const, url: `/v1/client/event/${eventId}/checkin/tickets/${ticketId}/resend` },
      { method: 'GET' as const, url: `/v1/client/event/${eventId}/checkin/tickets/${ticketId}/qr` },
    ];
    for (const call of calls) {
      expect((await asCaller(t, call, intruder.token)).statusCode, call.url).toBe(404);
      expect((await asCaller(t, call, intruderDoor.token)).statusCode, call.url).toBe(404);
      expect((await asCaller(t, call, buyer.token)).statusCode, call.url).toBe(406);
      expect((await asCaller(t, call)).statusCode, call.url).toBe(401);
      expect((await asCaller(t, call, owner.token)).statusCode, call.url).toBeLessThan(400);
    }
  });
});

describe('a later day at the door', () => {
  it('records a ticket already in when it comes back on another Nairobi day, still answering already checked in', async () => {
    // The door's caller as its routes hand it over: only the account and organisation are read.
    const caller = { accountId: door.accountId, organisationId: owner.organisationId } as unknown as Parameters<
      typeof checkIn
    >[1];
    const [row] = await search('Kamau');
    await t.database.db.update(eTickets).set({ revokedAt: null }).where(eq(eTickets.id, row!.ticket_id));
    const [ticket] = await t.database.db.select().from(eTickets).where(eq(eTickets.id, row!.ticket_id));
    const body = { code: ticket!.code, device_id: 'Door 1' };
    const day1 = new Date('2026-12-01T07:00:00Z');
    const ctx = { config: t.config, db: t.database.db };
    expect((await checkIn(ctx, caller, eventId, body, day1)).verdict.result).toBe('admitted');
    const sameDay = await checkIn(ctx, caller, eventId, body, new Date('2026-12-01T15:00:00Z'));
    expect(sameDay.verdict.result).toBe('already_checked_in');
    const scans = () => t.database.db.select().from(doorScans).where(eq(doorScans.eTicketId, ticket!.id));
    expect(await scans()).toHaveLength(1);
    const nextDay = await checkIn(ctx, caller, eventId, body, new Date('2026-12-02T06:30:00Z'));
    expect(nextDay.verdict.result).toBe('already_checked_in');
    expect((await scans()).map((s) => s.scannedAt.toISOString()).sort()).toEqual([
      '2026-12-01T07:00:00.000Z',
      '2026-12-02T06:30:00.000Z',
    ]);
  });
});
