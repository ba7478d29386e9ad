import { asc, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  attendeeChanges,
  bookingAttendees,
  bookings,
  discountCodes,
  waitlistEntries,
  eTickets,
  eventQuestions,
  events,
  jobs,
  media,
  ticketTypes,
} from '../../db/schema/index.js';
import { paidBookingWithTickets } from '../../test-support/door.js';
import { createBuyer, createCategory, createEvent, createOrganiser } from '../../test-support/fixtures.js';
import { eventFields, insertBooking, multipartBody, pngImage } from '../../test-support/organiser-events.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';

/**
 * The authorisation matrix of the organiser's event calls: a second organisation tries
 * every call on the first one's event and is refused with 404, changing nothing; a buyer
 * token gets 406 and no token 401.
 */
let t: TestApp;
let owner: Awaited<ReturnType<typeof createOrganiser>>;
let teammate: Awaited<ReturnType<typeof createOrganiser>>;
let intruder: Awaited<ReturnType<typeof createOrganiser>>;
let buyer: Awaited<ReturnType<typeof createBuyer>>;
let categoryId: number;
let eventId: number;
let ticketId: number;
let bookingId: number;
let eTicketId: number;
let codeId: number;
let entryId: number;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  owner = await createOrganiser(db);
  teammate = await createOrganiser(db, { organisationId: owner.organisationId, role: 'admin' });
  intruder = await createOrganiser(db);
  buyer = await createBuyer(db);
  categoryId = (await createCategory(db)).id;
  const created = await createEvent(db, {
    organisationId: owner.organisationId,
    categoryId,
    title: 'Owner event',
    tickets: [{ name: 'Regular', price: 40, max: 50, sold: 3 }],
  });
  eventId = created.event.id;
  ticketId = created.tickets[0]!.id;
  bookingId = (await insertBooking(db, { eventId, accountId: buyer.accountId, status: 2, totalMinor: 12000 })).id;
  // A ticket of the owner's event with its delegate, and a question (issue 24's calls).
  const paid = await paidBookingWithTickets(t, {
    eventId,
    lines: [{ ticketTypeId: ticketId, name: 'Regular', quantity: 1 }],
  });
  eTicketId = paid.tickets[0]!.id;
  await db.insert(eventQuestions).values({ eventId, position: 0, kind: 'text', label: 'Company', scope: 'order' });
  // Issue 27: a code and a person waiting on the owner's event.
  [{ id: codeId }] = (await db
    .insert(discountCodes)
    .values({ eventId, code: 'OWNER10', kind: 'discount', percentOff: 10 })
    .returning({ id: discountCodes.id })) as [{ id: number }];
  [{ id: entryId }] = (await db
    .insert(waitlistEntries)
    .values({
      eventId,
      ticketTypeId: ticketId,
      fullName: 'Waiting',
      email: 'w@example.com',
      quantity: 1,
      leaveTokenHash: 'h',
    })
    .returning({ id: waitlistEntries.id })) as [{ id: number }];
  // The intruder has an event of its own, so its lists are not trivially empty.
  await createEvent(db, { organisationId: intruder.organisationId, categoryId, title: 'Intruder event' });
});
afterAll(() => t.close());

/** Everything an organiser call could change about the owner's event. */
async function snapshot() {
  const db = t.database.db;
  return {
    event: await db.select().from(events).where(eq(events.id, eventId)),
    booking: await db.select().from(bookings).where(eq(bookings.id, bookingId)),
    jobs: (await db.select({ id: jobs.id }).from(jobs)).length,
    tickets: await db.select().from(ticketTypes).where(eq(ticketTypes.eventId, eventId)).orderBy(asc(ticketTypes.id)),
    media: (await db.select({ id: media.id }).from(media)).length,
    questions: await db.select().from(eventQuestions).where(eq(eventQuestions.eventId, eventId)),
    eTickets: await db.select().from(eTickets).where(eq(eTickets.eventId, eventId)).orderBy(asc(eTickets.id)),
    attendees: (await db.select({ id: bookingAttendees.id }).from(bookingAttendees)).length,
    changes: (await db.select({ id: attendeeChanges.id }).from(attendeeChanges)).length,
    codes: await db.select().from(discountCodes).where(eq(discountCodes.eventId, eventId)),
    waitlist: await db.select().from(waitlistEntries).where(eq(waitlistEntries.eventId, eventId)),
  };
}

