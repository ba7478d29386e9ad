import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { BOOKING_STATUS, EVENT_STATUS } from '@tikiti/contract';
import {
  attendeeChanges,
  bookingAttendees,
  bookingLines,
  bookings,
  checkIns,
  eTickets,
  events,
  jobs,
  payments,
} from '../../db/schema/index.js';
import { createCategory, createEvent, createOrganiser } from '../../test-support/fixtures.js';
import { mailTo } from '../../test-support/mailbox.js';
import { eventFields, sendEventForm } from '../../test-support/organiser-events.js';
import { book, payWithCard, retrieve, stockOf } from '../../test-support/checkout.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { runDueJobs } from '../../jobs/worker.js';
import { jobHandlers } from '../../background.js';
import { REFUND_JOB } from '../checkout/index.js';
import { csvCell, phoneCell } from '../../lib/csv.js';
import { admissionRefusal, CANCEL_EVENT_JOB } from './index.js';
import { CSV_CHUNK_ROWS } from './orders.service.js';

let t: TestApp;
let owner: Awaited<ReturnType<typeof createOrganiser>>;
let categoryId: number;

beforeAll(async () => {
  t = await createTestApp({ BOOKINGS_PER_ADDRESS: '0' });
  owner = await createOrganiser(t.database.db, { confirmed: true });
  categoryId = (await createCategory(t.database.db)).id;
});
afterAll(() => t.close());

const db = () => t.database.db;
/** Orders' jobs and checkout's refund job, which orders queues. */
const refundAndCancelJobs = jobHandlers.filter((h) => h.kind === REFUND_JOB || h.kind === CANCEL_EVENT_JOB);
const runJobs = () => runDueJobs({ config: t.config, db: db() }, refundAndCancelJobs);

async function anEvent(title = 'Nyama Choma Festival – Nyeri') {
  return createEvent(db(), {
    organisationId: owner.organisationId,
    categoryId,
    title,
    tickets: [
      { name: 'Regular', price: 25.5, max: 10 },
      { name: 'Group of 4', price: 80, persons: 4, max: 5 },
    ],
  });
}

let buyerCount = 0;
/** A guest's paid booking through the real calls: book, pay with the sandbox card, retrieve. */
async function paidBooking(
  eventId: number,
  tickets: { id: number; qty: number }[],
  buyer: { full_name?: string; email_address?: string; msisdn?: string } = {},
) {
  const details = {
    full_name: 'Wanjirũ Kamau',
    email_address: `buyer-${++buyerCount}-${Date.now()}@example.co.ke`,
    msisdn: '0712 345 678',
    ...buyer,
  };
  const res = await book(t.app, { event_id: eventId, tickets, details });
  expect(res.statusCode, res.body).toBe(201);
  const { client_secret: secret, booking_reference: reference } = res.json().data;
  await payWithCard(t.app, secret);
  const view = await retrieve(t.app, secret, res.headers.auth as string);
  expect(view.json().data.status).toBe(BOOKING_STATUS.paid);
  const [row] = await db().select().from(bookings).where(eq(bookings.reference, reference));
  return { ...row!, secret, email: details.email_address };
}

async function pendingBooking(eventId: number, tickets: { id: number; qty: number }[]) {
  const res = await book(t.app, { event_id: eventId, tickets });
  expect(res.statusCode, res.body).toBe(201);
  const [row] = await db().select().from(bookings).where(eq(bookings.reference, res.json().data.booking_reference));
  return row!;
}

const get = (url: string, token = owner.token) => t.app.inject({ method: 'GET', url, headers: { auth: token } });
const post = (url: string, payload: unknown = {}, token = owner.token) =>
  t.app.inject({ method: 'POST', url, headers: { auth: token }, payload: payload as object });

