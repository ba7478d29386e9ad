import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import jsQRModule from 'jsqr';
import { PNG } from 'pngjs';
import { publicKeyFromPrivateKey, verifyTicketCode } from '@tikiti/ticket-codes';
import {
  BOOKING_STATUS,
  bookingCalendarFile,
  calendarBookingOfETicket,
  calendarBookingOfStoredBooking,
  formatDateRange,
  storedBookingResponseSchema,
  viewTicketsResponseSchema,
  type ETicket,
  type StoredBooking,
} from '@tikiti/contract';
import { accounts, appSecrets, bookings, eTickets, events, payments } from '../../db/schema/index.js';
import { createBuyer, createCategory, createEvent, createOrganiser } from '../../test-support/fixtures.js';
import { mailTo, nextIp } from '../../test-support/mailbox.js';
import { book, guest, payWithCard, retrieve } from '../../test-support/checkout.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { pdfPages } from '../../test-support/pdf-text.js';
import { enqueueJob } from '../../jobs/queue.js';
import { runDueJobs } from '../../jobs/worker.js';
import { jobHandlers } from '../../background.js';
import { createSession } from '../accounts/index.js';
import { INTENT_CHANGED_JOB } from '../payments/index.js';
import { issueETickets, revokeBookingTickets } from './index.js';
import { ticketUrlSigner } from './ticket-urls.js';

let t: TestApp;
let organisationId: number;
let categoryId: number;

beforeAll(async () => {
  t = await createTestApp({ BOOKINGS_PER_ADDRESS: '0' });
  organisationId = (await createOrganiser(t.database.db)).organisationId;
  categoryId = (await createCategory(t.database.db)).id;
});
afterAll(() => t.close());

const db = () => t.database.db;
const ctx = () => ({ config: t.config, db: db() });

async function anEvent(opts: { title?: string; startsInHours?: number } = {}) {
  return createEvent(db(), {
    organisationId,
    categoryId,
    title: opts.title,
    startsInHours: opts.startsInHours,
    location: 'Kenyatta International Convention Centre, Nairobi',
    tickets: [
      { name: 'Group of 4', price: 100, persons: 4, max: 20 },
      { name: 'Single', price: 30, max: 20 },
    ],
  });
}

/** Books, pays with the sandbox's test card and settles (retrieve), as a guest unless `token` is given. */
async function paidBooking(
  eventId: number,
  tickets: { id: number; qty: number }[],
  opts: { token?: string; details?: ReturnType<typeof guest> } = {},
) {
  const booked = await book(
    t.app,
    { event_id: eventId, tickets, ...(opts.details ? { details: opts.details } : {}) },
    { token: opts.token },
  );
  expect(booked.statusCode, booked.body).toBe(201);
  const { client_secret: secret, booking_reference: reference } = booked.json().data;
  const token = opts.token ?? (booked.headers.auth as string);
  expect((await payWithCard(t.app, secret)).json().data.status).toBe('succeeded');
  const settled = await retrieve(t.app, secret, token);
  expect(settled.json().data.status, settled.body).toBe(BOOKING_STATUS.paid);
  return { reference: reference as string, secret: secret as string, token };
}

const viewAs = (token?: string) =>
  t.app.inject({ method: 'GET', url: '/v1/tickets/view', headers: token ? { auth: token } : {} });

async function ticketsOf(token: string): Promise<ETicket[]> {
  const res = await viewAs(token);
  expect(res.statusCode, res.body).toBe(200);
  return viewTicketsResponseSchema.parse(res.json()).data;
}

const bookingRow = async (reference: string) =>
  (await db().select().from(bookings).where(eq(bookings.reference, reference)))[0]!;

const ticketRows = (bookingId: number) => db().select().from(eTickets).where(eq(eTickets.bookingId, bookingId));

async function publicKey() {
  const res = await t.app.inject({ method: 'GET', url: '/v1/tickets/public-key' });
  expect(res.statusCode).toBe(200);
  return res.json().data.keys[0].public_key as string;
}

const get = (url: string) => t.app.inject({ method: 'GET', url });

/** jsqr is CommonJS with a `default` beside itself. */
const jsQR = jsQRModule.default;

function readQr(png: Buffer) {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data;
}

/** The same address with one letter of its signature changed. */
const tampered = (url: string) =>
  url.replace(/sig=(\d+\.)(.)/, (_, head: string, c: string) => `sig=${head}${c === 'A' ? 'B' : 'A'}`);