type Call = { name: string; request: () => Promise<InjectOptions>; scoped: boolean; notFound?: string };

const ticketRow = () => ({
  id: ticketId,
  name: 'Hijacked',
  price_per_ticket: 1,
  no_of_persons: 1,
  max_tickets: 3,
  status: 3,
});

async function multipart(method: 'POST' | 'PUT', url: string, withFile: boolean): Promise<InjectOptions> {
  const body = await multipartBody(
    eventFields(categoryId, { title: 'Hijacked', status: 2 }),
    withFile ? { name: 'x.png', bytes: await pngImage(), type: 'image/png' } : undefined,
  );
  return { method, url, payload: body.payload, headers: body.headers };
}

const calls: Call[] = [
  {
    name: 'GET v1/client/category/view',
    scoped: false,
    request: async () => ({ method: 'GET', url: '/v1/client/category/view' }),
  },
  { name: 'POST v1/event/register', scoped: false, request: () => multipart('POST', '/v1/event/register', true) },
  {
    name: 'PUT v1/event/update/{id}',
    scoped: true,
    request: () => multipart('PUT', `/v1/event/update/${eventId}`, true),
  },
  {
    name: 'POST v1/event/{id}/ticket/register',
    scoped: true,
    request: async () => ({
      method: 'POST',
      url: `/v1/event/${eventId}/ticket/register`,
      payload: [{ name: 'Extra', price_per_ticket: 1, no_of_persons: 1, max_tickets: 1 }],
    }),
  },
  {
    name: 'POST v1/event/{id}/ticket/update',
    scoped: true,
    request: async () => ({ method: 'POST', url: `/v1/event/${eventId}/ticket/update`, payload: [ticketRow()] }),
  },
  {
    name: 'GET v1/client/event/{id}',
    scoped: true,
    request: async () => ({ method: 'GET', url: `/v1/client/event/${eventId}` }),
  },
  {
    name: 'GET v1/client/event/view',
    scoped: false,
    request: async () => ({ method: 'GET', url: '/v1/client/event/view' }),
  },
  { name: 'GET v1/client/summary', scoped: false, request: async () => ({ method: 'GET', url: '/v1/client/summary' }) },
  {
    name: 'GET v1/client/event/defaults',
    scoped: false,
    request: async () => ({ method: 'GET', url: '/v1/client/event/defaults' }),
  },
  // After the sale (issue 12): orders, attendees, sales, refund and cancel.
  ...(['orders', 'orders.csv', 'attendees', 'attendees.csv', 'sales'] as const).map((what): Call => ({
    name: `GET v1/client/event/{id}/${what}`,
    scoped: true,
    request: async () => ({ method: 'GET', url: `/v1/client/event/${eventId}/${what}` }),
  })),
  {
    name: 'POST v1/client/booking/{id}/refund',
    scoped: true,
    notFound: 'Booking not found',
    request: async () => ({ method: 'POST', url: `/v1/client/booking/${bookingId}/refund`, payload: {} }),
  },
  // Delegates and questions (issue 24).
  {
    name: 'GET v1/client/event/{id}/questions',
    scoped: true,
    request: async () => ({ method: 'GET', url: `/v1/client/event/${eventId}/questions` }),
  },
  {
    name: 'PUT v1/client/event/{id}/questions',
    scoped: true,
    request: async () => ({
      method: 'PUT',
      url: `/v1/client/event/${eventId}/questions`,
      payload: [{ kind: 'text', label: 'Hijacked', scope: 'order' }],
    }),
  },
  {
    name: 'PUT v1/client/ticket/{ticket_id}/attendee',
    scoped: true,
    notFound: 'Ticket not found',
    request: async () => ({
      method: 'PUT',
      url: `/v1/client/ticket/${eTicketId}/attendee`,
      payload: { full_name: 'Hijacked', email: 'hijacked@example.com' },
    }),
  },
  {
    name: 'GET v1/client/ticket/{ticket_id}/attendee/changes',
    scoped: true,
    notFound: 'Ticket not found',
    request: async () => ({ method: 'GET', url: `/v1/client/ticket/${eTicketId}/attendee/changes` }),
  },
  // Codes and the waiting list (issue 27).
  {
    name: 'GET v1/client/event/{id}/codes',
    scoped: true,
    request: async () => ({ method: 'GET', url: `/v1/client/event/${eventId}/codes` }),
  },
  {
    name: 'POST v1/client/event/{id}/codes',
    scoped: true,
    request: async () => ({
      method: 'POST',
      url: `/v1/client/event/${eventId}/codes`,
      payload: { code: 'HIJACK', kind: 'discount', percent_off: 100 },
    }),
  },
  {
    name: 'PUT v1/client/event/{id}/codes/{code_id}',
    scoped: true,
    request: async () => ({
      method: 'PUT',
      url: `/v1/client/event/${eventId}/codes/${codeId}`,
      payload: { code: 'OWNER10', kind: 'discount', percent_off: 100 },
    }),
  },
  {
    name: 'DELETE v1/client/event/{id}/codes/{code_id}',
    scoped: true,
    request: async () => ({ method: 'DELETE', url: `/v1/client/event/${eventId}/codes/${codeId}` }),
  },
  {
    name: 'GET v1/client/event/{id}/waitlist',
    scoped: true,
    request: async () => ({ method: 'GET', url: `/v1/client/event/${eventId}/waitlist` }),
  },
  {
    name: 'DELETE v1/client/event/{id}/waitlist/{entry_id}',
    scoped: true,
    request: async () => ({ method: 'DELETE', url: `/v1/client/event/${eventId}/waitlist/${entryId}` }),
  },
  {
    name: 'PUT v1/client/event/{id}/waitlist/{ticket_type_id}',
    scoped: true,
    request: async () => ({
      method: 'PUT',
      url: `/v1/client/event/${eventId}/waitlist/${ticketId}`,
      payload: { enabled: false },
    }),
  },
  {
    name: 'POST v1/client/event/{id}/cancel',
    scoped: true,
    request: async () => ({
      method: 'POST',
      url: `/v1/client/event/${eventId}/cancel`,
      payload: { reason: 'Hijacked' },
    }),
  },
  // Issue 29: the organiser page's settings (the caller's own organisation, no id to borrow).
  {
    name: 'GET v1/client/organisation/page',
    scoped: false,
    request: async () => ({ method: 'GET', url: '/v1/client/organisation/page' }),
  },
  {
    name: 'PUT v1/client/organisation/page',
    scoped: false,
    request: async () => {
      const body = await multipartBody({ description: 'Hijacked' });
      return { method: 'PUT', url: '/v1/client/organisation/page', payload: body.payload, headers: body.headers };
    },
  },
];