describe('orders and attendees of an event', () => {
  let eventId: number;
  let regular: number;
  let group: number;
  let first: Awaited<ReturnType<typeof paidBooking>>;
  let second: Awaited<ReturnType<typeof paidBooking>>;
  beforeAll(async () => {
    const { event, tickets } = await anEvent();
    eventId = event.id;
    regular = tickets[0]!.id;
    group = tickets[1]!.id;
    first = await paidBooking(eventId, [{ id: regular, qty: 2 }], { full_name: 'Wanjirũ Kamau' });
    second = await paidBooking(eventId, [{ id: group, qty: 1 }], {
      full_name: '=HYPERLINK("http://evil.example","Click")',
      msisdn: '0722 000 111',
    });
    await pendingBooking(eventId, [{ id: regular, qty: 1 }]);
  });

  it('lists the sales newest first, with tickets, persons, amount, method and status', async () => {
    const res = await get(`/v1/client/event/${eventId}/orders`);
    expect(res.statusCode, res.body).toBe(200);
    const { data, total } = res.json().data;
    expect(total).toBe(2);
    expect(data.map((o: { status: number }) => o.status)).toEqual([2, 2]);
    expect(data[1]).toMatchObject({
      reference: first.reference,
      full_name: 'Wanjirũ Kamau',
      email_address: first.email,
      msisdn: '+254712345678',
      tickets: 2,
      persons: 2,
      amount: 51,
      currency: 'USD',
      payment_method: 'card',
      refund_state: 'none',
      refund_error: null,
    });
    expect(data[0]).toMatchObject({ tickets: 1, persons: 4, amount: 80 });
  });

  it('shows holds that were never paid apart from the sales, only when asked for', async () => {
    const { data: holds } = (await get(`/v1/client/event/${eventId}/orders?kind=holds`)).json();
    expect(holds.total).toBe(1);
    expect(holds.data[0]).toMatchObject({ status: BOOKING_STATUS.pending, tickets: 1, paid_at: null });
    expect(Date.parse(holds.data[0].hold_expires_at)).toBeGreaterThan(Date.now());
    const all = (await get(`/v1/client/event/${eventId}/orders?kind=all`)).json().data;
    expect(all.data.map((o: { status: number }) => o.status)).toEqual([1, 2, 2]);
    // A status alone is looked for among every booking; with a kind, within it.
    expect((await get(`/v1/client/event/${eventId}/orders?status=1`)).json().data.total).toBe(1);
    expect((await get(`/v1/client/event/${eventId}/orders?status=1&kind=sales`)).json().data.total).toBe(0);
    const bad = await get(`/v1/client/event/${eventId}/orders?kind=pending`);
    expect(bad.statusCode).toBe(400);
    // The CSV holds what the list holds.
    const lines = async (query: string) =>
      (await get(`/v1/client/event/${eventId}/orders.csv${query}`)).rawPayload.toString('utf8').split('\r\n');
    expect(await lines('')).toHaveLength(4);
    const heldCsv = await lines('?kind=holds');
    expect(heldCsv).toHaveLength(3);
    expect(heldCsv[1]).toContain(',Held (not paid yet),');
  });

  it('finds a booking by reference, name, email or phone as typed, and pages', async () => {
    const refs = async (q: string) =>
      (await get(`/v1/client/event/${eventId}/orders?q=${encodeURIComponent(q)}`))
        .json()
        .data.data.map((o: { reference: string }) => o.reference);
    expect(await refs(first.reference.toLowerCase())).toEqual([first.reference]);
    expect(await refs('wanjirũ')).toContain(first.reference);
    expect(await refs(second.email)).toEqual([second.reference]);
    expect(await refs('0722 000')).toEqual([second.reference]);
    expect(await refs('%')).toEqual([]);
    const paid = await get(`/v1/client/event/${eventId}/orders?status=2&limit=1&page=2`);
    expect(paid.json().data).toMatchObject({ total: 2, data: [{ reference: first.reference }] });
  });

  it('lists attendees by holder with check-in state, and filters them', async () => {
    const [ticket] = await db().select().from(eTickets).where(eq(eTickets.bookingId, first.id));
    await db().insert(checkIns).values({ eTicketId: ticket!.id, deviceId: 'Door 1' });
    const all = (await get(`/v1/client/event/${eventId}/attendees`)).json().data;
    expect(all.total).toBe(3);
    const inside = (await get(`/v1/client/event/${eventId}/attendees?checked_in=yes`)).json().data;
    expect(inside).toMatchObject({
      total: 1,
      data: [
        {
          id: ticket!.id,
          holder_name: 'Wanjirũ Kamau',
          ticket_type: 'Regular',
          admits: 1,
          booking_reference: first.reference,
          ticket_number: ticket!.seq,
          tickets_in_booking: 2,
          revoked: false,
          checked_in_device: 'Door 1',
        },
      ],
    });
    expect(inside.data[0].checked_in_at).toEqual(expect.any(String));
    const groups = (await get(`/v1/client/event/${eventId}/attendees?q=group`)).json().data;
    expect(groups).toMatchObject({ total: 1, data: [{ ticket_type: 'Group of 4', admits: 4 }] });
    expect((await get(`/v1/client/event/${eventId}/attendees?checked_in=no`)).json().data.total).toBe(2);
  });

  it('exports the bookings as CSV that Excel opens: BOM, CRLF, quoted, formulas disarmed, Kenyan names intact', async () => {
    const res = await get(`/v1/client/event/${eventId}/orders.csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="nyama-choma-festival-nyeri-orders.csv"');
    const body = res.rawPayload.toString('utf8');
    expect(
      body.startsWith(
        '\uFEFFReference,Buyer,Phone,Email,Tickets,Persons,Amount,Currency,Payment method,M-Pesa receipt,',
      ),
    ).toBe(true);
    const lines = body.slice(1).split('\r\n');
    expect(lines).toHaveLength(4); // header, 2 sales, and the final line end
    expect(lines[3]).toBe('');
    expect(body.replace(/\r\n/g, '')).not.toContain('\n');
    const firstLine = lines.find((l) => l.startsWith(first.reference))!;
    // A phone in its one E.164 form, as Excel's text (a bare +254… would be read as a number),
    // without the guard's apostrophe: it holds nothing but + and digits.
    expect(firstLine).toContain(',Wanjirũ Kamau,"=""+254712345678""",');
    expect(body).not.toContain("'+254");
    expect(firstLine).toContain(',2,2,51.00,USD,Card,,Paid,');
    const evil = lines.find((l) => l.startsWith(second.reference))!;
    expect(evil).toContain(`,"'=HYPERLINK(""http://evil.example"",""Click"")",`);
    expect(evil).toContain(',"=""+254722000111""",');
  });

  it('writes every phone in the CSV in one form, whatever form a booking kept it in', async () => {
    // A booking from before phones were kept in one form (the demo data wrote 2547…).
    await db().update(bookings).set({ msisdn: '254722000111' }).where(eq(bookings.id, second.id));
    const body = (await get(`/v1/client/event/${eventId}/orders.csv`)).rawPayload.toString('utf8');
    const evil = body.split('\r\n').find((l) => l.startsWith(second.reference))!;
    expect(evil).toContain(',"=""+254722000111""",');
    expect(evil).not.toMatch(/,'?254722000111,/);
    await db().update(bookings).set({ msisdn: '+254722000111' }).where(eq(bookings.id, second.id));
  });

  it('exports the attendees as CSV, filtered as the list is', async () => {
    const res = await get(`/v1/client/event/${eventId}/attendees.csv?checked_in=yes`);
    const lines = res.rawPayload.toString('utf8').split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFFTicket,Delegate,Email,Phone,Company,Job title,Named,Changed,Ticket type,Admits,Booking reference,Valid,Checked in,Checked in at (Nairobi),Device',
    );
    // The ticket as its PDF page names it beside its booking reference (one of its 2), not an
    // internal number.
    expect(lines[1]).toMatch(
      new RegExp(
        `^[12] of 2,Wanjirũ Kamau,${first.email},,,,To be named,No,Regular,1,${first.reference},Yes,Yes,\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d,Door 1$`,
      ),
    );
    expect(lines).toHaveLength(3);
  });

  it('sums the sales: sold, held and left per type, gross, refunded, net, check-ins and days', async () => {
    const res = await get(`/v1/client/event/${eventId}/sales`);
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json().data;
    expect(s.ticket_types).toEqual([
      { id: regular, name: 'Regular', price: 25.5, max_tickets: 10, sold: 2, held: 1, left: 7, deleted: false },
      { id: group, name: 'Group of 4', price: 80, max_tickets: 5, sold: 1, held: 0, left: 4, deleted: false },
    ]);
    expect(s).toMatchObject({
      currency: 'USD',
      gross: 131,
      refunded: 0,
      net: 131,
      bookings_paid: 2,
      bookings_refunded: 0,
      tickets_sold: 3,
      persons_sold: 6,
      tickets_checked_in: 1,
      persons_checked_in: 1,
      refunds_pending: 0,
      refunds_failed: 0,
      event: { id: eventId, status: 1, cancelled_at: null },
    });
    expect(s.over_time).toEqual([{ day: expect.stringMatching(/^\d{4}-\d\d-\d\d$/), tickets: 3, gross: 131 }]);
  });
});

describe('GET v1/client/event/{id}/sales of a large KES event', () => {
  it('sums more than 2^31 minor units (KES 21.4 M) without overflowing', async () => {
    // A national conference: two company bookings of KES 11,999,999.99 each, past PostgreSQL's int.
    const { event, tickets } = await createEvent(db(), {
      organisationId: owner.organisationId,
      categoryId,
      title: 'Kenya Bankers Annual Conference',
      currency: 'KES',
      tickets: [{ name: 'Delegate', price: 2333, max: 100_000 }],
    });
    const paidAt = new Date();
    const rows = await db()
      .insert(bookings)
      .values(
        ['TK-BIGSAL2', 'TK-BIGSAL3'].map((reference) => ({
          reference,
          eventId: event.id,
          fullName: 'Equity Group Holdings',
          email: 'events@example.co.ke',
          currency: 'KES',
          totalMinor: 1_199_999_999,
          status: BOOKING_STATUS.paid,
          paymentMethod: 'invoice' as const,
          holdExpiresAt: paidAt,
          paidAt,
        })),
      )
      .returning({ id: bookings.id });
    // One line per booking: the sales over time count tickets from the lines.
    await db()
      .insert(bookingLines)
      .values(
        rows.map((b) => ({
          bookingId: b.id,
          ticketTypeId: tickets[0]!.id,
          name: 'Delegate',
          unitPriceMinor: 233_300,
          noOfPersons: 1,
          quantity: 5143,
        })),
      );
    const res = await get(`/v1/client/event/${event.id}/sales`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      currency: 'KES',
      gross: 23_999_999.98,
      net: 23_999_999.98,
      bookings_paid: 2,
    });
    expect(res.json().data.over_time).toEqual([expect.objectContaining({ tickets: 10_286, gross: 23_999_999.98 })]);
  });
});

describe('the CSVs of a large event', () => {
  it('stream every attendee in name order and every order newest first, a chunk at a time', async () => {
    const { event, tickets } = await anEvent('Nairobi Tech Week main hall');
    const n = CSV_CHUNK_ROWS * 2 + 500;
    // Bookings of one ticket each, straight into the tables: names sort in the reverse of their ids.
    await db().execute(sql`
      WITH b AS (
        INSERT INTO bookings (reference, event_id, full_name, email, currency, total_minor, status, payment_method, hold_expires_at, paid_at)
        SELECT 'TK-CSV' || lpad(g::text, 5, '0'), ${event.id}, 'Delegate ' || lpad((${n} - g)::text, 5, '0'),
               'd' || g || '@example.co.ke', 'USD', 2550, ${BOOKING_STATUS.paid}, 'card', now(), now()
          FROM generate_series(1, ${n}) g RETURNING id, full_name),
      l AS (
        INSERT INTO booking_lines (booking_id, ticket_type_id, name, unit_price_minor, no_of_persons, quantity)
        SELECT id, ${tickets[0]!.id}, 'Regular', 2550, 1, 1 FROM b RETURNING id, booking_id)
      INSERT INTO e_tickets (booking_id, booking_line_id, event_id, code, holder_name, seq, admits)
      SELECT l.booking_id, l.id, ${event.id}, 'csv-' || l.id, b.full_name, 1, 1 FROM l JOIN b ON b.id = l.booking_id`);
    const res = await get(`/v1/client/event/${event.id}/attendees.csv`);
    expect(res.statusCode, res.body).toBe(200);
    // Sent as it is made (chunked), not built whole first.
    expect(res.headers['content-length']).toBeUndefined();
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines).toHaveLength(n + 1);
    const names = lines.slice(1).map((line) => line.split(',')[1]);
    expect(names[0]).toBe('Delegate 00000');
    expect(names.at(-1)).toBe(`Delegate ${String(n - 1).padStart(5, '0')}`);
    expect(names).toEqual([...names].sort());
    expect(new Set(names).size).toBe(n);

    const orders = await get(`/v1/client/event/${event.id}/orders.csv`);
    expect(orders.statusCode, orders.body).toBe(200);
    expect(orders.headers['content-length']).toBeUndefined();
    const references = orders.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n')
      .slice(1)
      .map((line) => line.split(',')[0]);
    // Booked in one statement (one time), so newest first is the highest id first.
    expect(references).toEqual(Array.from({ length: n }, (_, i) => `TK-CSV${String(n - i).padStart(5, '0')}`));
  });
});

describe('attendees of an event among other events', () => {
  // The count and the page read e_tickets alone, and a search each table through the event's own
  // rows (docs/scaling.md): the same totals and rows as joining everything, other events' alike rows left out.
  it('counts and finds the same attendees with and without a search, check-in and names filters', async () => {
    const mine = await anEvent('Kisumu Lakeside Summit');
    const theirs = await anEvent('Kisumu Lakeside Summit (next year)');
    const [regular, group] = [mine.tickets[0]!.id, mine.tickets[1]!.id];
    const otieno = await paidBooking(mine.event.id, [{ id: regular, qty: 2 }], { full_name: 'Otieno Odhiambo' });
    const achieng = await paidBooking(mine.event.id, [{ id: group, qty: 1 }], { full_name: 'Achieng Atieno' });
    // The other event holds the same names, a delegate with the same phone and company, and check-ins.
    const other = await paidBooking(theirs.event.id, [{ id: theirs.tickets[0]!.id, qty: 3 }], {
      full_name: 'Otieno Odhiambo',
    });
    const ticketsOf = (bookingId: number) =>
      db().select().from(eTickets).where(eq(eTickets.bookingId, bookingId)).orderBy(eTickets.seq);
    const [o1, o2] = await ticketsOf(otieno.id);
    const [a1] = await ticketsOf(achieng.id);
    const theirTickets = await ticketsOf(other.id);
    await db()
      .insert(checkIns)
      .values([o1!, ...theirTickets].map((x) => ({ eTicketId: x.id, deviceId: 'Door 1' })));
    // Checkout made a delegate row per ticket; Otieno's second ticket is now named, its phone kept
    // with spaces and dashes (the one in the other event too).
    const name = async (ticket: typeof o1) => {
      const [row] = await db()
        .update(bookingAttendees)
        .set({
          fullName: 'Mercy Chebet',
          email: 'mercy@kcb.example',
          msisdn: '+254 733-444 555',
          company: 'KCB Group',
          named: true,
        })
        .where(and(eq(bookingAttendees.bookingLineId, ticket!.bookingLineId), eq(bookingAttendees.seq, ticket!.seq)))
        .returning();
      return row!;
    };
    const mercy = await name(o2);
    const theirMercy = await name(theirTickets[0]);
    const change = {
      changedBy: 'organiser' as const,
      byName: 'Owner',
      fromName: 'Otieno Odhiambo',
      toName: 'Mercy Chebet',
      reissued: false,
    };
    await db()
      .insert(attendeeChanges)
      .values([
        { ...change, attendeeId: mercy!.id },
        { ...change, attendeeId: theirMercy!.id },
      ]);

    const list = async (query: string) => {
      const res = await get(`/v1/client/event/${mine.event.id}/attendees?limit=100${query}`);
      expect(res.statusCode, res.body).toBe(200);
      const { total, data } = res.json().data as { total: number; data: { id: number }[] };
      return { total, ids: data.map((r) => r.id) };
    };
    const both = [o1!.id, o2!.id].sort((x, y) => x - y);
    expect(await list('')).toEqual({ total: 3, ids: [a1!.id, ...both] });
    expect(await list('&checked_in=yes')).toEqual({ total: 1, ids: [o1!.id] });
    expect(await list('&checked_in=no')).toEqual({ total: 2, ids: [a1!.id, o2!.id] });
    expect(await list('&names=to_be_named')).toEqual({ total: 2, ids: [a1!.id, o1!.id] });
    expect(await list('&names=changed')).toEqual({ total: 1, ids: [o2!.id] });
    // By holder name, booking reference, ticket type, delegate email, company and phone as typed.
    expect(await list('&q=otieno')).toEqual({ total: 2, ids: both });
    expect(await list(`&q=${achieng.reference.toLowerCase()}`)).toEqual({ total: 1, ids: [a1!.id] });
    expect(await list('&q=group%20of')).toEqual({ total: 1, ids: [a1!.id] });
    expect(await list('&q=mercy%40kcb')).toEqual({ total: 1, ids: [o2!.id] });
    expect(await list('&q=kcb%20group')).toEqual({ total: 1, ids: [o2!.id] });
    expect(await list(`&q=${encodeURIComponent('0733 444 555')}`)).toEqual({ total: 1, ids: [o2!.id] });
    expect(await list(`&q=${encodeURIComponent('0733 444 555')}&checked_in=yes`)).toEqual({ total: 0, ids: [] });
    expect(await list('&q=otieno&checked_in=no')).toEqual({ total: 1, ids: [o2!.id] });
    expect(await list('&q=nobody')).toEqual({ total: 0, ids: [] });

    // The rows themselves: numbers in the booking, the delegate and the check-in.
    const page = (await get(`/v1/client/event/${mine.event.id}/attendees?q=otieno`)).json().data.data;
    expect(page).toMatchObject([
      { id: o1!.id, ticket_number: 1, tickets_in_booking: 2, checked_in_device: 'Door 1' },
      { id: o2!.id, ticket_number: 2, tickets_in_booking: 2, checked_in_device: null },
    ]);
  });
});

describe('csvCell', () => {
  it('quotes what needs it and disarms formulas, leaving numbers alone', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    for (const f of ['=1+1', '+254712', '-5', '@SUM(A1)']) expect(csvCell(f)).toBe(`'${f}`);
    // A phone is Excel's text, but only when it is + and digits; anything else stays guarded text.
    expect(csvCell(phoneCell('0712 345 678'))).toBe('"=""+254712345678"""');
    expect(csvCell(phoneCell('254712345678'))).toBe('"=""+254712345678"""');
    expect(csvCell(phoneCell('+1 (212) 555-0100'))).toBe('"=""+12125550100"""');
    expect(csvCell(phoneCell('+cmd|calc'))).toBe("'+cmd|calc");
    expect(csvCell(phoneCell(null))).toBe('');
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(null)).toBe('');
    expect(csvCell('Kĩambu – Thika')).toBe('Kĩambu – Thika');
  });
});

