/**
 * EXPLAIN ANALYZE of the door's counts (`countDoor`, checkin.repo.ts) on an event of
 * EXPLAIN_DOOR_TICKETS (6,000) e-tickets, a third of them checked in, on a throwaway PostgreSQL:
 * prints the plan once and the median execution time of 50 runs (docs/scaling.md#findings).
 * Run: `npx tsx scripts/explain-door.ts`.
 */
import pg from 'pg';
import { readConfig } from '../apps/api/src/config.js';
import { openPostgres } from '../apps/api/src/db/client.js';
import { seedDemoData } from '../apps/api/src/db/seed/seed.js';
import { countDoorQuery } from '../apps/api/src/features/checkin/checkin.repo.js';
import { issueETickets } from '../apps/api/src/features/etickets/index.js';
import { paidBookingWithTickets } from '../apps/api/src/test-support/door.js';
import { startPostgres } from '../apps/api/src/test-support/postgres-server.js';
import { saleEvent } from './bench-support.js';

const tickets = Number(process.env.EXPLAIN_DOOR_TICKETS ?? 6000);

const server = await startPostgres();
try {
  const url = server.url();
  const config = readConfig({ ...process.env, NODE_ENV: 'production', DATABASE_URL: url });
  const database = await openPostgres(url, { poolSize: 4 });
  await seedDemoData(database.db, new Date(), (tx, id) => issueETickets({ config, db: database.db }, tx, id));
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
  await admin.query(
    `INSERT INTO check_ins (e_ticket_id) SELECT id FROM e_tickets WHERE event_id = $1 AND id % 3 = 0`,
    [sale.id],
  );
  await admin.query('VACUUM ANALYZE');
  const q = countDoorQuery(database.db, [sale.id]).toSQL();
  const explain = `EXPLAIN (ANALYZE, BUFFERS) ${q.sql}`;
  const plan = await admin.query<{ 'QUERY PLAN': string }>(explain, q.params);
  console.log(plan.rows.map((r) => r['QUERY PLAN']).join('\n'));
  const times: number[] = [];
  for (let i = 0; i < 50; i++) {
    const r = await admin.query<{ 'QUERY PLAN': string }>(explain, q.params);
    const line = r.rows.map((x) => x['QUERY PLAN']).find((l) => l.startsWith('Execution Time'))!;
    times.push(Number(/([\d.]+) ms/.exec(line)![1]));
  }
  times.sort((a, b) => a - b);
  const counts = await countDoorQuery(database.db, [sale.id]);
  console.log(`counts: ${JSON.stringify(counts)}`);
  console.log(
    `${tickets} e-tickets: execution median ${times[25]!.toFixed(2)} ms, p90 ${times[45]!.toFixed(2)} ms, min ${times[0]!.toFixed(2)} ms`,
  );
  await admin.end();
  await database.close();
} finally {
  server.stop();
}