const send = async (call: Call, token?: string) => {
  const req = await call.request();
  return t.app.inject({ ...req, headers: { ...(req.headers ?? {}), ...(token ? { auth: token } : {}) } });
};

describe('another organisation', () => {
  it.each(calls.filter((c) => c.scoped))(
    "is refused $name on the first one's event with 404, nothing changed",
    async (call) => {
      const before = await snapshot();
      const res = await send(call, intruder.token);
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toEqual({
        status: 404,
        status_description: call.notFound ?? 'Event not found',
        data: { code: 'not_found' },
      });
      expect(await snapshot()).toEqual(before);
    },
  );

  it('gets the same 404 for its event id as for an id that does not exist', async () => {
    const missing = await t.app.inject({
      method: 'POST',
      url: '/v1/event/987654/ticket/update',
      headers: { auth: intruder.token },
      payload: [ticketRow()],
    });
    const foreign = await t.app.inject({
      method: 'POST',
      url: `/v1/event/${eventId}/ticket/update`,
      headers: { auth: intruder.token },
      payload: [ticketRow()],
    });
    expect([missing.statusCode, missing.body]).toEqual([foreign.statusCode, foreign.body]);
  });

  it("cannot touch the first one's ticket type through its own event", async () => {
    const own = await createEvent(t.database.db, { organisationId: intruder.organisationId, categoryId });
    const before = await snapshot();
    const res = await t.app.inject({
      method: 'POST',
      url: `/v1/event/${own.event.id}/ticket/update`,
      headers: { auth: intruder.token },
      payload: [{ ...ticketRow(), status: 1 }],
    });
    expect(res.statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  it("does not see the first one's event in its list, under any filter", async () => {
    for (const query of ['', '?status=1', '?status=2', '?limit=100', '?start=2000-01-01&end=2100-01-01']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/v1/client/event/view${query}`,
        headers: { auth: intruder.token },
      });
      expect(res.statusCode).toBe(200);
      const titles = res.json().data.data.map((e: { title: string }) => e.title);
      expect(titles).not.toContain('Owner event');
      expect(
        res.json().data.data.every((e: { organizer: { id: number } }) => e.organizer.id === intruder.organisationId),
      ).toBe(true);
    }
  });

  it("does not count the first one's sales, events or tickets in its summary", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/client/summary', headers: { auth: intruder.token } });
    expect(res.json().data).toMatchObject({ net_sales: 0, tickets_sold: 0 });
    expect(res.json().data.events).toBeGreaterThanOrEqual(1);
    const mine = await t.app.inject({ method: 'GET', url: '/v1/client/summary', headers: { auth: owner.token } });
    // The booking of 120 and the delegate's ticket's (19.99): sales in minor units, never floats.
    expect(mine.json().data).toMatchObject({ net_sales: 139.99, events: 1, tickets_sold: 3, upcoming_events: 1 });
  });
});

describe('a buyer token', () => {
  it.each(calls)('gets 406 from $name and changes nothing', async (call) => {
    const before = await snapshot();
    const res = await send(call, buyer.token);
    expect(res.statusCode, res.body).toBe(406);
    expect(res.json()).toMatchObject({ status: 406, data: { code: 'auth.wrong_account_type' } });
    expect(await snapshot()).toEqual(before);
  });
});

describe('no token', () => {
  it.each(calls)('gets 401 from $name and changes nothing', async (call) => {
    const before = await snapshot();
    const res = await send(call);
    expect(res.statusCode, res.body).toBe(401);
    expect(await snapshot()).toEqual(before);
  });

  it('an unknown token gets 401', async () => {
    const res = await send(calls[2]!, 'x'.repeat(43));
    expect(res.statusCode).toBe(401);
  });
});

describe('a teammate of the same organisation', () => {
  it("has the owner's rights over the event", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/v1/event/${eventId}/ticket/update`,
      headers: { auth: teammate.token },
      payload: [{ ...ticketRow(), name: 'Regular (teammate)', max_tickets: 60, status: 1 }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const list = await t.app.inject({ method: 'GET', url: '/v1/client/event/view', headers: { auth: teammate.token } });
    expect(list.json().data.data.map((e: { id: number }) => e.id)).toEqual([eventId]);
  });
});

describe('a door-only teammate (role checkin)', () => {
  it.each(
    calls.filter((c) =>
      ['/client/event/{id}/', '/client/booking/', '/client/ticket/', '/client/organisation/page'].some((p) =>
        c.name.includes(p),
      ),
    ),
  )('is refused $name with 403, nothing changed', async (call) => {
    const door = await createOrganiser(t.database.db, { organisationId: owner.organisationId, role: 'checkin' });
    const before = await snapshot();
    const res = await send(call, door.token);
    expect(res.statusCode, res.body).toBe(403);
    expect(await snapshot()).toEqual(before);
  });
});