describe('GET v1/tickets/public-key', () => {
  it('serves one Ed25519 key, version 1, made once and kept, public and cacheable for an hour', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/tickets/public-key' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    const { keys } = res.json().data;
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ version: 1 });
    expect(keys[0].public_key).toMatch(/^[\w-]{43}$/);
    expect(Date.parse(keys[0].created_at)).not.toBeNaN();
    // Made once and kept: the seed lives in app_secrets, so every instance on this database signs alike.
    const [seed] = await db().select().from(appSecrets).where(eq(appSecrets.name, 'ticket-signing-key'));
    expect(await publicKeyFromPrivateKey(seed!.value)).toBe(keys[0].public_key);
    expect(await publicKey()).toBe(keys[0].public_key);
  });

  it('derives the key from TICKET_SIGNING_SECRET when it is set, the same on every instance', async () => {
    const secret = 'a configured ticket signing secret of some length';
    const seed = createHash('sha256').update(secret).digest('base64url');
    const [a, b] = [
      await createTestApp({ TICKET_SIGNING_SECRET: secret }),
      await createTestApp({ TICKET_SIGNING_SECRET: secret }),
    ];
    try {
      const keyOf = async (x: TestApp) =>
        (await x.app.inject({ method: 'GET', url: '/v1/tickets/public-key' })).json().data.keys[0].public_key;
      expect(await keyOf(a)).toBe(await publicKeyFromPrivateKey(seed));
      expect(await keyOf(b)).toBe(await keyOf(a));
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});

describe('issuing e-tickets when a booking is paid', () => {
  it('issues nothing before payment, then one e-ticket per ticket bought, each code verifying with the public key alone', async () => {
    const { event, tickets: types } = await anEvent();
    const details = { ...guest(), full_name: 'Achieng Otieno' };
    const booked = await book(t.app, {
      event_id: event.id,
      tickets: [
        { id: types[0]!.id, qty: 2 },
        { id: types[1]!.id, qty: 1 },
      ],
      details,
    });
    const { client_secret: secret, booking_reference: reference } = booked.json().data;
    const token = booked.headers.auth as string;
    const row = await bookingRow(reference);
    expect(await ticketRows(row.id)).toHaveLength(0);
    expect(row.bookingCode).toBeNull();
    expect(await ticketsOf(token)).toEqual([]);

    await payWithCard(t.app, secret);
    expect((await retrieve(t.app, secret, token)).json().data.status).toBe(BOOKING_STATUS.paid);

    const [view] = await ticketsOf(token);
    expect(view).toMatchObject({
      event_id: event.id,
      title: event.title,
      holder_name: 'Achieng Otieno',
      ended: false,
      booking: {
        booking_id: reference,
        payment_method: 'card',
        currency: 'USD',
        price: 230,
        tickets: [
          { name: 'Group of 4', no_of_persons: 4, price_per_ticket: 100, quantity: 2 },
          { name: 'Single', no_of_persons: 1, price_per_ticket: 30, quantity: 1 },
        ],
      },
    });
    expect(view!.tickets.map((x) => [x.ticket_type, x.admits, x.holder_name, x.revoked])).toEqual([
      ['Group of 4', 4, 'Achieng Otieno', false],
      ['Group of 4', 4, 'Achieng Otieno', false],
      ['Single', 1, 'Achieng Otieno', false],
    ]);
    // Each ticket's short reference: the booking's and its number in it (docs/ticket-codes.md#typed-references).
    expect(view!.tickets.map((x) => x.reference)).toEqual([`${reference}-1`, `${reference}-2`, `${reference}-3`]);
    expect(new Set(view!.tickets.map((x) => x.code)).size).toBe(3);

    // The public key from the API is all a door device needs.
    const key = await publicKey();
    for (const ticket of view!.tickets) {
      expect(await verifyTicketCode(key, ticket.code)).toEqual({
        ok: true,
        payload: {
          kind: 'ticket',
          ticketId: ticket.id,
          eventId: event.id,
          bookingRef: reference,
          persons: ticket.admits,
        },
      });
    }
    const paid = await bookingRow(reference);
    expect(await verifyTicketCode(key, view!.booking_code)).toEqual({
      ok: true,
      payload: { kind: 'booking', ticketId: paid.id, eventId: event.id, bookingRef: reference, persons: 9 },
    });
    expect(paid.bookingCode).toBe(view!.booking_code);
    const rows = await ticketRows(paid.id);
    expect(rows.map((r) => [r.seq, r.admits, r.revokedAt])).toEqual(
      expect.arrayContaining([
        [1, 4, null],
        [2, 4, null],
        [1, 1, null],
      ]),
    );
  });

  it('issues once however often and however concurrently the booking is settled', async () => {
    const { event, tickets: types } = await anEvent();
    const details = guest();
    const booked = await book(t.app, { event_id: event.id, tickets: [{ id: types[0]!.id, qty: 3 }], details });
    const { client_secret: secret, booking_reference: reference } = booked.json().data;
    const token = booked.headers.auth as string;
    await payWithCard(t.app, secret);
    const answers = await Promise.all(Array.from({ length: 5 }, () => retrieve(t.app, secret, token)));
    expect(answers.map((a) => a.json().data.status)).toEqual(Array(5).fill(BOOKING_STATUS.paid));
    const row = await bookingRow(reference);
    const before = await ticketRows(row.id);
    expect(before).toHaveLength(3);

    // The provider's webhook arrives afterwards and settles again.
    const [payment] = await db().select().from(payments).where(eq(payments.clientSecret, secret));
    await enqueueJob(db(), INTENT_CHANGED_JOB, { provider: 'sandbox', intentId: payment!.intentId });
    const settle = jobHandlers.filter((h) => h.kind === INTENT_CHANGED_JOB);
    expect((await runDueJobs(ctx(), settle)).done).toBeGreaterThanOrEqual(1);
    // Issuing by hand again adds nothing either.
    expect(await db().transaction((tx) => issueETickets(ctx(), tx, row.id))).toBe(0);

    const after = await ticketRows(row.id);
    expect(after.map((r) => [r.id, r.code])).toEqual(before.map((r) => [r.id, r.code]));
    expect((await bookingRow(reference)).bookingCode).toBe(row.bookingCode);
    const mails = (await mailTo(t, details.email_address)).filter((m) => m.subject.startsWith('Your tickets for'));
    expect(mails).toHaveLength(1);
  });

  it('issues the tickets of a late payment that is honoured', async () => {
    const { event, tickets: types } = await anEvent();
    const booked = await book(t.app, { event_id: event.id, tickets: [{ id: types[1]!.id, qty: 2 }] });
    const { client_secret: secret, booking_reference: reference } = booked.json().data;
    await db().execute(
      sql`UPDATE bookings SET status = ${BOOKING_STATUS.failed}, hold_expires_at = now() - interval '1 minute' WHERE reference = ${reference}`,
    );
    await db().execute(sql`UPDATE ticket_types SET held = held - 2 WHERE id = ${types[1]!.id}`);
    await payWithCard(t.app, secret);
    expect((await retrieve(t.app, secret, booked.headers.auth as string)).json().data.status).toBe(BOOKING_STATUS.paid);
    const [view] = await ticketsOf(booked.headers.auth as string);
    expect(view!.tickets.map((x) => x.admits)).toEqual([1, 1]);
  });
});

describe('GET v1/tickets/view', () => {
  it('shows a buyer their own bookings, upcoming soonest first, then ended ones latest first', async () => {
    const buyer = await createBuyer(db());
    const soon = await anEvent({ startsInHours: 24 });
    const later = await anEvent({ startsInHours: 72 });
    const recent = await anEvent({ startsInHours: 48 });
    const long = await anEvent({ startsInHours: 96 });
    for (const e of [later, soon, long, recent]) {
      await paidBooking(e.event.id, [{ id: e.tickets[1]!.id, qty: 1 }], { token: buyer.token });
    }
    // Two of the events have since taken place.
    const past = (id: number, days: number) =>
      db()
        .update(events)
        .set({
          startTime: new Date(Date.now() - days * 86_400_000),
          endTime: new Date(Date.now() - days * 86_400_000 + 3_600_000),
        })
        .where(eq(events.id, id));
    await past(recent.event.id, 2);
    await past(long.event.id, 30);

    const view = await ticketsOf(buyer.token);
    expect(view.map((v) => [v.event_id, v.ended])).toEqual([
      [soon.event.id, false],
      [later.event.id, false],
      [recent.event.id, true],
      [long.event.id, true],
    ]);

    // Another buyer sees none of them; an organiser is refused; no token or a dead one is a 401.
    const other = await createBuyer(db());
    expect(await ticketsOf(other.token)).toEqual([]);
    const organiser = await createOrganiser(db());
    expect((await viewAs(organiser.token)).statusCode).toBe(406);
    expect((await viewAs()).statusCode).toBe(401);
    expect((await viewAs('not-a-live-session-token-at-all')).statusCode).toBe(401);
    expect((await viewAs(`ck1.TK-2222222.${'A'.repeat(43)}`)).statusCode).toBe(401);
  });

  it('shows a guest’s checkout token only the bookings made with it; their account, signed in, sees all', async () => {
    const email = `guest-tickets-${Date.now()}@example.co.ke`;
    const details = { ...guest(email), full_name: 'Baraka Mwangi' };
    const first = await anEvent();
    const second = await anEvent();
    const a = await paidBooking(first.event.id, [{ id: first.tickets[0]!.id, qty: 1 }], { details });
    const b = await paidBooking(second.event.id, [{ id: second.tickets[1]!.id, qty: 2 }], { details });
    expect(a.token).not.toBe(b.token);
    expect((await ticketsOf(a.token)).map((v) => v.booking.booking_id)).toEqual([a.reference]);
    expect((await ticketsOf(b.token)).map((v) => v.booking.booking_id)).toEqual([b.reference]);
    // The same email signed in (by a mailed code) owns both.
    const [account] = await db().select().from(accounts).where(eq(accounts.email, email));
    const session = await createSession(db(), account!.id);
    expect((await ticketsOf(session)).map((v) => v.booking.booking_id).sort()).toEqual(
      [a.reference, b.reference].sort(),
    );
  });
});

describe('the files behind signed addresses', () => {
  let view: ETicket;
  let stored: StoredBooking;
  let reference: string;

  beforeAll(async () => {
    const { event, tickets: types } = await anEvent({ title: 'Nairobi Fintech Summit 2026' });
    // 09:00 to 17:00 in Nairobi, a month from now.
    const day = new Date(Date.now() + 30 * 86_400_000);
    const start = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 6));
    await db()
      .update(events)
      .set({ startTime: start, endTime: new Date(start.getTime() + 8 * 3_600_000) })
      .where(eq(events.id, event.id));
    const booked = await paidBooking(
      event.id,
      [
        { id: types[0]!.id, qty: 1 },
        { id: types[1]!.id, qty: 1 },
      ],
      { details: { ...guest(), full_name: 'Wanjiru Kamau' } },
    );
    reference = booked.reference;
    view = (await ticketsOf(booked.token))[0]!;
    stored = storedBookingResponseSchema.parse((await retrieve(t.app, booked.secret, booked.token)).json()).data;
  });

  it('serves each QR image as a PNG that scans to the ticket’s code', async () => {
    for (const ticket of view.tickets) {
      const res = await get(ticket.qr);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['cache-control']).toMatch(/^private/);
      const image = PNG.sync.read(res.rawPayload);
      expect(image.width).toBeGreaterThanOrEqual(290);
      expect(readQr(res.rawPayload)).toBe(ticket.code);
    }
    const booking = await get(view.code_link);
    expect(readQr(booking.rawPayload)).toBe(view.booking_code);
  });

  it('answers 404 to an address without a live signature: none, altered, expired or another file’s', async () => {
    const qr = view.tickets[0]!.qr;
    const ics = (await ticketUrlSigner(ctx(), 'mail'))(`ics:${reference}`);
    for (const url of [qr, view.link, view.code_link, ics]) {
      expect((await get(url)).statusCode, url).toBe(200);
      expect((await get(url.split('?')[0]!)).statusCode, url).toBe(404);
      expect((await get(tampered(url))).statusCode, url).toBe(404);
    }
    // A signature of another ticket does not open this one.
    const otherId = view.tickets[1]!.id;
    expect((await get(qr.replace(`/qr/${view.tickets[0]!.id}.png`, `/qr/${otherId}.png`))).statusCode).toBe(404);
    // Yesterday's page addresses have run out (a day); a mail's last 30 days.
    const yesterday = await ticketUrlSigner(ctx(), 'page', { now: Date.now() - 26 * 3_600_000 });
    expect((await get(yesterday(`qr:${view.tickets[0]!.id}`))).statusCode).toBe(404);
    expect((await get(yesterday(`pdf:${reference}`))).statusCode).toBe(404);
    const lastMonth = await ticketUrlSigner(ctx(), 'mail', { now: Date.now() - 31 * 86_400_000 });
    expect((await get(lastMonth(`ics:${reference}`))).statusCode).toBe(404);
    const lastWeek = await ticketUrlSigner(ctx(), 'mail', { now: Date.now() - 7 * 86_400_000 });
    expect((await get(lastWeek(`ics:${reference}`))).statusCode).toBe(200);
    // Signed, but nothing there.
    const sign = await ticketUrlSigner(ctx(), 'page');
    expect((await get(sign('qr:999999'))).statusCode).toBe(404);
    expect((await get(sign('qr:9999999999'))).statusCode).toBe(404);
    expect((await get(sign('pdf:TK-ZZZZZZZ'))).statusCode).toBe(404);
  });

  it('serves the PDF: one page per ticket with the event, the Nairobi date, the holder, the reference and the ticket’s own', async () => {
    const res = await get(view.link);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toMatch(/^private/);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="tikiti-${reference}.pdf"`);
    const pages = await pdfPages(res.rawPayload);
    expect(pages).toHaveLength(2);
    const when = formatDateRange(view.start_time, view.end_time);
    expect(when).toMatch(/^\w{3}, \d{1,2} \w{3} \d{4} · 09:00–17:00 EAT$/);
    for (const [i, text] of pages.entries()) {
      for (const expected of [
        'Nairobi Fintech Summit 2026',
        when,
        'Wanjiru Kamau',
        reference,
        `Ticket ${i + 1} of 2`,
        // The ticket's short reference, under its code, to type at the door.
        `${reference}-${i + 1}`,
        view.tickets[i]!.reference,
      ]) {
        expect(text, expected).toContain(expected);
      }
    }
    expect(pages[0]).toContain('Group of 4');
    expect(pages[0]).toContain('4 people');
    expect(pages[1]).toContain('Single');
    expect(pages[1]).toContain('1 person');
  });

  it('serves the calendar file: one VEVENT in UTC, CRLF lines, the reference as UID', async () => {
    const res = await get((await ticketUrlSigner(ctx(), 'mail'))(`ics:${reference}`));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="tikiti-${reference}.ics"`);
    const utc = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '');
    expect(res.body).toMatch(/^BEGIN:VCALENDAR\r\nVERSION:2\.0\r\n/);
    expect(res.body).toContain(`\r\nUID:${reference}@tikiti.co.ke\r\n`);
    expect(res.body).toContain(`\r\nDTSTART:${utc(view.start_time)}\r\n`);
    expect(res.body).toContain(`\r\nDTEND:${utc(view.end_time)}\r\n`);
    expect(res.body).toContain('\r\nSUMMARY:Nairobi Fintech Summit 2026\r\n');
    expect(res.body).toContain('LOCATION:Kenyatta International Convention Centre\\, Nairobi');
    expect(res.body.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    expect(res.body.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('serves the very file the web’s success and e-tickets pages write from their answers: one calendar entry', async () => {
    const res = await get((await ticketUrlSigner(ctx(), 'mail'))(`ics:${reference}`));
    // The pages run where PUBLIC_URL points, so their origin is its; only the moment written (DTSTAMP) differs.
    const stamp = /\r\nDTSTAMP:(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z\r\n/.exec(res.body)!;
    const at = new Date(`${stamp[1]}-${stamp[2]}-${stamp[3]}T${stamp[4]}:${stamp[5]}:${stamp[6]}Z`);
    const origin = new URL(t.config.publicUrl).origin;
    expect(bookingCalendarFile(calendarBookingOfETicket(view), origin, at)).toBe(res.body);
    expect(bookingCalendarFile(calendarBookingOfStoredBooking(stored), origin, at)).toBe(res.body);
  });
});

describe('tampered codes and revoked tickets', () => {
  it('refuses an altered code, and marks revoked tickets while their codes still verify', async () => {
    const { event, tickets: types } = await anEvent();
    const booked = await paidBooking(event.id, [{ id: types[0]!.id, qty: 2 }]);
    const [view] = await ticketsOf(booked.token);
    const key = await publicKey();
    const code = view!.tickets[0]!.code;
    const [prefix, payload, signature] = code.split('.');
    const altered = `${prefix}.${payload!.slice(0, -2)}${payload!.endsWith('A') ? 'BA' : 'AA'}.${signature}`;
    expect(await verifyTicketCode(key, altered)).toMatchObject({ ok: false });
    expect((await verifyTicketCode(key, `${code.slice(0, 60)}`)).ok).toBe(false);
    const otherLast = signature!.endsWith('A') ? 'Q' : 'A';
    expect(await verifyTicketCode(key, `${prefix}.${payload}.${signature!.slice(0, -1)}${otherLast}`)).toEqual({
      ok: false,
      reason: 'bad-signature',
    });

    const row = await bookingRow(booked.reference);
    // Refunded after it was paid: the tickets are revoked in the same transaction.
    await db().transaction(async (tx) => {
      await tx.update(bookings).set({ status: BOOKING_STATUS.refunded }).where(eq(bookings.id, row.id));
      expect(await revokeBookingTickets(tx, row.id)).toBe(2);
    });
    const [after] = await ticketsOf(booked.token);
    expect(after!.tickets.map((x) => x.revoked)).toEqual([true, true]);
    // A signature cannot be taken back: the code still verifies; doors learn of it when they sync.
    expect((await verifyTicketCode(key, after!.tickets[0]!.code)).ok).toBe(true);
    // The PDF no longer shows the codes.
    const pages = await pdfPages((await get(after!.link)).rawPayload);
    expect(pages).toHaveLength(2);
    for (const page of pages) expect(page).toContain('REVOKED');
    // And it is not mailed again.
    const resend = await t.app.inject({
      method: 'POST',
      url: '/v1/tickets/email',
      headers: { auth: booked.token },
      payload: { reference: booked.reference },
    });
    expect(resend.statusCode).toBe(404);
  });
});

describe('mail', () => {
  it('attaches the PDF to the confirmation and links the e-tickets page and the calendar file', async () => {
    const { event, tickets: types } = await anEvent();
    const details = guest();
    const booked = await paidBooking(event.id, [{ id: types[0]!.id, qty: 1 }], { details });
    const [mail] = (await mailTo(t, details.email_address)).filter((m) => m.subject.startsWith('Your tickets for'));
    const attachments = (mail as unknown as { attachments: { filename: string; contentType: string; size: number }[] })
      .attachments;
    // The e-tickets, and the receipt of an organiser without a tax profile (docs/product.md#tax-documents).
    expect(attachments).toEqual([
      { filename: `tikiti-${booked.reference}.pdf`, contentType: 'application/pdf', size: expect.any(Number) },
      {
        filename: expect.stringMatching(/^INV-\d{4}-\d{6}\.pdf$/),
        contentType: 'application/pdf',
        size: expect.any(Number),
      },
    ]);
    expect(attachments[0]!.size).toBeGreaterThan(2000);
    expect(mail!.text).toContain(`${t.config.publicUrl}/account/tickets`);
    const calendar = new RegExp(`${t.config.publicUrl}(/v1/booking/${booked.reference}/event\\.ics\\?sig=\\S+)`).exec(
      mail!.text,
    );
    const pdf = new RegExp(`${t.config.publicUrl}(/v1/booking/${booked.reference}/tickets\\.pdf\\?sig=\\S+)`).exec(
      mail!.text,
    );
    expect((await get(calendar![1]!)).statusCode).toBe(200);
    expect((await get(pdf![1]!)).headers['content-type']).toBe('application/pdf');
    expect(mail!.html).toContain('Add to calendar');
  });

  it('POST v1/tickets/email mails the tickets again to their buyer only, at most 5 times an hour', async () => {
    const { event, tickets: types } = await anEvent();
    const details = guest();
    const booked = await paidBooking(event.id, [{ id: types[1]!.id, qty: 1 }], { details });
    const resend = (token: string | undefined, reference = booked.reference) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/tickets/email',
        remoteAddress: nextIp(),
        headers: token ? { auth: token } : {},
        payload: { reference },
      });
    const res = await resend(booked.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 200,
      status_description: `We sent your tickets to ${details.email_address}`,
      data: null,
    });
    const confirmations = async () =>
      (await mailTo(t, details.email_address)).filter((m) => m.subject.startsWith('Your tickets for'));
    const mails = await confirmations();
    expect(mails).toHaveLength(2);
    expect((mails[0] as unknown as { attachments: unknown[] }).attachments).toHaveLength(1);

    // Not another buyer's, not an unpaid booking, not without a token.
    const stranger = await createBuyer(db());
    expect((await resend(stranger.token)).statusCode).toBe(404);
    const pending = await book(t.app, { event_id: event.id, tickets: [{ id: types[1]!.id, qty: 1 }] });
    expect((await resend(pending.headers.auth as string, pending.json().data.booking_reference)).statusCode).toBe(404);
    expect((await resend(undefined)).statusCode).toBe(401);
    expect((await resend(booked.token, '')).statusCode).toBe(400);

    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await resend(booked.token)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    expect(await confirmations()).toHaveLength(6);
  });
});
