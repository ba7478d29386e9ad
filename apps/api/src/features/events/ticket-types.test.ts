import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '@tikiti/contract';
import { bookingLines, events, ticketTypes } from '../../db/schema/index.js';
import { createBuyer, createCategory, createEvent, createOrganiser } from '../../test-support/fixtures.js';
import { insertBooking } from '../../test-support/organiser-events.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';

let t: TestApp;
let organiser: Awaited<ReturnType<typeof createOrganiser>>;
let categoryId: number;

beforeAll(async () => {
  t = await createTestApp();
  organiser = await createOrganiser(t.database.db);
  categoryId = (await createCategory(t.database.db)).id;
});
afterAll(() => t.close());

type TicketsSpec = Parameters<typeof createEvent>[1]['tickets'];
const newEvent = (tickets: TicketsSpec, status: 1 | 2 = 1) =>
  createEvent(t.database.db, { organisationId: organiser.organisationId, categoryId, status, tickets });

const rowsOf = (eventId: number) =>
  t.database.db.select().from(ticketTypes).where(eq(ticketTypes.eventId, eventId)).orderBy(asc(ticketTypes.id));

const post = (url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, headers: { auth: organiser.token }, payload: payload as object });

const row = (id: number, fields: Partial<Record<string, number | string>> = {}) => ({
  id,
  name: 'Regular',
  price_per_ticket: 50,
  no_of_persons: 1,
  max_tickets: 100,
  status: 1,
  ...fields,
});

describe('ticket type validation (400 naming the row and field, nothing stored)', () => {
  const good = { name: 'Regular', price_per_ticket: 20, no_of_persons: 1, max_tickets: 10 };
  const cases: [string, unknown, string][] = [
    ['price 0', [good, { ...good, price_per_ticket: 0 }], '1.price_per_ticket'],
    ['a negative price', [{ ...good, price_per_ticket: -5 }], '0.price_per_ticket'],
    ['price 1.234', [{ ...good, price_per_ticket: 1.234 }], '0.price_per_ticket'],
    ['a price that is not a number', [{ ...good, price_per_ticket: 'ten' }], '0.price_per_ticket'],
    ['a price above the limit', [{ ...good, price_per_ticket: LIMITS.priceMax + 1 }], '0.price_per_ticket'],
    ['persons 0', [{ ...good, no_of_persons: 0 }], '0.no_of_persons'],
    ['persons 1.5', [{ ...good, no_of_persons: 1.5 }], '0.no_of_persons'],
    ['max 0', [{ ...good, max_tickets: 0 }], '0.max_tickets'],
    ['max above the limit', [{ ...good, max_tickets: LIMITS.maxTicketsPerType + 1 }], '0.max_tickets'],
    ['a blank name', [{ ...good, name: '  ' }], '0.name'],
    ['a name that is too long', [{ ...good, name: 'n'.repeat(LIMITS.nameMax + 1) }], '0.name'],
  ];

  it.each(cases)('register refuses %s', async (_label, payload, path) => {
    const { event } = await newEvent([], 2);
    const res = await post(`/v1/event/${event.id}/ticket/register`, payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().status_description.startsWith(`${path}: `)).toBe(true);
    expect(res.json().data.errors[0].path).toBe(path);
    expect(await rowsOf(event.id)).toEqual([]);
    const [after] = await t.database.db.select().from(events).where(eq(events.id, event.id));
    expect(after!.status).toBe(2);
  });

  it.each(cases)('update refuses %s', async (_label, payload, path) => {
    const { event } = await newEvent([{ name: 'Regular', price: 50, max: 100 }]);
    const before = await rowsOf(event.id);
    const withIds = (payload as object[]).map((p) => ({ id: -1, status: 1, ...p }));
    const res = await post(`/v1/event/${event.id}/ticket/update`, withIds);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().status_description.startsWith(`${path}: `)).toBe(true);
    expect(await rowsOf(event.id)).toEqual(before);
  });

  it('refuses an empty list, a body that is not a list, and more types than an event may have', async () => {
    const { event } = await newEvent([], 2);
    expect((await post(`/v1/event/${event.id}/ticket/register`, [])).statusCode).toBe(400);
    expect((await post(`/v1/event/${event.id}/ticket/register`, good)).statusCode).toBe(400);
    const tooMany = Array.from({ length: LIMITS.ticketsPerEventMax + 1 }, (_, i) => ({ ...good, name: `T${i}` }));
    expect((await post(`/v1/event/${event.id}/ticket/register`, tooMany)).statusCode).toBe(400);
    // The limit counts the types already there.
    const half = tooMany.slice(0, 30);
    expect((await post(`/v1/event/${event.id}/ticket/register`, half)).statusCode).toBe(201);
    expect((await post(`/v1/event/${event.id}/ticket/register`, half)).statusCode).toBe(400);
    expect(await rowsOf(event.id)).toHaveLength(30);
  });

  it('refuses an id that is neither -1 nor a real id, and the same id twice', async () => {
    const { event, tickets } = await newEvent([{ name: 'Regular', price: 50, max: 100 }]);
    expect((await post(`/v1/event/${event.id}/ticket/update`, [row(0)])).statusCode).toBe(400);
    const twice = await post(`/v1/event/${event.id}/ticket/update`, [
      row(tickets[0]!.id),
      row(tickets[0]!.id, { name: 'X' }),
    ]);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().status_description).toMatch(/^1\.id: /);
    expect(await rowsOf(event.id)).toEqual(tickets);
  });
});

