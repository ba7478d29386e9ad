import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { BOOKING_STATUS } from '@tikiti/contract';
import { createCategory, createEvent, createOrganiser } from '../../test-support/fixtures.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';

/**
 * The organiser's reports read the event's own rows, never a whole table (docs/scaling.md#cost-curves-as-the-data-grows):
 * the plans PostgreSQL chooses for the statements the calls send, with 20 other events' 30,000
 * bookings beside the event's 3,000, where joining every line would be a sequential scan.
 */
let t: TestApp;
let owner: Awaited<ReturnType<typeof createOrganiser>>;
let eventId: number;
beforeAll(async () => {
  t = await createTestApp();
  owner = await createOrganiser(t.database.db);
  const categoryId = (await createCategory(t.database.db)).id;
  const ours = await createEvent(t.database.db, {
    organisationId: owner.organisationId,
    categoryId,
    tickets: [{ name: 'Delegate', price: 19.99, max: 10_000 }],
  });
  const other = await createOrganiser(t.database.db);
  const theirs = [];
  for (let i = 0; i < 20; i++)
    theirs.push(
      await createEvent(t.database.db, {
        organisationId: other.organisationId,
        categoryId,
        tickets: [{ name: 'Delegate', price: 19.99, max: 10_000 }],
      }),
    );
  eventId = ours.event.id;
  for (const [event, ticketTypeId, n] of [
    [ours.event.id, ours.tickets[0]!.id, 3_000] as const,
    ...theirs.map((e) => [e.event.id, e.tickets[0]!.id, 1_500] as const),
  ])
    await t.database.db.execute(sql`
      WITH b AS (
        INSERT INTO bookings (reference, event_id, full_name, email, currency, total_minor, status, payment_method, hold_expires_at, paid_at)
        SELECT 'TK-P' || ${event} || '-' || g, ${event}, (ARRAY['Otieno Odhiambo','Wanjiku Kamau','Achieng Atieno'])[1 + g % 3],
               'd' || g || '@example.co.ke', 'USD', 1999, ${BOOKING_STATUS.paid}, 'card', now(), now()
          FROM generate_series(1, ${n}) g RETURNING id, full_name),
      l AS (
        INSERT INTO booking_lines (booking_id, ticket_type_id, name, unit_price_minor, no_of_persons, quantity)
        SELECT id, ${ticketTypeId}, 'Delegate', 1999, 1, 1 FROM b RETURNING id, booking_id)
      INSERT INTO e_tickets (booking_id, booking_line_id, event_id, code, holder_name, seq, admits)
      SELECT l.booking_id, l.id, ${event}, 'plan-' || l.id, b.full_name, 1, 1 FROM l JOIN b ON b.id = l.booking_id`);
  await t.database.db.execute(sql`VACUUM ANALYZE`);
});
afterAll(() => t.close());

/** The statements a call sends (recorded at the driver), each with the plan PostgreSQL gives it. */
async function plansOf(url: string) {
  const sent: { text: string; values: unknown[] }[] = [];
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [first, second] = args as [string | { text: string; values?: unknown[] }, unknown];
    const text = typeof first === 'string' ? first : first.text;
    const values = (typeof first === 'string' ? second : (first.values ?? second)) as unknown[] | undefined;
    if (/^\s*(WITH|SELECT)/i.test(text)) sent.push({ text, values: values ?? [] });
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  try {
    const res = await t.app.inject({ method: 'GET', url, headers: { auth: owner.token } });
    expect(res.statusCode, res.body).toBe(200);
  } finally {
    pg.Client.prototype.query = query;
  }
  const pool = (t.database.db as unknown as { $client: pg.Pool }).$client;
  const plans = [];
  for (const s of sent) {
    const { rows } = await pool.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${s.text}`, s.values);
    plans.push({ text: s.text, plan: rows.map((r) => r['QUERY PLAN']).join('\n') });
  }
  return plans;
}

const reports = [
  'attendees?limit=25',
  'attendees?limit=25&page=120',
  'attendees?limit=25&q=otieno',
  'attendees?limit=25&checked_in=no',
  'sales',
];

describe('the organiser reports of an event among a larger one', () => {
  it.each(reports)('%s scans no table whole', async (report) => {
    const plans = await plansOf(`/v1/client/event/${eventId}/${report}`);
    expect(plans.length).toBeGreaterThan(0);
    for (const { plan } of plans) {
      expect(plan).not.toMatch(/Seq Scan on (bookings|booking_lines|e_tickets)\b/);
    }
  });

  it('counts and pages the attendees from the event’s tickets alone, joining nothing', async () => {
    const plans = await plansOf(`/v1/client/event/${eventId}/attendees?limit=25&page=120`);
    const count = plans.find((p) => /count\(\*\)/.test(p.text) && /FROM e_tickets t WHERE/.test(p.text));
    const ids = plans.find((p) => /^SELECT t\.id FROM e_tickets t/.test(p.text));
    for (const p of [count, ids]) {
      expect(p?.plan).toMatch(
        /Index (Only )?Scan using e_tickets_\w+ on e_tickets t[^\n]*\n\s+Index Cond: \(event_id = /,
      );
      expect(p?.plan).not.toMatch(/Join|Nested Loop|booking_lines|bookings/);
    }
  });
});
