import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { bookings, waitlistEntries } from '../../db/schema/index.js';
import { createCategory, createEvent, createOrganiser } from '../../test-support/fixtures.js';
import { book, payWithCard, retrieve, stockOf } from '../../test-support/checkout.js';
import { mailTo, nextIp } from '../../test-support/mailbox.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { runDueJobs } from '../../jobs/worker.js';
import { jobHandlers } from '../../background.js';

/**
 * The waiting list (docs/product.md#waiting-list): people join a sold-out type; seats that come
 * back are held for them in order, offered by a private link, and pass on when unused.
 */
let t: TestApp;
let org: Awaited<ReturnType<typeof createOrganiser>>;
let other: Awaited<ReturnType<typeof createOrganiser>>;
let categoryId: number;

beforeAll(async () => {
  t = await createTestApp({ BOOKINGS_PER_ADDRESS: '0' });
  org = await createOrganiser(t.database.db, { confirmed: true });
  other = await createOrganiser(t.database.db);
  categoryId = (await createCategory(t.database.db)).id;
});
afterAll(() => t.close());

const db = () => t.database.db;
const runJobs = () => runDueJobs({ config: t.config, db: db() }, jobHandlers);

let people = 0;
const person = () => {
  people += 1;
  return {
    full_name: `Akinyi Person${people}`,
    email_address: `wait-${people}-${Date.now()}@example.co.ke`,
    msisdn: '0712 345 678',
  };
};

const join = (eventId: number, ticketTypeId: number, who = person(), quantity = 1) =>
  t.app.inject({
    method: 'POST',
    url: `/v1/event/${eventId}/waitlist`,
    remoteAddress: nextIp(),
    payload: { ...who, ticket_type_id: ticketTypeId, quantity },
  });

/** A sold-out type of `max` seats, its capacity raised later to give seats back. */
async function soldOut(max = 3) {
  const { event, tickets } = await createEvent(db(), {
    organisationId: org.organisationId,
    categoryId,
    tickets: [{ name: 'Regular', price: 19.99, max, sold: max }],
  });
  return { event, type: tickets[0]! };
}

/** Gives seats back through the organiser's own call: a raised capacity. */
const raiseCapacity = (eventId: number, type: { id: number; name: string }, max: number) =>
  t.app.inject({
    method: 'POST',
    url: `/v1/event/${eventId}/ticket/update`,
    headers: { auth: org.token },
    payload: [{ id: type.id, name: type.name, price_per_ticket: 19.99, no_of_persons: 1, max_tickets: max }],
  });

const entriesOf = (ticketTypeId: number) =>
  db().select().from(waitlistEntries).where(eq(waitlistEntries.ticketTypeId, ticketTypeId)).orderBy(waitlistEntries.id);