describe('ticket type rules', () => {
  it('registering the first ticket types publishes a draft, in the order sent', async () => {
    const { event } = await newEvent([], 2);
    const res = await post(`/v1/event/${event.id}/ticket/register`, [
      { name: 'B first', price_per_ticket: 10, no_of_persons: 1, max_tickets: 5 },
      { name: 'A second', price_per_ticket: 19.99, no_of_persons: 2, max_tickets: 7 },
    ]);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      status: 201,
      data: [
        {
          name: 'B first',
          price_per_ticket: 10,
          no_of_persons: 1,
          max_tickets: 5,
          status: 1,
          tickets_bought: 0,
          available: 5,
        },
        {
          name: 'A second',
          price_per_ticket: 19.99,
          no_of_persons: 2,
          max_tickets: 7,
          status: 1,
          tickets_bought: 0,
          available: 7,
        },
      ],
    });
    const [after] = await t.database.db.select().from(events).where(eq(events.id, event.id));
    expect(after!.status).toBe(1);
  });

  it('id -1 creates a ticket type and an existing id updates its name, price, persons and max', async () => {
    const { event, tickets } = await newEvent([{ name: 'Regular', price: 50, max: 100 }]);
    const res = await post(`/v1/event/${event.id}/ticket/update`, [
      row(tickets[0]!.id, { name: 'Standard', price_per_ticket: 55.25, no_of_persons: 2, max_tickets: 120 }),
      row(-1, { name: 'VIP', price_per_ticket: 300, max_tickets: 10 }),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.map((x: { id: number; name: string }) => x.name)).toEqual(['Standard', 'VIP']);
    const rows = await rowsOf(event.id);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      id: tickets[0]!.id,
      name: 'Standard',
      priceMinor: 5525,
      noOfPersons: 2,
      maxTickets: 120,
      status: 1,
    });
    expect(rows[1]).toMatchObject({ name: 'VIP', priceMinor: 30000, maxTickets: 10, status: 1 });
    expect(rows[1]!.sortOrder).toBeGreaterThan(rows[0]!.sortOrder);
  });

  it('status 3 hides a ticket type but keeps its row (orders reference it)', async () => {
    const { event, tickets } = await newEvent([
      { name: 'Regular', price: 50, max: 100, sold: 4 },
      { name: 'VIP', price: 200, max: 10 },
    ]);
    const res = await post(`/v1/event/${event.id}/ticket/update`, [row(tickets[0]!.id, { status: 3 })]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.map((x: { name: string }) => x.name)).toEqual(['VIP']);
    const rows = await rowsOf(event.id);
    expect(rows.map((r) => [r.name, r.status, r.sold])).toEqual([
      ['Regular', 3, 4],
      ['VIP', 1, 0],
    ]);
    // Buyers no longer see it; the event's totals count open types only.
    const details = (await t.app.inject({ method: 'GET', url: `/v1/event/details/${event.id}` })).json().data;
    expect(details.tickets.map((x: { name: string }) => x.name)).toEqual(['VIP']);
    expect(details).toMatchObject({ max_tickets: 10, tickets_bought: 0 });
  });

  it('the last open ticket type cannot go', async () => {
    const { event, tickets } = await newEvent([
      { name: 'Regular', price: 50, max: 100 },
      { name: 'Old', price: 10, max: 10, status: 3 },
    ]);
    const before = await rowsOf(event.id);
    const res = await post(`/v1/event/${event.id}/ticket/update`, [row(tickets[0]!.id, { status: 3 })]);
    expect(res.statusCode).toBe(400);
    expect(res.json().status_description).toBe('0.status: An event needs at least one open ticket type');
    expect(await rowsOf(event.id)).toEqual(before);

    // Replacing it in the same request is fine.
    const swap = await post(`/v1/event/${event.id}/ticket/update`, [
      row(tickets[0]!.id, { status: 3 }),
      row(-1, { name: 'New' }),
    ]);
    expect(swap.statusCode).toBe(200);
    expect(swap.json().data.map((x: { name: string }) => x.name)).toEqual(['New']);
  });

  it('max_tickets can never drop below what is sold plus held', async () => {
    const { event, tickets } = await newEvent([
      { name: 'A', price: 10, max: 100 },
      { name: 'B', price: 10, max: 100 },
      { name: 'C', price: 10, max: 100, sold: 30 },
    ]);
    const c = tickets[2]!;
    await t.database.db.update(ticketTypes).set({ held: 5 }).where(eq(ticketTypes.id, c.id));
    const before = await rowsOf(event.id);

    const res = await post(`/v1/event/${event.id}/ticket/update`, [
      row(tickets[0]!.id, { name: 'A renamed' }),
      row(tickets[1]!.id),
      row(c.id, { max_tickets: 34 }),
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().status_description).toBe('2.max_tickets: At least 35: that many are already sold or held');
    expect(res.json().data.errors).toEqual([
      { path: '2.max_tickets', message: 'At least 35: that many are already sold or held' },
    ]);
    // Nothing changed, not even the valid rows before it.
    expect(await rowsOf(event.id)).toEqual(before);

    // Exactly sold + held is allowed: the type is then sold out.
    const ok = await post(`/v1/event/${event.id}/ticket/update`, [row(c.id, { name: 'C', max_tickets: 35 })]);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.find((x: { id: number }) => x.id === c.id)).toMatchObject({
      max_tickets: 35,
      tickets_bought: 30,
      available: 0,
    });
  });

  it('a ticket type of another event is refused with 404 and nothing changes', async () => {
    const { event, tickets } = await newEvent([{ name: 'Mine', price: 10, max: 10 }]);
    const other = await newEvent([{ name: 'Other event', price: 10, max: 10 }]);
    const before = [await rowsOf(event.id), await rowsOf(other.event.id)];
    const res = await post(`/v1/event/${event.id}/ticket/update`, [
      row(tickets[0]!.id, { name: 'Renamed' }),
      row(other.tickets[0]!.id, { name: 'Stolen', status: 3 }),
    ]);
    expect(res.statusCode).toBe(404);
    expect([await rowsOf(event.id), await rowsOf(other.event.id)]).toEqual(before);
  });

  it('changing a price leaves existing orders at the price they paid', async () => {
    const { event, tickets } = await newEvent([{ name: 'Regular', price: 33.33, max: 100, sold: 2 }]);
    const buyer = await createBuyer(t.database.db);
    const booking = await insertBooking(t.database.db, {
      eventId: event.id,
      accountId: buyer.accountId,
      status: 2,
      lines: [{ ticketTypeId: tickets[0]!.id, name: 'Regular', unitPriceMinor: 3333, quantity: 2 }],
    });
    const res = await post(`/v1/event/${event.id}/ticket/update`, [
      row(tickets[0]!.id, { name: 'Regular+', price_per_ticket: 19.99 }),
    ]);
    expect(res.statusCode).toBe(200);
    const [line] = await t.database.db.select().from(bookingLines).where(eq(bookingLines.bookingId, booking.id));
    expect(line).toMatchObject({ name: 'Regular', unitPriceMinor: 3333, quantity: 2 });
    expect((await rowsOf(event.id))[0]).toMatchObject({ priceMinor: 1999, sold: 2 });
  });

  it('a booking holding tickets while the organiser lowers capacity makes the update wait, then refuses it', async () => {
    const { event, tickets } = await newEvent([{ name: 'Regular', price: 10, max: 10, sold: 3 }]);
    const id = tickets[0]!.id;
    let update: ReturnType<typeof post> | undefined;
    // A booking's transaction holds 5 tickets and has not committed yet when the update arrives.
    await t.database.db.transaction(async (tx) => {
      await tx.execute(
        sql`update ticket_types set held = held + 5 where id = ${id} and sold + held + 5 <= max_tickets`,
      );
      update = post(`/v1/event/${event.id}/ticket/update`, [row(id, { max_tickets: 6 })]);
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    const res = await update!;
    // Without the row lock the check would have read 3 taken and the update would then
    // break the capacity CHECK (500); with it the update sees 8 taken.
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().status_description).toBe('0.max_tickets: At least 8: that many are already sold or held');
    expect((await rowsOf(event.id))[0]).toMatchObject({ maxTickets: 10, sold: 3, held: 5 });
  });
});
