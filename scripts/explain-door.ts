/**
 * EXPLAIN ANALYZE of the door's counts (`countDoor`, checkin.repo.ts) on an event of
 * EXPLAIN_DOOR_TICKETS (6,000) e-tickets, a third of them checked in, on a throwaway PostgreSQL:
 * prints the plan once, then the execution times of 50 runs of it interleaved with 50 of the
 * query it replaced (every e-ticket joined to its booking, event and check-in), so both are
 * measured under the same load (docs/scaling.md#first-what-the-mixed-load-shows).
 * Run: `npx tsx scripts/explain-door.ts`.
 */
import pg from 'pg';
import { readConfig } from '../apps/api/src/config.js';
import { openPostgres } from '../apps/api/src/db/client.js';
import { seedDemoData } from '../apps/api/src/db/seed/seed.js';
import { countDoorQuery } from '../apps/api/src/features/checkin/checkin.repo.js';
import { issueBookingsETickets } from '../apps/api/src/features/etickets/index.js';
import { paidBookingWithTickets } from '../apps/api/src/test-support/door.js';
import { startPostgres } from '../apps/api/src/test-support/postgres-server.js';
import { saleEvent } from './bench-support.js';

const tickets = Number(process.env.EXPLAIN_DOOR_TICKETS ?? 6000);

const server = await startPostgres();
try {
  const url = server.url();
  const config = readConfig({ ...process.env, NODE_ENV: 'production', DATABASE_URL: url });
  const database = await openPostgres(url, { poolSize: 4 });
  await seedDemoData(database.db, new Date(), (tx, ids) => issueBookingsETickets({ config, db: database.db }, tx, ids));
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const sale = await saleEvent(admin, tickets);
  let made = 0;
  const issuer = async () => {
    while (made < tickets / 20) {
      made++;
      await paidBookingWithTickets(
        { config, database },
        { eventId: sale.id, lines: [{ ticketTypeId: sale.ticket, name: 'Door', quantity: 20 }] },
      );
    }
  };
  await Promise.all(Array.from({ length: 4 }, issuer));
  await admin.query(`INSERT INTO check_ins (e_ticket_id) SELECT id FROM e_tickets WHERE event_id = $1 AND id % 3 = 0`, [
    sale.id,
  ]);
  await admin.query('VACUUM ANALYZE');
  const q = countDoorQuery(database.db, [sale.id]).toSQL();
  const explain = `EXPLAIN (ANALYZE, BUFFERS) ${q.sql}`;
  const plan = await admin.query<{ 'QUERY PLAN': string }>(explain, q.params);
  console.log(plan.rows.map((r) => r['QUERY PLAN']).join('\n'));
  // The query countDoor ran before e_tickets_live_event_idx (migration 0011).
  const before = `EXPLAIN (ANALYZE) SELECT t.event_id,
      count(*) FILTER (WHERE NOT (t.revoked_at IS NOT NULL OR b.status <> 2 OR e.status = 3))::integer,
      count(c.id) FILTER (WHERE NOT (t.revoked_at IS NOT NULL OR b.status <> 2 OR e.status = 3))::integer,
      coalesce(sum(t.admits) FILTER (WHERE NOT (t.revoked_at IS NOT NULL OR b.status <> 2 OR e.status = 3)), 0)::integer,
      coalesce(sum(t.admits) FILTER (WHERE NOT (t.revoked_at IS NOT NULL OR b.status <> 2 OR e.status = 3) AND c.id IS NOT NULL), 0)::integer
    FROM e_tickets t JOIN bookings b ON b.id = t.booking_id JOIN events e ON e.id = t.event_id
    LEFT JOIN check_ins c ON c.e_ticket_id = t.id WHERE t.event_id IN ($1) GROUP BY t.event_id`;
  const run = async (text: string, params: unknown[]) => {
    const r = await admin.query<{ 'QUERY PLAN': string }>(text, params);
    const line = r.rows.map((x) => x['QUERY PLAN']).find((l) => l.startsWith('Execution Time'))!;
    return Number(/([\d.]+) ms/.exec(line)![1]);
  };
  const times = { before: [] as number[], after: [] as number[] };
  for (let i = 0; i < 50; i++) {
    times.before.push(await run(before, [sale.id]));
    times.after.push(await run(explain, q.params));
  }
  const counts = await countDoorQuery(database.db, [sale.id]);
  console.log(`counts: ${JSON.stringify(counts)}`);
  for (const [name, t] of Object.entries(times)) {
    t.sort((a, b) => a - b);
    console.log(
      `${name}: ${tickets} e-tickets, execution median ${t[25]!.toFixed(2)} ms, p90 ${t[45]!.toFixed(2)} ms, min ${t[0]!.toFixed(2)} ms`,
    );
  }
  await admin.end();
  await database.close();
} finally {
  server.stop();
}