async function offerLinkOf(email: string) {
  const [mail] = (await mailTo(t, email)).filter((m) => m.subject.startsWith('Seats are held for you'));
  const token = mail && /\/waitlist\/offer\/([\w-]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no offer mailed to ${email}`);
  return token;
}

describe('joining a waiting list', () => {
  it('takes people on a sold-out type once each, with a confirmation mail that has a leave link', async () => {
    const { event, type } = await soldOut();
    const who = person();
    const res = await join(event.id, type.id, who, 2);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toEqual({ ticket_type_id: type.id, quantity: 2, position: 1 });
    const twice = await join(event.id, type.id, { ...who, email_address: who.email_address.toUpperCase() });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().data.code).toBe('waitlist.already_joined');
    const [mail] = await mailTo(t, who.email_address);
    expect(mail!.subject).toContain('waiting list');
    const leaveToken = /\/waitlist\/leave\?token=([\w-]+)/.exec(mail!.text)![1]!;
    const leave = await t.app.inject({ method: 'POST', url: '/v1/waitlist/leave', payload: { token: leaveToken } });
    expect(leave.statusCode).toBe(200);
    expect((await entriesOf(type.id))[0]!.status).toBe('left');
    // Shown on the event page while sold out.
    const details = await t.app.inject({ method: 'GET', url: `/v1/event/details/${event.id}` });
    expect(details.json().data.tickets[0]).toMatchObject({ waitlist: true, available: 0 });
  });

  it('refuses a type that is not sold out, and a list the organiser turned off', async () => {
    const { event, tickets } = await createEvent(db(), {
      organisationId: org.organisationId,
      categoryId,
      tickets: [{ name: 'Open', price: 10, max: 5 }],
    });
    const open = await join(event.id, tickets[0]!.id);
    expect(open.json().data.code).toBe('waitlist.not_sold_out');
    const { event: full, type } = await soldOut();
    const off = await t.app.inject({
      method: 'PUT',
      url: `/v1/client/event/${full.id}/waitlist/${type.id}`,
      headers: { auth: org.token },
      payload: { enabled: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data).toMatchObject({ enabled: false });
    expect((await join(full.id, type.id)).json().data.code).toBe('waitlist.closed');
  });
});

describe('offers', () => {
  it('holds 2 returned seats for the first 2 of 3 people, passes an expired offer to the third, and sells only through the link', async () => {
    const { event, type } = await soldOut(3);
    const [a, b, c] = [person(), person(), person()];
    for (const who of [a, b, c]) expect((await join(event.id, type.id, who)).statusCode).toBe(201);

    expect((await raiseCapacity(event.id, type, 5)).statusCode).toBe(200);
    await runJobs();
    expect((await entriesOf(type.id)).map((e) => e.status)).toEqual(['offered', 'offered', 'waiting']);
    expect(await stockOf(db(), type.id)).toMatchObject({ sold: 3, held: 2, max: 5 });

    // Nobody else can take an offer's seats, nor the list's.
    const stranger = await book(t.app, { event_id: event.id, tickets: [{ id: type.id, qty: 1 }] });
    expect(stranger.statusCode).toBe(409);
    expect(stranger.json().data.code).toBe('booking.sold_out');
    const forged = await book(t.app, { event_id: event.id, tickets: [{ id: type.id, qty: 1 }], offer: 'x'.repeat(32) });
    expect(forged.statusCode).toBe(404);
    expect(forged.json().data.code).toBe('waitlist.offer_invalid');

    // A's link opens checkout with A's seats, for A.
    const tokenA = await offerLinkOf(a.email_address);
    const offer = await t.app.inject({ method: 'GET', url: `/v1/waitlist/offer/${tokenA}` });
    expect(offer.json().data).toMatchObject({ quantity: 1, ticket_type_id: type.id, email_address: a.email_address });
    const bought = await book(t.app, {
      event_id: event.id,
      tickets: [{ id: type.id, qty: 1 }],
      offer: tokenA,
      details: undefined,
    });
    expect(bought.statusCode, bought.body).toBe(201);
    expect(await stockOf(db(), type.id)).toMatchObject({ sold: 3, held: 2 });
    const paid = await payWithCard(t.app, bought.json().data.client_secret);
    expect(paid.statusCode).toBe(200);
    await retrieve(t.app, bought.json().data.client_secret, bought.headers.auth as string);
    // The link is spent.
    expect((await t.app.inject({ method: 'GET', url: `/v1/waitlist/offer/${tokenA}` })).json().data.code).toBe(
      'waitlist.offer_expired',
    );

    // B lets the offer run out (the clock moved on): it goes to C, never to B again.
    const tokenB = await offerLinkOf(b.email_address);
    await db().execute(
      sql`UPDATE waitlist_entries SET offer_expires_at = now() - interval '1 second' WHERE ticket_type_id = ${type.id} AND status = 'offered'`,
    );
    await db().execute(sql`UPDATE jobs SET run_at = now() WHERE kind = 'waitlist.expire-offer'`);
    await runJobs();
    expect((await entriesOf(type.id)).map((e) => [e.status, e.offersSent])).toEqual([
      ['booked', 1],
      ['expired', 1],
      ['offered', 1],
    ]);
    const late = await book(t.app, { event_id: event.id, tickets: [{ id: type.id, qty: 1 }], offer: tokenB });
    expect(late.statusCode).toBe(409);
    expect(late.json().data.code).toBe('waitlist.offer_expired');
    const tokenC = await offerLinkOf(c.email_address);
    expect(
      (await book(t.app, { event_id: event.id, tickets: [{ id: type.id, qty: 1 }], offer: tokenC })).statusCode,
    ).toBe(201);

    const lists = await t.app.inject({
      method: 'GET',
      url: `/v1/client/event/${event.id}/waitlist`,
      headers: { auth: org.token },
    });
    expect(lists.json().data[0]).toMatchObject({ waiting: 0, enabled: true });
    expect(lists.json().data[0].entries.map((e: { status: string; bought: boolean }) => [e.status, e.bought])).toEqual([
      ['booked', true],
      ['expired', false],
      ['booked', false],
    ]);
  });

  it('offers seats a refund gives back', async () => {
    const { event, tickets } = await createEvent(db(), {
      organisationId: org.organisationId,
      categoryId,
      tickets: [{ name: 'Regular', price: 10, max: 1 }],
    });
    const type = tickets[0]!;
    const sale = await book(t.app, { event_id: event.id, tickets: [{ id: type.id, qty: 1 }] });
    await payWithCard(t.app, sale.json().data.client_secret);
    await retrieve(t.app, sale.json().data.client_secret, sale.headers.auth as string);
    const who = person();
    expect((await join(event.id, type.id, who)).statusCode).toBe(201);
    const [row] = await db().select({ id: bookings.id }).from(bookings).where(eq(bookings.eventId, event.id));
    const refund = await t.app.inject({
      method: 'POST',
      url: `/v1/client/booking/${row!.id}/refund`,
      headers: { auth: org.token },
    });
    expect(refund.statusCode, refund.body).toBe(202);
    await runJobs();
    expect((await entriesOf(type.id))[0]!.status).toBe('offered');
    expect(await offerLinkOf(who.email_address)).toMatch(/^[\w-]{20,}$/);
  });
});

describe('the organiser’s lists', () => {
  it('shows each list in order, removes a person (their offer’s seats pass on), and is another organisation’s 404', async () => {
    const { event, type } = await soldOut(2);
    const [a, b] = [person(), person()];
    await join(event.id, type.id, a);
    await join(event.id, type.id, b);
    const list = await t.app.inject({
      method: 'GET',
      url: `/v1/client/event/${event.id}/waitlist`,
      headers: { auth: org.token },
    });
    expect(
      list
        .json()
        .data[0].entries.map((e: { position: number; email_address: string }) => [e.position, e.email_address]),
    ).toEqual([
      [1, a.email_address],
      [2, b.email_address],
    ]);
    await raiseCapacity(event.id, type, 3);
    await runJobs();
    const [first] = await entriesOf(type.id);
    expect(first!.status).toBe('offered');
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/v1/client/event/${event.id}/waitlist/${first!.id}`,
      headers: { auth: org.token },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    await runJobs();
    expect((await entriesOf(type.id)).map((e) => e.status)).toEqual(['removed', 'offered']);

    const calls = [
      { method: 'GET' as const, url: `/v1/client/event/${event.id}/waitlist` },
      { method: 'DELETE' as const, url: `/v1/client/event/${event.id}/waitlist/${first!.id}` },
      { method: 'PUT' as const, url: `/v1/client/event/${event.id}/waitlist/${type.id}`, payload: { enabled: false } },
    ];
    for (const call of calls) {
      expect((await t.app.inject({ ...call, headers: { auth: other.token } })).statusCode, call.url).toBe(404);
      expect((await t.app.inject(call)).statusCode).toBe(401);
    }
  });
});
