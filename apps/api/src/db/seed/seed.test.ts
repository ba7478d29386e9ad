import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answerProblem,
  eventSchema,
  nairobiDay,
  toMajor,
  toNairobiLocal,
  type AnswerValue,
  type Event,
  type QuestionKind,
} from '@tikiti/contract';
import { verifyTicketCode } from '@tikiti/ticket-codes';
import { queryRows } from '../client.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { issueBookingsETickets } from '../../features/etickets/index.js';
import { DEMO_ORGANISER_EMAIL, DEMO_ORGANISER_PASSWORD, seedDemoData } from './seed.js';

let t: TestApp;
let seededAt: Date;
let firstRun: boolean;

beforeAll(async () => {
  t = await createTestApp();
  seededAt = new Date();
  firstRun = await seedDemoData(t.database.db, seededAt, (tx, ids) =>
    issueBookingsETickets({ config: t.config, db: t.database.db }, tx, ids),
  );
});
afterAll(() => t.close());

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.database.db, query);
const countOf = async (query: ReturnType<typeof sql>) => (await rows<{ n: number }>(query))[0]!.n;
const count = async (table: string) =>
  (await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`))[0]!.n;

interface EventRow {
  id: number;
  title: string;
  status: number;
  start_time: Date;
  end_time: Date;
  short_description: string;
  full_description: string;
  image_id: number | null;
  organisation_id: number;
}

/** A GET as the demo organiser, signed in with the published password. */
async function asDemoOrganiser(url: string) {
  const login = await t.app.inject({
    method: 'POST',
    url: '/v1/auth/login',
    payload: { username: DEMO_ORGANISER_EMAIL, password: DEMO_ORGANISER_PASSWORD },
  });
  return t.app.inject({ method: 'GET', url, headers: { auth: login.headers.auth as string } });
}

describe('seedDemoData', () => {
  it('loads an empty database (how long it takes is measured by `npm run bench`, not here)', () => {
    expect(firstRun).toBe(true);
  });

  it('creates the categories, five organisations with an owner each, and one demo sign-in', async () => {
    expect(await count('categories')).toBeGreaterThanOrEqual(6);
    expect(await count('organisations')).toBe(5);
    const owners = await rows<{
      email: string;
      role: string;
      password_hash: string | null;
      last_login_at: Date | null;
    }>(sql`SELECT email, role, password_hash, last_login_at FROM accounts WHERE type = 'organizer' ORDER BY id`);
    expect(owners).toHaveLength(5);
    expect(owners.every((o) => o.role === 'owner')).toBe(true);
    expect(owners[0]!.email).toBe(DEMO_ORGANISER_EMAIL);
    expect(owners[0]!.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(owners[0]!.last_login_at).not.toBeNull();
    expect(owners.slice(1).every((o) => o.password_hash === null)).toBe(true);
  });

  it('lets the demo organiser sign in with the published password', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { username: DEMO_ORGANISER_EMAIL, password: DEMO_ORGANISER_PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers.auth).toBeTruthy();
  });

  it('creates 30 upcoming published events over the next 90 days, 2 past ones and 2 drafts', async () => {
    const all = await rows<EventRow>(sql`SELECT * FROM events ORDER BY start_time`);
    const now = seededAt.getTime();
    const upcoming = all.filter((e) => e.status === 1 && new Date(e.start_time).getTime() > now);
    const past = all.filter((e) => e.status === 1 && new Date(e.end_time).getTime() < now);
    const drafts = all.filter((e) => e.status === 2);
    expect(upcoming).toHaveLength(30);
    expect(past).toHaveLength(2);
    expect(drafts).toHaveLength(2);
    expect(all).toHaveLength(34);
    const lastDay = new Date(upcoming.at(-1)!.start_time).getTime();
    expect(lastDay - now).toBeLessThan(92 * 86_400_000);
    expect(lastDay - now).toBeGreaterThan(60 * 86_400_000);
    // Spread out: no more than three upcoming events on one Nairobi day.
    const perDay = new Map<string, number>();
    for (const e of upcoming)
      perDay.set(nairobiDay(new Date(e.start_time)), (perDay.get(nairobiDay(new Date(e.start_time))) ?? 0) + 1);
    expect(Math.max(...perDay.values())).toBeLessThanOrEqual(3);
    // Every organiser has published events.
    expect(new Set(upcoming.map((e) => e.organisation_id)).size).toBe(5);
  });

  it('schedules every event between 08:00 and 18:00 Nairobi time on one day', async () => {
    for (const e of await rows<EventRow>(sql`SELECT * FROM events`)) {
      const start = toNairobiLocal(new Date(e.start_time));
      const end = toNairobiLocal(new Date(e.end_time));
      expect(start.slice(0, 10), e.title).toBe(end.slice(0, 10));
      expect(start.slice(11) >= '08:00' && end.slice(11) <= '18:00', `${e.title} ${start}–${end}`).toBe(true);
    }
  });

  it('writes short descriptions of at most 200 characters and full ones in paragraphs', async () => {
    for (const e of await rows<EventRow>(sql`SELECT * FROM events`)) {
      expect(e.short_description.length, e.title).toBeGreaterThan(40);
      expect(e.short_description.length, e.title).toBeLessThanOrEqual(200);
      expect(e.full_description.split('\n\n').length, e.title).toBeGreaterThanOrEqual(3);
    }
  });

  it('gives each event 2 to 4 ticket types with realistic prices, some sales and a sold-out type', async () => {
    // Public types: a hidden one (issue 27's speaker pass) shows only with its access code.
    const perEvent = await rows<{ n: number }>(
      sql`SELECT count(*) FILTER (WHERE NOT hidden)::int AS n FROM ticket_types GROUP BY event_id`,
    );
    expect(perEvent).toHaveLength(34);
    expect(perEvent.every((r) => r.n >= 2 && r.n <= 4)).toBe(true);
    const stats = (
      await rows<{
        min_price: number;
        max_price: number;
        min_kes: number;
        max_kes: number;
        kes_events: number;
        kes_cents: number;
        sold_out: number;
        with_sales: number;
        groups: number;
      }>(sql`
        SELECT min(price_minor) FILTER (WHERE e.currency = 'USD')::int AS min_price,
               max(price_minor) FILTER (WHERE e.currency = 'USD')::int AS max_price,
               min(price_minor) FILTER (WHERE e.currency = 'KES')::int AS min_kes,
               max(price_minor) FILTER (WHERE e.currency = 'KES')::int AS max_kes,
               count(DISTINCT event_id) FILTER (WHERE e.currency = 'KES')::int AS kes_events,
               count(*) FILTER (WHERE e.currency = 'KES' AND price_minor % 100 <> 0)::int AS kes_cents,
               count(*) FILTER (WHERE sold = max_tickets)::int AS sold_out,
               count(DISTINCT event_id) FILTER (WHERE sold > 0)::int AS with_sales,
               count(*) FILTER (WHERE no_of_persons > 1)::int AS groups
        FROM ticket_types JOIN events e ON e.id = ticket_types.event_id`)
    )[0]!;
    expect(stats.min_price).toBeGreaterThanOrEqual(2500);
    expect(stats.max_price).toBeLessThanOrEqual(45000);
    // Events in shillings (paid with M-Pesa too), priced whole: KES 2,500 and up.
    expect(stats.kes_events).toBe(3);
    expect(stats.kes_cents).toBe(0);
    expect(stats.min_kes).toBeGreaterThanOrEqual(250_000);
    expect(stats.max_kes).toBeLessThanOrEqual(6_000_000);
    expect(stats.sold_out).toBeGreaterThanOrEqual(1);
    expect(stats.with_sales).toBeGreaterThanOrEqual(25);
    expect(stats.groups).toBeGreaterThanOrEqual(10);
    // Drafts have sold nothing.
    const draftSales = await rows<{ n: number }>(
      sql`SELECT coalesce(sum(t.sold), 0)::int AS n FROM ticket_types t JOIN events e ON e.id = t.event_id WHERE e.status = 2`,
    );
    expect(draftSales[0]!.n).toBe(0);
  });

  it("has issue 27's selling tools: a discount, a 100 % speaker code, an access code with a hidden type, tiers and people waiting", async () => {
    const codes = await rows<{ code: string; kind: string; percent_off: number | null }>(
      sql`SELECT code, kind, percent_off FROM discount_codes ORDER BY code`,
    );
    expect(codes).toEqual([
      { code: 'KARIBU10', kind: 'discount', percent_off: 10 },
      { code: 'SPEAKER100', kind: 'discount', percent_off: 100 },
      { code: 'SPEAKERS', kind: 'access', percent_off: null },
    ]);
    expect(await countOf(sql`SELECT count(*)::int AS n FROM ticket_types WHERE hidden`)).toBe(1);
    expect(await countOf(sql`SELECT count(*)::int AS n FROM ticket_types WHERE jsonb_array_length(tiers) > 0`)).toBe(1);
    const waiting = await rows<{ n: number; sold_out: boolean }>(
      sql`SELECT count(*)::int AS n, bool_and(t.sold = t.max_tickets) AS sold_out
            FROM waitlist_entries w JOIN ticket_types t ON t.id = w.ticket_type_id WHERE w.status = 'waiting'`,
    );
    expect(waiting[0]).toEqual({ n: 3, sold_out: true });
  });

  it('gives every event its own generated image, served as a 2:1 JPEG with a card', async () => {
    const images = await rows<{ key: string; digest: string; width: number; height: number }>(sql`
      SELECT m.key, md5(m.bytes) AS digest, m.width, m.height FROM events e JOIN media m ON m.id = e.image_id
       WHERE e.status = 1`);
    expect(images).toHaveLength(32);
    expect(new Set(images.map((i) => i.digest)).size).toBe(32);
    expect(images.every((i) => i.width === 1200 && i.height === 600)).toBe(true);
    const card = await t.app.inject({ method: 'GET', url: `/media/${images[0]!.key}/card.jpg` });
    expect(card.statusCode).toBe(200);
    expect(card.headers['content-type']).toBe('image/jpeg');
    expect(createHash('md5').update(card.rawPayload).digest('hex')).not.toBe(images[0]!.digest);
  });

  it('shows up in the public catalogue: 30 upcoming events, soonest first, with images and prices', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/event/view?limit=100' });
    const { data, total } = res.json().data as { data: Event[]; total: number };
    expect(total).toBe(30);
    expect(data.every((e) => e.image_card && e.price_from !== null && e.tickets.length >= 2)).toBe(true);
    expect(data.map((e) => e.start_time)).toEqual([...data.map((e) => e.start_time)].sort());
    const organisers = (await t.app.inject({ method: 'GET', url: '/v1/client/view' })).json().data;
    expect(organisers).toHaveLength(5);
    const cats = (await t.app.inject({ method: 'GET', url: '/v1/category/view' })).json().data;
    expect(cats.map((c: { name: string }) => c.name)).toContain('Technology & Innovation');
  });

  it('backs every sold count with paid card bookings of 1 to 4 tickets, lines adding up exactly', async () => {
    const mismatched = await rows<{ id: number; sold: number; booked: number }>(sql`
      SELECT t.id, t.sold, coalesce(sum(l.quantity) FILTER (WHERE b.status = 2), 0)::int AS booked
      FROM ticket_types t
      LEFT JOIN booking_lines l ON l.ticket_type_id = t.id
      LEFT JOIN bookings b ON b.id = l.booking_id
      GROUP BY t.id HAVING t.sold <> coalesce(sum(l.quantity) FILTER (WHERE b.status = 2), 0)`);
    expect(mismatched).toEqual([]);
    const booked = await rows<{
      reference: string;
      status: number;
      payment_method: string;
      currency: string;
      total_minor: number;
      lines_minor: number;
      tickets: number;
      foreign_lines: number;
      copied_wrong: number;
      created_at: Date;
      hold_expires_at: Date;
      paid_at: Date | null;
      start_time: Date;
      event_created_at: Date;
      event_status: number;
      event_currency: string;
    }>(sql`
      SELECT b.reference, b.status, b.payment_method, b.currency, b.total_minor, b.created_at,
             b.hold_expires_at, b.paid_at, e.start_time, e.created_at AS event_created_at, e.status AS event_status, e.currency AS event_currency,
             sum(l.unit_price_minor * l.quantity)::int AS lines_minor, sum(l.quantity)::int AS tickets,
             count(*) FILTER (WHERE t.event_id <> b.event_id)::int AS foreign_lines,
             count(*) FILTER (WHERE l.name <> t.name OR l.unit_price_minor <> t.price_minor
                                 OR l.no_of_persons <> t.no_of_persons)::int AS copied_wrong
      FROM bookings b
      JOIN events e ON e.id = b.event_id
      JOIN booking_lines l ON l.booking_id = b.id
      JOIN ticket_types t ON t.id = l.ticket_type_id
      GROUP BY b.id, e.id`);
    expect(booked.length).toBeGreaterThan(500);
    expect(await count('bookings')).toBe(booked.length);
    // Besides the sales, the demo organiser's tax documents add one refunded booking (its credit
    // note's) and one company's booking awaiting payment (docs/product.md#tax-documents).
    expect(
      booked
        .filter((b) => b.status !== 2)
        .map((b) => [b.status, b.payment_method])
        .sort(),
    ).toEqual([
      [5, 'card'],
      [6, 'invoice'],
    ]);
    for (const b of booked.filter((x) => x.status === 2)) {
      expect(b, b.reference).toMatchObject({ status: 2, payment_method: 'card', event_status: 1 });
      expect(b.currency, b.reference).toBe(b.event_currency);
      expect(b.reference).toMatch(/^TK-[2-9A-HJKMNP-Z]{6}$/);
      expect(b.total_minor, b.reference).toBe(b.lines_minor);
      expect(b.tickets, b.reference).toBeGreaterThanOrEqual(1);
      expect(b.tickets, b.reference).toBeLessThanOrEqual(4);
      expect([b.foreign_lines, b.copied_wrong], b.reference).toEqual([0, 0]);
      const created = new Date(b.created_at).getTime();
      const paid = new Date(b.paid_at!).getTime();
      expect(new Date(b.hold_expires_at).getTime() - created, b.reference).toBe(15 * 60_000);
      expect(paid, b.reference).toBeGreaterThan(created);
      expect(paid, b.reference).toBeLessThan(new Date(b.hold_expires_at).getTime());
      expect(paid, b.reference).toBeLessThanOrEqual(seededAt.getTime());
      expect(paid, b.reference).toBeLessThanOrEqual(new Date(b.start_time).getTime());
      expect(created, b.reference).toBeGreaterThan(new Date(b.event_created_at).getTime());
    }
    expect(new Set(booked.map((b) => b.reference)).size).toBe(booked.length);
    // Paid over the past weeks, not all at once.
    const paidDays = new Set(booked.map((b) => nairobiDay(new Date(b.paid_at!))));
    expect(paidDays.size).toBeGreaterThanOrEqual(21);
    // E-tickets: only those of events not yet over (see 'demo e-tickets' below).
    expect(await count('e_tickets')).toBeLessThan(booked.reduce((n, b) => n + b.tickets, 0));
  });

  it('books as buyer accounts with Kenyan names and distinct emails, each one its own', async () => {
    const buyers = await rows<{
      id: number;
      first_name: string;
      last_name: string;
      email: string;
      msisdn: string;
      created_at: Date;
      first_booking: Date | null;
      mismatched: number;
    }>(sql`
      SELECT a.id, a.first_name, a.last_name, a.email, a.msisdn, a.created_at, min(b.created_at) AS first_booking,
             count(*) FILTER (WHERE b.email <> a.email OR b.full_name <> a.first_name || ' ' || a.last_name)::int
               AS mismatched
      FROM accounts a LEFT JOIN bookings b ON b.account_id = a.id
      WHERE a.type = 'user' GROUP BY a.id`);
    expect(buyers.length).toBeGreaterThan(100);
    expect(new Set(buyers.map((b) => b.email)).size).toBe(buyers.length);
    expect(new Set(buyers.map((b) => b.msisdn)).size).toBe(buyers.length);
    for (const b of buyers) {
      expect(b.email).toBe(`${b.first_name}.${b.last_name}@example.co.ke`.toLowerCase());
      // Stored in the one form every phone is kept in (E.164, as normaliseMsisdn writes it).
      expect(b.msisdn).toMatch(/^\+2547\d{8}$/);
      expect(b.first_booking, b.email).not.toBeNull();
      expect(new Date(b.created_at).getTime(), b.email).toBeLessThan(new Date(b.first_booking!).getTime());
      expect(b.mismatched, b.email).toBe(0);
    }
    const nonBuyers = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM bookings b JOIN accounts a ON a.id = b.account_id WHERE a.type <> 'user'`,
    );
    expect(nonBuyers[0]!.n).toBe(0);
  });

  it("gives the demo organiser a dashboard whose net sales and tickets sold are its paid bookings'", async () => {
    const res = await asDemoOrganiser('/v1/client/summary');
    expect(res.statusCode, res.body).toBe(200);
    const summary = res.json().data as { net_sales: number; tickets_sold: number; currency: string };
    const [own] = await rows<{ paid_minor: number; booked: number; sold: number }>(sql`
      WITH own AS (
        SELECT e.id FROM events e JOIN accounts a ON a.organisation_id = e.organisation_id
        WHERE a.email = ${DEMO_ORGANISER_EMAIL} AND a.type = 'organizer')
      SELECT
        (SELECT coalesce(sum(total_minor), 0)::int FROM bookings WHERE status = 2 AND event_id IN (SELECT id FROM own))
          AS paid_minor,
        (SELECT coalesce(sum(l.quantity), 0)::int FROM booking_lines l JOIN bookings b ON b.id = l.booking_id
          WHERE b.status = 2 AND b.event_id IN (SELECT id FROM own)) AS booked,
        (SELECT coalesce(sum(sold), 0)::int FROM ticket_types WHERE event_id IN (SELECT id FROM own)) AS sold`);
    expect(summary.currency).toBe('USD');
    expect(summary.net_sales).toBeGreaterThan(0);
    expect(summary.net_sales).toBe(toMajor(own!.paid_minor, 'USD'));
    expect(summary.tickets_sold).toBe(own!.booked);
    expect(summary.tickets_sold).toBe(own!.sold);
    expect(summary.tickets_sold).toBeGreaterThan(500);
  });

  it('gives the demo organiser a tax profile, tax invoices, a credit note and a booking awaiting payment', async () => {
    const [demo] = await rows<{ organisation_id: number }>(
      sql`SELECT organisation_id FROM accounts WHERE email = ${DEMO_ORGANISER_EMAIL} AND type = 'organizer'`,
    );
    const org = demo!.organisation_id;
    expect(await countOf(sql`SELECT count(*)::int AS n FROM tax_profiles WHERE organisation_id = ${org}`)).toBe(1);
    const docs = await rows<{ kind: string; seq: number; booking_status: number }>(
      sql`SELECT d.kind, d.seq, b.status AS booking_status FROM tax_documents d JOIN bookings b ON b.id = d.booking_id
           WHERE d.organisation_id = ${org} ORDER BY d.kind, d.seq`,
    );
    const invoices = docs.filter((d) => d.kind === 'invoice');
    expect(invoices.map((d) => d.seq)).toEqual(invoices.map((_, i) => i + 1));
    expect(invoices.length).toBeGreaterThanOrEqual(3);
    expect(docs.filter((d) => d.kind === 'credit_note')).toEqual([{ kind: 'credit_note', seq: 1, booking_status: 5 }]);
    const awaiting = await rows<{ n: number; due: boolean }>(
      sql`SELECT count(*)::int AS n, bool_and(ib.due_at = b.hold_expires_at) AS due FROM bookings b
           JOIN invoice_bookings ib ON ib.booking_id = b.id JOIN events e ON e.id = b.event_id
           WHERE e.organisation_id = ${org} AND b.status = 6`,
    );
    expect(awaiting[0]).toEqual({ n: 1, due: true });
    const tax = await asDemoOrganiser('/v1/client/organisation/tax');
    expect(tax.json().data.profile).toMatchObject({ kra_pin: 'P051234567X', vat_registered: true });
  });

  // Issue 26: the demo's money.
  it('carries the service fee on its sales and a balanced ledger of them, hence balances', async () => {
    const unbalanced = await countOf(
      sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM ledger_entries GROUP BY transaction_id, currency HAVING sum(amount_minor) <> 0) x`,
    );
    expect(unbalanced).toBe(0);
    const settled = await countOf(sql`SELECT count(*)::int AS n FROM bookings WHERE paid_at IS NOT NULL`);
    expect(await countOf(sql`SELECT count(*)::int AS n FROM ledger_transactions WHERE kind = 'sale'`)).toBe(settled);
    expect(await countOf(sql`SELECT count(*)::int AS n FROM ledger_transactions WHERE kind = 'refund'`)).toBe(
      await countOf(sql`SELECT count(*)::int AS n FROM bookings WHERE paid_at IS NOT NULL AND status = 5`),
    );
    const unfeed = await countOf(
      sql`SELECT count(*)::int AS n FROM booking_lines l JOIN bookings b ON b.id = l.booking_id
           WHERE b.paid_at IS NOT NULL AND l.unit_price_minor > 0 AND l.service_fee_minor = 0`,
    );
    expect(unfeed).toBe(0);
    const balance = (await asDemoOrganiser('/v1/client/balance')).json().data as {
      currency: string;
      pending: number;
      available: number;
    }[];
    expect(balance.length).toBeGreaterThan(0);
    expect(balance.some((b) => b.pending > 0)).toBe(true);
  });

  it('does nothing the second time', async () => {
    const before = await Promise.all(
      ['categories', 'organisations', 'accounts', 'events', 'ticket_types', 'media', 'bookings', 'booking_lines'].map(
        count,
      ),
    );
    expect(await seedDemoData(t.database.db)).toBe(false);
    const after = await Promise.all(
      ['categories', 'organisations', 'accounts', 'events', 'ticket_types', 'media', 'bookings', 'booking_lines'].map(
        count,
      ),
    );
    expect(after).toEqual(before);
  });
});

describe('demo e-tickets', () => {
  it('are issued, signed with the instance’s key, for every ticket bought for every event not yet over, and only those', async () => {
    const perEvent = await rows<{
      id: number;
      open: boolean;
      bought: number;
      paid: number;
      issued: number;
      coded: number;
    }>(sql`
      SELECT e.id, (e.status = 1 AND e.end_time > ${seededAt.toISOString()}::timestamptz) AS open,
        (SELECT coalesce(sum(l.quantity), 0)::int FROM booking_lines l JOIN bookings b ON b.id = l.booking_id
          WHERE b.event_id = e.id AND b.status = 2) AS bought,
        (SELECT count(*)::int FROM bookings b WHERE b.event_id = e.id AND b.status = 2) AS paid,
        (SELECT count(*)::int FROM e_tickets t JOIN bookings b ON b.id = t.booking_id WHERE b.event_id = e.id) AS issued,
        (SELECT count(*)::int FROM bookings b WHERE b.event_id = e.id AND b.booking_code IS NOT NULL) AS coded
      FROM events e ORDER BY e.start_time, e.id`);
    const open = perEvent.filter((e) => e.open && e.bought > 0);
    expect(open.length).toBeGreaterThan(10);
    for (const e of open) {
      expect([e.issued, e.coded], `event ${e.id}`).toEqual([e.bought, e.paid]);
    }
    // Past and draft events have none, but for the demo organiser's finished event, whose
    // tickets the door admitted and whose certificates were issued ('demo certificates' below).
    const withCertificates = new Set(
      (await rows<{ event_id: number }>(sql`SELECT event_id FROM certificate_settings`)).map((r) => r.event_id),
    );
    for (const e of perEvent.filter((x) => !x.open)) {
      if (withCertificates.has(e.id)) expect([e.issued, e.coded], `event ${e.id}`).toEqual([e.bought, e.paid]);
      else expect([e.issued, e.coded], `event ${e.id}`).toEqual([0, 0]);
    }

    // Signed as a real settlement signs them: the codes verify with the key the API serves.
    const key = (await t.app.inject({ method: 'GET', url: '/v1/tickets/public-key' })).json().data.keys[0]
      .public_key as string;
    const sample = await rows<{
      id: number;
      event_id: number;
      code: string;
      admits: number;
      booking_id: number;
      reference: string;
      booking_code: string;
    }>(sql`
      SELECT t.id, t.event_id, t.code, t.admits, b.id AS booking_id, b.reference, b.booking_code
      FROM e_tickets t JOIN bookings b ON b.id = t.booking_id ORDER BY t.id DESC LIMIT 5`);
    for (const ticket of sample) {
      expect(await verifyTicketCode(key, ticket.code)).toEqual({
        ok: true,
        payload: {
          kind: 'ticket',
          ticketId: ticket.id,
          eventId: ticket.event_id,
          bookingRef: ticket.reference,
          persons: ticket.admits,
        },
      });
      expect(await verifyTicketCode(key, ticket.booking_code)).toMatchObject({
        ok: true,
        payload: { kind: 'booking', ticketId: ticket.booking_id, eventId: ticket.event_id },
      });
    }
  });

  it('gives every door of the demo organiser its sold tickets to admit ("Admitted 0 of 118", not "0 of 0")', async () => {
    const res = await asDemoOrganiser('/v1/client/checkin/events');
    expect(res.statusCode, res.body).toBe(200);
    const doors = res.json().data as { id: number; tickets_sold: number; tickets_checked_in: number }[];
    const sold = await rows<{ id: number; sold: number }>(sql`
      SELECT event_id AS id, sum(sold)::int AS sold FROM ticket_types GROUP BY event_id`);
    const soldOf = new Map(sold.map((r) => [r.id, r.sold]));
    const selling = doors.filter((d) => (soldOf.get(d.id) ?? 0) > 0);
    expect(selling.length).toBeGreaterThan(3);
    for (const door of selling) {
      expect(door, `event ${door.id}`).toMatchObject({ tickets_sold: soldOf.get(door.id), tickets_checked_in: 0 });
    }
  });
});

describe('demo delegates and questions', () => {
  it('give a few of the demo organiser’s events questions, and their bookings named delegates with valid answers', async () => {
    const res = await asDemoOrganiser('/v1/client/event/view?limit=100');
    const own = (res.json().data.data as { id: number; title: string; attendee_names: string }[]).filter((e) =>
      [
        'Nairobi AI & Data Summit 2026',
        'East Africa Fintech & Payments Summit',
        'HR Leaders Summit: Hybrid Work in Kenya',
      ].includes(e.title),
    );
    expect(own.map((e) => e.attendee_names).sort()).toEqual(['at_checkout', 'later', 'later']);
    for (const event of own) {
      const details = eventSchema.parse(
        (await t.app.inject({ method: 'GET', url: `/v1/event/details/${event.id}` })).json().data,
      );
      expect(details.questions!.length, event.title).toBeGreaterThanOrEqual(3);
      const attendees = await asDemoOrganiser(`/v1/client/event/${event.id}/attendees?limit=100`);
      const list = attendees.json().data as {
        total: number;
        data: { holder_name: string; named: boolean; company: string | null; answers: unknown[] }[];
      };
      const bought = await countOf(sql`
        SELECT coalesce(sum(l.quantity), 0)::int AS n FROM booking_lines l JOIN bookings b ON b.id = l.booking_id
         WHERE b.event_id = ${event.id} AND b.status = 2`);
      expect(list.total, event.title).toBe(bought);
      const named = list.data.filter((a) => a.named);
      expect(named.length, event.title).toBeGreaterThan(0);
      expect(
        named.every((a) => a.company !== null && a.answers.length > 0),
        event.title,
      ).toBe(true);
      if (event.attendee_names === 'at_checkout') expect(named).toHaveLength(list.data.length);
      else expect(named.length, event.title).toBeLessThan(list.data.length);
    }
    // Every stored answer is one its question accepts, and every required one is there.
    const answers = await rows<{
      kind: QuestionKind;
      label: string;
      required: boolean;
      options: string[];
      value: AnswerValue;
    }>(sql`
      SELECT q.kind, q.label, q.required, q.options, x.value FROM booking_answers x JOIN event_questions q ON q.id = x.question_id`);
    expect(answers.length).toBeGreaterThan(100);
    for (const a of answers) {
      const rule = { id: 0, scope: 'attendee' as const, ticket_type_ids: [], ...a };
      expect(answerProblem(rule, a.value), `${a.label}: ${JSON.stringify(a.value)}`).toBeNull();
    }
    const unanswered = await countOf(sql`
      SELECT count(*)::int AS n FROM booking_attendees a JOIN bookings b ON b.id = a.booking_id
        JOIN event_questions q ON q.event_id = b.event_id AND q.scope = 'attendee' AND q.required
       WHERE a.named AND NOT EXISTS (SELECT 1 FROM booking_answers x WHERE x.attendee_id = a.id AND x.question_id = q.id)`);
    expect(unanswered).toBe(0);
    // The e-tickets carry their delegates' names.
    const misnamed = await countOf(sql`
      SELECT count(*)::int AS n FROM e_tickets t JOIN booking_attendees a ON a.booking_line_id = t.booking_line_id AND a.seq = t.seq
       WHERE t.holder_name <> a.full_name`);
    expect(misnamed).toBe(0);
  });
});

describe('demo certificates and badges', () => {
  it('a finished event of the demo organiser has certificates issued from its check-ins, one revoked', async () => {
    const [event] = await rows<{ id: number; end_time: Date; organisation_id: number }>(sql`
      SELECT e.id, e.end_time, e.organisation_id FROM certificate_settings s JOIN events e ON e.id = s.event_id`);
    expect(event).toBeDefined();
    expect(new Date(event!.end_time).getTime()).toBeLessThan(seededAt.getTime());
    const res = await asDemoOrganiser(`/v1/client/event/${event!.id}/certificates?limit=100`);
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json().data;
    const checkedIn = await countOf(sql`
      SELECT count(*)::int AS n FROM check_ins c JOIN e_tickets t ON t.id = c.e_ticket_id WHERE t.event_id = ${event!.id}`);
    expect(checkedIn).toBeGreaterThan(10);
    expect(list.total).toBe(checkedIn);
    const revoked = list.data.filter((c: { status: string }) => c.status === 'revoked');
    expect(revoked).toHaveLength(1);
    const valid = list.data.find((c: { status: string }) => c.status === 'issued');
    const code = decodeURIComponent(valid.verify_url.split('/verify/')[1]);
    const verified = await t.app.inject({ method: 'GET', url: `/v1/certificates/verify/${code}` });
    expect(verified.json().data).toMatchObject({ result: 'valid', certificate: { cpd_points: 2 } });
    const gone = decodeURIComponent(revoked[0].verify_url.split('/verify/')[1]);
    expect((await t.app.inject({ method: 'GET', url: `/v1/certificates/verify/${gone}` })).json().data.result).toBe(
      'revoked',
    );
  });

  it('an upcoming event of the demo organiser has badges to print', async () => {
    const [event] = await rows<{ id: number }>(sql`
      SELECT e.id FROM events e JOIN accounts a ON a.organisation_id = e.organisation_id
      WHERE a.email = ${DEMO_ORGANISER_EMAIL} AND e.status = 1 AND e.start_time > ${seededAt.toISOString()}::timestamptz
        AND EXISTS (SELECT 1 FROM e_tickets t WHERE t.event_id = e.id)
      ORDER BY e.start_time LIMIT 1`);
    const res = await asDemoOrganiser(`/v1/client/event/${event!.id}/badges`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.not_printed).toBeGreaterThan(0);
  });
});

describe('the demo organiser reaches out (issue 29)', () => {
  it('has a public page, a sent message with its recipients and a webhook endpoint with deliveries', async () => {
    const [org] = await queryRows<{ slug: string }>(
      t.database.db,
      sql`SELECT o.slug FROM organisations o JOIN accounts a ON a.organisation_id = o.id WHERE a.email = ${DEMO_ORGANISER_EMAIL}`,
    );
    const page = await t.app.inject({ method: 'GET', url: `/v1/organizers/${org!.slug}` });
    expect(page.statusCode).toBe(200);
    expect(page.json().data.organizer.description).not.toBe('');
    expect(page.json().data.past.length).toBeGreaterThan(0);

    const [message] = await queryRows<{ id: number; event_id: number }>(
      t.database.db,
      sql`SELECT m.id, m.event_id FROM attendee_messages m JOIN accounts a ON a.organisation_id = m.organisation_id
           WHERE a.email = ${DEMO_ORGANISER_EMAIL}`,
    );
    const detail = await asDemoOrganiser(`/v1/client/event/${message!.event_id}/messages/${message!.id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    const { status, counts } = detail.json().data;
    expect(status).toBe('sent');
    expect(counts.sent).toBeGreaterThan(0);
    expect(counts.failed).toBe(1);
    expect(counts.skipped).toBe(1);

    const hooks = await asDemoOrganiser('/v1/client/webhooks');
    expect(hooks.json().data).toHaveLength(1);
    const deliveries = await asDemoOrganiser(`/v1/client/webhooks/${hooks.json().data[0].id}/deliveries`);
    const statuses = deliveries.json().data.data.map((d: { status: string }) => d.status);
    expect(statuses).toContain('succeeded');
    expect(statuses).toContain('failed');
  });
});
