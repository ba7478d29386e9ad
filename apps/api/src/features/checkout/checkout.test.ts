import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { BOOKING_MESSAGES, BOOKING_STATUS, storedBookingSchema } from '@tikiti/contract';
import { accounts, bookings, jobs } from '../../db/schema/index.js';
import { createBuyer, createCategory, createEvent, createOrganiser } from '../../test-support/fixtures.js';
import { mailTo } from '../../test-support/mailbox.js';
import { book, guest, payWithCard, retrieve, stockOf } from '../../test-support/checkout.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { runDueJobs } from '../../jobs/worker.js';
import type { JobHandler } from '../../jobs/queue.js';
import { expireHolds } from './checkout.repo.js';
import { checkoutJobs } from './checkout.jobs.js';

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

async function anEvent(
  tickets = [
    { name: 'Early bird', price: 25.5, max: 10 },
    { name: 'VIP', price: 120, max: 4 },
  ],
) {
  const { event, tickets: types } = await createEvent(db(), { organisationId, categoryId, tickets });
  return { event, types };
}

const bookingOf = async (reference: string) =>
  (await db().select().from(bookings).where(eq(bookings.reference, reference)))[0]!;

describe('POST v1/event/book', () => {
  it('holds a guest’s tickets at the server’s prices, creates the payment and hands a token over', async () => {
    const { event, types } = await anEvent();
    const res = await book(t.app, {
      event_id: event.id,
      tickets: [
        { id: types[0]!.id, qty: 2, price: 0.01 },
        { id: types[1]!.id, qty: 1, price: 0 },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({ provider: 'sandbox', payment_method: 'card', currency: 'USD', price: 171 });
    expect(data.booking_reference).toMatch(/^TK-[2-9A-HJ-KM-NP-Z]{7}$/);
    expect(data.client_secret).toMatch(/^pi_sbx_[\w-]+_secret_/);
    const holdMs = Date.parse(data.hold_expires_at) - Date.now();
    expect(holdMs).toBeGreaterThan(14 * 60_000);
    expect(holdMs).toBeLessThanOrEqual(15 * 60_000);
    expect(res.headers.auth).toMatch(new RegExp(`^ck1\\.${data.booking_reference}\\.`));
    expect(await stockOf(db(), types[0]!.id)).toMatchObject({ held: 2, sold: 0 });
    expect(await stockOf(db(), types[1]!.id)).toMatchObject({ held: 1, sold: 0 });
    const row = await bookingOf(data.booking_reference);
    // No account until the guest pays: a hold that runs out leaves nothing behind.
    expect(row).toMatchObject({
      status: BOOKING_STATUS.pending,
      totalMinor: 17100,
      msisdn: '+254712345678',
      accountId: null,
    });
  });

  it('answers a second click with the same booking while the hold lives, holding once', async () => {
    const { event, types } = await anEvent();
    const buyer = await createBuyer(db());
    const body = { event_id: event.id, tickets: [{ id: types[0]!.id, qty: 3 }] };
    const first = await book(t.app, body, { token: buyer.token });
    const second = await book(t.app, body, { token: buyer.token });
    expect(first.statusCode).toBe(201);
    expect(second.json().data).toEqual(first.json().data);
    expect((await stockOf(db(), types[0]!.id)).held).toBe(3);
    // Other lines are another booking.
    const other = await book(t.app, { ...body, tickets: [{ id: types[0]!.id, qty: 1 }] }, { token: buyer.token });
    expect(other.json().data.booking_reference).not.toBe(first.json().data.booking_reference);
  });

  it('tells a guest whose email already holds the same tickets to finish that payment, revealing nothing else', async () => {
    const { event, types } = await anEvent();
    const details = guest();
    const body = { event_id: event.id, tickets: [{ id: types[0]!.id, qty: 2 }], details };
    const first = await book(t.app, body);
    expect(first.statusCode).toBe(201);
    const again = await book(t.app, body);
    expect(again.statusCode).toBe(409);
    expect(again.json().status_description).toContain(`already held for ${details.email_address}`);
    expect(again.body).not.toContain(first.json().data.client_secret);
    expect(again.headers.auth).toBeUndefined();
    // The first checkout's own session carries on with its booking.
    const resumed = await book(t.app, body, { token: first.headers.auth as string });
    expect(resumed.json().data.client_secret).toBe(first.json().data.client_secret);
    expect((await stockOf(db(), types[0]!.id)).held).toBe(2);
  });

  it('takes a signed-in buyer’s details from the account and gives no new token', async () => {
    const { event, types } = await anEvent();
    const buyer = await createBuyer(db());
    const res = await book(
      t.app,
      { event_id: event.id, tickets: [{ id: types[0]!.id, qty: 1 }] },
      { token: buyer.token },
    );
    expect(res.statusCode).toBe(201);
    expect(res.headers.auth).toBeUndefined();
    const row = await bookingOf(res.json().data.booking_reference);
    expect(row).toMatchObject({ accountId: buyer.accountId, email: buyer.email });
  });

  it('refuses what a server must refuse, each with a clear 4xx', async () => {
    const { event, types } = await anEvent();
    const other = await anEvent();
    const draft = await createEvent(db(), { organisationId, categoryId, status: 2 });
    const ended = await createEvent(db(), { organisationId, categoryId, startsInHours: -10, durationHours: 2 });
    const line = [{ id: types[0]!.id, qty: 1 }];
    const cases: [string, Parameters<typeof book>[1], number, string][] = [
      ['no ticket', { event_id: event.id, tickets: [] }, 400, BOOKING_MESSAGES.noTicket],
      [
        'a quantity of 0',
        { event_id: event.id, tickets: [{ id: types[0]!.id, qty: 0 }] },
        400,
        BOOKING_MESSAGES.noTicket,
      ],
      ['too many of a type', { event_id: event.id, tickets: [{ id: types[0]!.id, qty: 21 }] }, 400, 'At most 20'],
      [
        'a guest without details',
        { event_id: event.id, tickets: line, details: undefined },
        400,
        BOOKING_MESSAGES.noDetails,
      ],
      [
        'a guest’s empty name',
        { event_id: event.id, tickets: line, details: { ...guest(), full_name: ' ' } },
        400,
        BOOKING_MESSAGES.noDetails,
      ],
      [
        'a malformed email',
        { event_id: event.id, tickets: line, details: { ...guest(), email_address: 'amina@' } },
        400,
        'valid email',
      ],
      [
        'a malformed phone',
        { event_id: event.id, tickets: line, details: { ...guest(), msisdn: '0812 34' } },
        400,
        'phone',
      ],
      [
        'a Kenyan number of the wrong shape',
        { event_id: event.id, tickets: line, details: { ...guest(), msisdn: '0512 345 678' } },
        400,
        'phone',
      ],
      [
        'another event’s ticket type',
        { event_id: event.id, tickets: [{ id: other.types[0]!.id, qty: 1 }] },
        400,
        'not on sale',
      ],
      ['a type listed twice', { event_id: event.id, tickets: [...line, ...line] }, 400, 'listed twice'],
      [
        'a draft event',
        { event_id: draft.event.id, tickets: [{ id: draft.tickets[0]!.id, qty: 1 }] },
        404,
        'Event not found',
      ],
      ['an unknown event', { event_id: 999999, tickets: line }, 404, 'Event not found'],
      [
        'an ended event',
        { event_id: ended.event.id, tickets: [{ id: ended.tickets[0]!.id, qty: 1 }] },
        400,
        'has ended',
      ],
      [
        'M-Pesa for an event in dollars',
        { event_id: event.id, tickets: line, payment_method: 'mpesa' },
        400,
        'Kenyan shillings only',
      ],
      ['PayPal', { event_id: event.id, tickets: line, payment_method: 'paypal' }, 400, 'Pay by card or M-Pesa'],
    ];
    for (const [what, body, status, message] of cases) {
      const res = await book(t.app, body);
      expect(res.statusCode, what).toBe(status);
      expect(res.json().status, what).toBe(status);
      expect(JSON.stringify(res.json()), what).toContain(message);
    }
    expect(await stockOf(db(), types[0]!.id)).toMatchObject({ held: 0, sold: 0 });
  });

  it('answers 409 naming the ticket type and how many are left, holding nothing', async () => {
    const { event, types } = await anEvent();
    const res = await book(t.app, {
      event_id: event.id,
      tickets: [
        { id: types[0]!.id, qty: 2 },
        { id: types[1]!.id, qty: 5 },
      ],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      status: 409,
      status_description: 'Only 4 VIP tickets are left',
      data: { errors: [{ path: 'tickets.1.qty', message: 'Only 4 VIP tickets are left' }] },
    });
    // The first line's hold was undone with the rest.
    expect(await stockOf(db(), types[0]!.id)).toMatchObject({ held: 0 });
    expect(await stockOf(db(), types[1]!.id)).toMatchObject({ held: 0 });
    await db().execute(sql`UPDATE ticket_types SET sold = max_tickets WHERE id = ${types[1]!.id}`);
    const soldOut = await book(t.app, { event_id: event.id, tickets: [{ id: types[1]!.id, qty: 1 }] });
    expect(soldOut.json().status_description).toBe('VIP is sold out');
  });

  it('limits the bookings one address may start', async () => {
    const limited = await createTestApp({ BOOKINGS_PER_ADDRESS: '2' });
    const org = await createOrganiser(limited.database.db);
    const cat = await createCategory(limited.database.db);
    const { event, tickets } = await createEvent(limited.database.db, {
      organisationId: org.organisationId,
      categoryId: cat.id,
    });
    const statuses = [];
    for (let i = 0; i < 3; i++) {
      const res = await book(
        limited.app,
        { event_id: event.id, tickets: [{ id: tickets[0]!.id, qty: 1 }] },
        { ip: '10.9.9.9' },
      );
      statuses.push(res.statusCode);
    }
    await limited.close();
    expect(statuses).toEqual([201, 201, 429]);
  });
});

describe('one hold per buyer and event (docs/product.md#checkout-and-payments)', () => {
  const statusOf = async (reference: string) => (await bookingOf(reference)).status;

  it('replaces a signed-in buyer’s unpaid hold when the tickets picked change, in the same call', async () => {
    const { event, types } = await anEvent();
    const buyer = await createBuyer(db());
    const three = await book(
      t.app,
      { event_id: event.id, tickets: [{ id: types[0]!.id, qty: 3 }] },
      { token: buyer.token },
    );
    const two = await book(
      t.app,
      {
        event_id: event.id,
        tickets: [
          { id: types[0]!.id, qty: 2 },
          { id: types[1]!.id, qty: 1 },
        ],
      },
      { token: buyer.token },
    );
    expect(two.statusCode, two.body).toBe(201);
    expect(two.json().data.booking_reference).not.toBe(three.json().data.booking_reference);
    expect(await statusOf(three.json().data.booking_reference)).toBe(BOOKING_STATUS.failed);
    expect(await statusOf(two.json().data.booking_reference)).toBe(BOOKING_STATUS.pending);
    // Never held twice: 2 + 1, not 3 + 2 + 1.
    expect(await stockOf(db(), types[0]!.id)).toMatchObject({ held: 2, sold: 0 });
    expect(await stockOf(db(), types[1]!.id)).toMatchObject({ held: 1, sold: 0 });
    // The replaced payment can no longer be paid into a hold: its booking says it was not paid.
    const old = await retrieve(t.app, three.json().data.client_secret, buyer.token);
    expect(old.json().data).toMatchObject({ status: BOOKING_STATUS.failed });
  });

  it('lets a guest’s checkout key change the tickets, or fix the email, without holding twice', async () => {
    const { event, types } = await anEvent();
    const details = guest();
    const first = await book(t.app, { event_id: event.id, tickets: [{ id: types[0]!.id, qty: 3 }], details });
    const key = first.headers.auth as string;
    const fewer = await book(
      t.app,
      { event_id: event.id, tickets: [{ id: types[0]!.id, qty: 2 }], details },
      { token: key },
    );
    expect(fewer.statusCode, fewer.body).toBe(201);
    expect(fewer.headers.auth).toBeUndefined();
    const fixed = { ...details, email_address: `fixed-${details.email_address}` };
    const retyped = await book(
      t.app,
      { event_id: event.id, tickets: [{ id: types[0]!.id, qty: 2 }], details: fixed },
      { token: key },
    );
    expect(retyped.statusCode, retyped.body).toBe(201);
    expect(await statusOf(first.json().data.booking_reference)).toBe(BOOKING_STATUS.failed);
    expect(await statusOf(fewer.json().data.booking_reference)).toBe(BOOKING_STATUS.failed);
    expect(await bookingOf(retyped.json().data.booking_reference)).toMatchObject({
      status: BOOKING_STATUS.pending,
      email: fixed.email_address,
    });
    expect(await stockOf(db(), types[0]!.id)).toMatchObject({ held: 2 });
    // The key still reaches the booking it made, whose details are the ones typed last.
    const mine = await retrieve(t.app, retyped.json().data.client_secret, key);
    expect(mine.statusCode).toBe(200);
  });

  it('never lets someone who types the same email release or take the hold', async () => {
    const { event, types } = await anEvent();
    const details = guest();
    const owner = await book(t.app, { event_id: event.id, tickets: [{ id: types[0]!.id, qty: 3 }], details });
    // Other tickets: a hold of their own beside the owner's, which stays.
    const other = await book(t.app, { event_id: event.id, tickets: [{ id: types[0]!.id, qty: 1 }], details });
    expect(other.statusCode).toBe(201);
    expect(await statusOf(owner.json().data.booking_reference)).toBe(BOOKING_STATUS.pending);
    // The same tickets: refused on the email, with nothing of the owner's booking.
    const same = await book(t.app, { event_id: event.id, tickets: [{ id: types[0]!.id, qty: 3 }], details });
    expect(same.statusCode).toBe(409);
    expect(same.json().data.errors).toEqual([
      { path: 'details.email_address', message: same.json().status_description },
    ]);
    expect(same.body).not.toContain(owner.json().data.client_secret);
    expect(same.body).not.toContain(owner.json().data.booking_reference);
    expect(await statusOf(owner.json().data.booking_reference)).toBe(BOOKING_STATUS.pending);
    expect(await stockOf(db(), types[0]!.id)).toMatchObject({ held: 4 });
  });

  it('releases a guest’s hold for the buyer who signs in with its email, and never hands it over', async () => {
    const { event, types } = await anEvent();
    const buyer = await createBuyer(db());
    const details = { ...guest(), email_address: buyer.email };
    const held = await book(t.app, { event_id: event.id, tickets: [{ id: types[0]!.id, qty: 2 }], details });
    const key = held.headers.auth as string;
    const mine = await book(
      t.app,
      { event_id: event.id, tickets: [{ id: types[0]!.id, qty: 2 }] },
      { token: buyer.token },
    );
    expect(mine.statusCode, mine.body).toBe(201);
    const { booking_reference: reference, client_secret: secret } = mine.json().data;
    expect(reference).not.toBe(held.json().data.booking_reference);
    expect(secret).not.toBe(held.json().data.client_secret);
    expect(await statusOf(held.json().data.booking_reference)).toBe(BOOKING_STATUS.failed);
    expect(await bookingOf(reference)).toMatchObject({ accountId: buyer.accountId, checkoutKeyHash: null });
    expect(await stockOf(db(), types[0]!.id)).toMatchObject({ held: 2 });
    // Whoever holds the guest's key does not reach the buyer's booking.
    expect((await retrieve(t.app, secret, key)).statusCode).toBe(404);
    expect((await retrieve(t.app, secret, buyer.token)).statusCode).toBe(200);
  });

  it('keeps the old hold when the new tickets do not fit, counting the old hold as the buyer’s', async () => {
    const { event, types } = await anEvent();
    const buyer = await createBuyer(db());
    const vip = types[1]!; // 4 of them
    const three = await book(t.app, { event_id: event.id, tickets: [{ id: vip.id, qty: 3 }] }, { token: buyer.token });
    await book(t.app, { event_id: event.id, tickets: [{ id: vip.id, qty: 1 }] });
    const four = await book(t.app, { event_id: event.id, tickets: [{ id: vip.id, qty: 4 }] }, { token: buyer.token });
    expect(four.statusCode).toBe(409);
    expect(four.json().status_description).toBe('Only 3 VIP tickets are left');
    expect(await statusOf(three.json().data.booking_reference)).toBe(BOOKING_STATUS.pending);
    expect(await stockOf(db(), vip.id)).toMatchObject({ held: 4 });
  });

  it('leaves the buyer’s paid bookings and other events alone', async () => {
    const a = await anEvent();
    const b = await anEvent();
    const buyer = await createBuyer(db());
    const paid = await book(
      t.app,
      { event_id: a.event.id, tickets: [{ id: a.types[0]!.id, qty: 1 }] },
      { token: buyer.token },
    );
    await payWithCard(t.app, paid.json().data.client_secret);
    await retrieve(t.app, paid.json().data.client_secret, buyer.token);
    const elsewhere = await book(
      t.app,
      { event_id: b.event.id, tickets: [{ id: b.types[0]!.id, qty: 1 }] },
      { token: buyer.token },
    );
    const again = await book(
      t.app,
      { event_id: a.event.id, tickets: [{ id: a.types[0]!.id, qty: 1 }] },
      { token: buyer.token },
    );
    expect(again.json().data.booking_reference).not.toBe(paid.json().data.booking_reference);
    expect(await statusOf(paid.json().data.booking_reference)).toBe(BOOKING_STATUS.paid);
    expect(await statusOf(elsewhere.json().data.booking_reference)).toBe(BOOKING_STATUS.pending);
    expect(await stockOf(db(), a.types[0]!.id)).toMatchObject({ held: 1, sold: 1 });
  });
});

describe('paying and POST v1/booking/retrieve', () => {
  it('settles a paid booking once: tickets sold, status 2, the table and the buyer, and a confirmation mail', async () => {
    const { event, types } = await anEvent();
    const email = `payer-${Date.now()}@example.co.ke`;
    const booked = await book(t.app, {
      event_id: event.id,
      tickets: [{ id: types[0]!.id, qty: 2 }],
      details: { full_name: 'Achieng Otieno', email_address: email, msisdn: '+254 712 000 111' },
    });
    const { client_secret: secret } = booked.json().data;
    const token = booked.headers.auth as string;
    expect((await payWithCard(t.app, secret)).json().data).toEqual({ status: 'succeeded', message: null });

    const first = await retrieve(t.app, secret, token);
    expect(first.statusCode, first.body).toBe(200);
    const view = storedBookingSchema.parse(first.json().data);
    expect(view).toMatchObject({
      status: BOOKING_STATUS.paid,
      payment_status: 'succeeded',
      currency: 'USD',
      price: 51,
      full_name: 'Achieng Otieno',
      tickets: [{ name: 'Early bird', no_of_persons: 1, price_per_ticket: 25.5, quantity: 2 }],
      event: { id: event.id, title: event.title, location: event.location },
    });
    expect(view.paid_at).toBeTruthy();
    expect((await retrieve(t.app, secret, token)).json().data.status).toBe(BOOKING_STATUS.paid);
    expect(await stockOf(db(), types[0]!.id)).toMatchObject({ held: 0, sold: 2 });
    // Having paid, the guest has the buyer account of their email: signing in later finds the booking.
    const [row] = await db().select().from(bookings).where(eq(bookings.reference, view.reference));
    const [account] = await db().select().from(accounts).where(eq(accounts.id, row!.accountId!));
    expect(account).toMatchObject({ type: 'user', email, firstName: 'Achieng', lastName: 'Otieno' });
    const mails = (await mailTo(t, email)).filter((m) => m.subject.startsWith('Your tickets for'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('2 x Early bird: USD 51.00');
  });

  it('keeps a declined payment pending with the card’s reason, and a second card may pay', async () => {
    const { event, types } = await anEvent();
    const booked = await book(t.app, { event_id: event.id, tickets: [{ id: types[0]!.id, qty: 1 }] });
    const { client_secret: secret } = booked.json().data;
    const token = booked.headers.auth as string;
    expect((await payWithCard(t.app, secret, '4000 0000 0000 0002')).json().data).toEqual({
      status: 'requires_payment_method',
      message: 'Your card was declined.',
    });
    expect((await retrieve(t.app, secret, token)).json().data).toMatchObject({
      status: BOOKING_STATUS.pending,
      payment_status: 'requires_payment_method',
      payment_error: 'Your card was declined.',
    });
    await payWithCard(t.app, secret);
    expect((await retrieve(t.app, secret, token)).json().data).toMatchObject({ status: BOOKING_STATUS.paid });
  });

  it('shows a booking only to its buyer: not to another buyer, not to another checkout of the same email', async () => {
    const { event, types } = await anEvent();
    const email = `shared-${Date.now()}@example.co.ke`;
    const details = { full_name: 'Baraka Mwangi', email_address: email, msisdn: '0722 000 111' };
    const a = await book(t.app, { event_id: event.id, tickets: [{ id: types[0]!.id, qty: 1 }], details });
    const b = await book(t.app, { event_id: event.id, tickets: [{ id: types[0]!.id, qty: 2 }], details });
    const stranger = await createBuyer(db());
    const secretA = a.json().data.client_secret;
    expect((await retrieve(t.app, secretA, a.headers.auth as string)).statusCode).toBe(200);
    // Whoever typed the same email at another checkout reaches only their own booking.
    expect((await retrieve(t.app, secretA, b.headers.auth as string)).statusCode).toBe(404);
    expect((await retrieve(t.app, secretA, stranger.token)).statusCode).toBe(404);
    expect((await retrieve(t.app, 'pi_sbx_nothing_secret_nothing', stranger.token)).statusCode).toBe(404);
    const organiser = await createOrganiser(db());
    expect((await retrieve(t.app, secretA, organiser.token)).statusCode).toBe(406);
  });
});

describe('a guest’s logout', () => {
  it('ends the checkout token for every booking it reached, the key under another reference included', async () => {
    const { event, types } = await anEvent();
    const first = await book(t.app, { event_id: event.id, tickets: [{ id: types[0]!.id, qty: 1 }] });
    const token = first.headers.auth as string;
    const second = await book(t.app, { event_id: event.id, tickets: [{ id: types[0]!.id, qty: 2 }] }, { token });
    const secondRef = second.json().data.booking_reference;
    expect((await retrieve(t.app, second.json().data.client_secret, token)).statusCode).toBe(200);

    const out = await t.app.inject({ method: 'POST', url: '/v1/auth/logout', headers: { auth: token } });
    expect(out.json()).toEqual({ status: 200, status_description: 'Signed out', data: null });
    expect((await retrieve(t.app, first.json().data.client_secret, token)).statusCode).toBe(401);
    const swapped = token.replace(/^ck1\.[^.]+\./, `ck1.${secondRef}.`);
    expect((await retrieve(t.app, second.json().data.client_secret, swapped)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/v1/auth/logout', headers: { auth: token } })).statusCode).toBe(
      401,
    );
  });
});

describe('holds that run out', () => {
  const expireNow = (reference: string) =>
    db().execute(sql`UPDATE bookings SET hold_expires_at = now() - interval '1 minute' WHERE reference = ${reference}`);

  it('are the only ones the sweep ends: a live hold beside them keeps its tickets', async () => {
    const { event, types } = await anEvent([{ name: 'Seats', price: 19.99, max: 5 }]);
    const live = await book(t.app, { event_id: event.id, tickets: [{ id: types[0]!.id, qty: 2 }] });
    const ended = await book(t.app, { event_id: event.id, tickets: [{ id: types[0]!.id, qty: 3 }] });
    await expireNow(ended.json().data.booking_reference);
    expect(await stockOf(db(), types[0]!.id)).toMatchObject({ held: 5, sold: 0 });
    await expireHolds(db(), 100);
    expect((await bookingOf(ended.json().data.booking_reference)).status).toBe(BOOKING_STATUS.failed);
    expect((await bookingOf(live.json().data.booking_reference)).status).toBe(BOOKING_STATUS.pending);
    expect(await stockOf(db(), types[0]!.id)).toMatchObject({ held: 2, sold: 0 });
    // And the live hold is still good for its payment.
    await payWithCard(t.app, live.json().data.client_secret);
    const paid = await retrieve(t.app, live.json().data.client_secret, live.headers.auth as string);
    expect(paid.json().data).toMatchObject({ status: BOOKING_STATUS.paid, price: 39.98 });
    expect(await stockOf(db(), types[0]!.id)).toMatchObject({ held: 0, sold: 2 });
  });

  it('give their tickets back to new buyers', async () => {
    const { event, types } = await anEvent([{ name: 'Last seats', price: 10, max: 2 }]);
    const first = await book(t.app, { event_id: event.id, tickets: [{ id: types[0]!.id, qty: 2 }] });
    expect((await book(t.app, { event_id: event.id, tickets: [{ id: types[0]!.id, qty: 1 }] })).statusCode).toBe(409);
    await expireNow(first.json().data.booking_reference);
    expect(await expireHolds(db(), 100)).toBeGreaterThanOrEqual(1);
    expect((await bookingOf(first.json().data.booking_reference)).status).toBe(BOOKING_STATUS.failed);
    expect(await stockOf(db(), types[0]!.id)).toMatchObject({ held: 0, sold: 0 });
    expect((await book(t.app, { event_id: event.id, tickets: [{ id: types[0]!.id, qty: 2 }] })).statusCode).toBe(201);
  });

  it('honour a payment that arrives late when the tickets still fit', async () => {
    const { event, types } = await anEvent([{ name: 'Seats', price: 10, max: 5 }]);
    const booked = await book(t.app, { event_id: event.id, tickets: [{ id: types[0]!.id, qty: 2 }] });
    const { client_secret: secret, booking_reference: reference } = booked.json().data;
    await expireNow(reference);
    await expireHolds(db(), 100);
    await payWithCard(t.app, secret);
    expect((await retrieve(t.app, secret, booked.headers.auth as string)).json().data.status).toBe(BOOKING_STATUS.paid);
    expect(await stockOf(db(), types[0]!.id)).toMatchObject({ held: 0, sold: 2 });
  });

  it('never honour a payment for a booking whose event was cancelled meanwhile: it is refunded', async () => {
    const { event, types } = await anEvent([{ name: 'Seats', price: 10, max: 5 }]);
    const booked = await book(t.app, { event_id: event.id, tickets: [{ id: types[0]!.id, qty: 1 }] });
    const { client_secret: secret, booking_reference: reference } = booked.json().data;
    // What cancelling the event does to a pending booking (issue 12): cancelled, seats released.
    await db().execute(sql`UPDATE bookings SET status = 4 WHERE reference = ${reference}`);
    await db().execute(sql`UPDATE ticket_types SET held = held - 1 WHERE id = ${types[0]!.id}`);
    await payWithCard(t.app, secret);
    const view = (await retrieve(t.app, secret, booked.headers.auth as string)).json().data;
    expect(view.status).toBe(BOOKING_STATUS.refunded);
    expect(await stockOf(db(), types[0]!.id)).toMatchObject({ held: 0, sold: 0 });
  });

  it('refund a payment that arrives late when the tickets have gone, and tell the buyer', async () => {
    const { event, types } = await anEvent([{ name: 'Seats', price: 10, max: 2 }]);
    const email = `late-${Date.now()}@example.co.ke`;
    const booked = await book(t.app, {
      event_id: event.id,
      tickets: [{ id: types[0]!.id, qty: 2 }],
      details: { full_name: 'Late Payer', email_address: email, msisdn: '0711 222 333' },
    });
    const { client_secret: secret, booking_reference: reference } = booked.json().data;
    await expireNow(reference);
    await expireHolds(db(), 100);
    // Someone else buys the seats meanwhile.
    const other = await book(t.app, { event_id: event.id, tickets: [{ id: types[0]!.id, qty: 2 }] });
    await payWithCard(t.app, other.json().data.client_secret);
    await retrieve(t.app, other.json().data.client_secret, other.headers.auth as string);

    await payWithCard(t.app, secret);
    const view = (await retrieve(t.app, secret, booked.headers.auth as string)).json().data;
    expect(view.status).toBe(BOOKING_STATUS.refunded);
    expect(await stockOf(db(), types[0]!.id)).toMatchObject({ held: 0, sold: 2 });
    const bookingId = (await bookingOf(reference)).id;
    const refunds = await db().select().from(jobs).where(eq(jobs.kind, 'checkout.refund'));
    expect(refunds.filter((j) => (j.payload as { bookingId: number }).bookingId === bookingId)).toHaveLength(1);
    // The refund job gives the money back through the provider, once.
    await runDueJobs({ config: t.config, db: db() }, checkoutJobs as JobHandler[]);
    const payment = await db().execute(sql`SELECT refunded_at FROM payments WHERE client_secret = ${secret}`);
    expect((payment as unknown as { rows: { refunded_at: Date | null }[] }).rows[0]!.refunded_at).toBeTruthy();
    const mails = (await mailTo(t, email)).filter((m) => m.subject.includes('refunded'));
    expect(mails).toHaveLength(1);
  });
});