describe('POST v1/client/booking/{id}/refund', () => {
  it('refunds a paid booking at once: seats back on sale, tickets revoked; the job returns the money and mails once', async () => {
    const { event, tickets } = await anEvent('Refund night');
    const paid = await paidBooking(event.id, [{ id: tickets[0]!.id, qty: 3 }]);
    expect(await stockOf(db(), tickets[0]!.id)).toMatchObject({ sold: 3 });

    const res = await post(`/v1/client/booking/${paid.id}/refund`);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().data).toMatchObject({
      id: paid.id,
      status: BOOKING_STATUS.refunded,
      refund_state: 'pending',
      refund_requested_at: expect.any(String),
    });
    expect(await stockOf(db(), tickets[0]!.id)).toMatchObject({ sold: 0, held: 0 });
    const issued = await db().select().from(eTickets).where(eq(eTickets.bookingId, paid.id));
    expect(issued).toHaveLength(3);
    expect(issued.every((e) => e.revokedAt !== null)).toBe(true);

    // Asking again while the money is on its way changes nothing and queues nothing.
    const again = await post(`/v1/client/booking/${paid.id}/refund`);
    expect(again.statusCode).toBe(202);
    const queued = async () =>
      (await db().select().from(jobs).where(eq(jobs.kind, REFUND_JOB))).filter(
        (j) => (j.payload as { bookingId: number }).bookingId === paid.id,
      );
    expect(await queued()).toHaveLength(1);

    await runJobs();
    const [payment] = await db().select().from(payments).where(eq(payments.bookingId, paid.id));
    expect(payment!.refundedAt).not.toBeNull();
    const list = (await get(`/v1/client/event/${event.id}/orders`)).json().data.data;
    expect(list[0]).toMatchObject({ id: paid.id, refund_state: 'refunded', refund_error: null });
    const third = await post(`/v1/client/booking/${paid.id}/refund`);
    expect(third.json().data.refund_state).toBe('refunded');
    await runJobs();
    expect(await queued()).toHaveLength(1);
    const mails = (await mailTo(t, paid.email)).filter((m) => m.subject.includes('refunded'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Your booking for Refund night is refunded (${paid.reference})`);
    expect(mails[0]!.text).toContain('We have refunded USD 76.50 to the card you paid with');

    const sales = (await get(`/v1/client/event/${event.id}/sales`)).json().data;
    expect(sales).toMatchObject({
      gross: 76.5,
      refunded: 76.5,
      net: 0,
      tickets_sold: 0,
      bookings_paid: 0,
      bookings_refunded: 1,
      refunds_pending: 0,
    });
  });

  it('answers 409 for a booking that was never paid, and 404 for another organisation', async () => {
    const { event, tickets } = await anEvent('Refund refusals');
    const pending = await pendingBooking(event.id, [{ id: tickets[0]!.id, qty: 1 }]);
    const res = await post(`/v1/client/booking/${pending.id}/refund`);
    expect(res.statusCode).toBe(409);
    const intruder = await createOrganiser(db());
    const paid = await paidBooking(event.id, [{ id: tickets[0]!.id, qty: 1 }]);
    const foreign = await post(`/v1/client/booking/${paid.id}/refund`, {}, intruder.token);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({
      status: 404,
      status_description: 'Booking not found',
      data: { code: 'not_found' },
    });
    const [row] = await db().select().from(bookings).where(eq(bookings.id, paid.id));
    expect(row!.status).toBe(BOOKING_STATUS.paid);
  });
});

describe('POST v1/client/event/{id}/cancel', () => {
  it('takes the event off the public lists at once, then refunds every paid booking and releases holds, once', async () => {
    const { event, tickets } = await anEvent('Cancelled concert');
    const paid = [
      await paidBooking(event.id, [{ id: tickets[0]!.id, qty: 1 }]),
      await paidBooking(event.id, [{ id: tickets[1]!.id, qty: 2 }]),
      await paidBooking(event.id, [{ id: tickets[0]!.id, qty: 2 }]),
    ];
    await pendingBooking(event.id, [{ id: tickets[0]!.id, qty: 1 }]);
    expect((await t.app.inject({ method: 'GET', url: `/v1/event/details/${event.id}` })).statusCode).toBe(200);

    const res = await post(`/v1/client/event/${event.id}/cancel`, { reason: 'The venue flooded' });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().data).toEqual({ event_id: event.id, cancelled_at: expect.any(String), bookings_to_refund: 3 });
    const [row] = await db().select().from(events).where(eq(events.id, event.id));
    expect(row!.status).toBe(EVENT_STATUS.cancelled);
    // Gone from the public: its details page is not found, it is in no list, and nothing more sells.
    expect((await t.app.inject({ method: 'GET', url: `/v1/event/details/${event.id}` })).statusCode).toBe(404);
    const list = await t.app.inject({ method: 'GET', url: '/v1/event/view?limit=100' });
    expect(list.json().data.data.map((e: { id: number }) => e.id)).not.toContain(event.id);
    expect((await book(t.app, { event_id: event.id, tickets: [{ id: tickets[0]!.id, qty: 1 }] })).statusCode).toBe(404);
    // The organiser cannot publish it again.
    const republish = await sendEventForm(t.app, {
      method: 'PUT',
      url: `/v1/event/update/${event.id}`,
      token: owner.token,
      fields: eventFields(categoryId, { title: 'Cancelled concert', status: 1 }),
    });
    expect(republish.statusCode, republish.body).toBe(409);
    expect((await get(`/v1/client/event/${event.id}/sales`)).json().data.event.status).toBe(3);

    const again = await post(`/v1/client/event/${event.id}/cancel`, {});
    expect(again.json().data.cancelled_at).toBe(res.json().data.cancelled_at);
    expect((await db().select().from(jobs).where(eq(jobs.kind, 'orders.cancel-event'))).length).toBe(1);

    await runJobs(); // the cancel job: bookings refunded at once, a refund job each
    await runJobs(); // the refund jobs
    const states = await db()
      .select({ status: bookings.status })
      .from(bookings)
      .where(eq(bookings.eventId, event.id))
      .orderBy(bookings.id);
    expect(states.map((s) => s.status)).toEqual([5, 5, 5, 4]);
    expect(await stockOf(db(), tickets[0]!.id)).toMatchObject({ sold: 0, held: 0 });
    expect(await stockOf(db(), tickets[1]!.id)).toMatchObject({ sold: 0, held: 0 });
    const refunded = await db().execute(
      sql`SELECT count(*)::int AS n FROM payments p JOIN bookings b ON b.id = p.booking_id
           WHERE b.event_id = ${event.id} AND p.refunded_at IS NOT NULL`,
    );
    expect((refunded as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(3);
    for (const p of paid) {
      const mails = (await mailTo(t, p.email)).filter((m) => m.subject.includes('is cancelled'));
      expect(mails, p.email).toHaveLength(1);
      expect(mails[0]!.text).toContain('The venue flooded');
    }
    const sales = (await get(`/v1/client/event/${event.id}/sales`)).json().data;
    expect(sales).toMatchObject({ refunds_pending: 0, refunds_failed: 0, tickets_sold: 0, net: 0 });
    expect(sales.event.cancelled_at).toBe(res.json().data.cancelled_at);
  });
});

describe('a hold paid after its event was cancelled', () => {
  it('is never honoured, even before the cancel job reaches it: released and refunded', async () => {
    const { event, tickets } = await anEvent('Cancelled before payment');
    const res = await book(t.app, { event_id: event.id, tickets: [{ id: tickets[0]!.id, qty: 2 }] });
    const { client_secret: secret } = res.json().data;
    expect((await post(`/v1/client/event/${event.id}/cancel`, {})).statusCode).toBe(202);
    await payWithCard(t.app, secret);
    const view = await retrieve(t.app, secret, res.headers.auth as string);
    expect(view.json().data.status).toBe(BOOKING_STATUS.refunded);
    expect(await stockOf(db(), tickets[0]!.id)).toMatchObject({ sold: 0, held: 0 });
    await runDueJobs({ config: t.config, db: db() }, jobHandlers);
    expect(await stockOf(db(), tickets[0]!.id)).toMatchObject({ sold: 0, held: 0 });
    const refunded = await db().execute(sql`SELECT refunded_at FROM payments WHERE client_secret = ${secret}`);
    expect((refunded as unknown as { rows: { refunded_at: Date | null }[] }).rows[0]!.refunded_at).not.toBeNull();
  });
});

describe('who may call', () => {
  let eventId: number;
  let bookingId: number;
  beforeAll(async () => {
    const { event, tickets } = await anEvent('Private sales');
    eventId = event.id;
    bookingId = (await paidBooking(eventId, [{ id: tickets[0]!.id, qty: 1 }])).id;
  });
  const calls = () => [
    { method: 'GET' as const, url: `/v1/client/event/${eventId}/orders` },
    { method: 'GET' as const, url: `/v1/client/event/${eventId}/orders.csv` },
    { method: 'GET' as const, url: `/v1/client/event/${eventId}/attendees` },
    { method: 'GET' as const, url: `/v1/client/event/${eventId}/attendees.csv` },
    { method: 'GET' as const, url: `/v1/client/event/${eventId}/sales` },
    { method: 'POST' as const, url: `/v1/client/booking/${bookingId}/refund`, payload: {} },
    { method: 'POST' as const, url: `/v1/client/event/${eventId}/cancel`, payload: {} },
  ];

  it('a door-only teammate is refused every call with 403, nothing changed', async () => {
    const door = await createOrganiser(db(), { organisationId: owner.organisationId, role: 'checkin' });
    for (const call of calls()) {
      const res = await t.app.inject({ ...call, headers: { auth: door.token } });
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(403);
    }
    const [b] = await db().select().from(bookings).where(eq(bookings.id, bookingId));
    expect(b!.status).toBe(BOOKING_STATUS.paid);
  });

  it('an admin teammate of the same organisation may read the orders', async () => {
    const admin = await createOrganiser(db(), { organisationId: owner.organisationId, role: 'admin' });
    expect((await get(`/v1/client/event/${eventId}/orders`, admin.token)).json().data.total).toBe(1);
  });
});

describe('admissionRefusal (what the door asks after the sale)', () => {
  it('admits a paid booking’s live ticket, and names why not otherwise', () => {
    const live = { revokedAt: null, bookingStatus: BOOKING_STATUS.paid, eventStatus: EVENT_STATUS.published };
    expect(admissionRefusal(live)).toBeNull();
    expect(admissionRefusal({ ...live, revokedAt: new Date() })).toBe('refunded');
    expect(admissionRefusal({ ...live, bookingStatus: BOOKING_STATUS.refunded })).toBe('refunded');
    expect(admissionRefusal({ ...live, eventStatus: EVENT_STATUS.cancelled })).toBe('cancelled');
    expect(admissionRefusal({ ...live, bookingStatus: BOOKING_STATUS.pending })).toBe('not_paid');
  });
});
