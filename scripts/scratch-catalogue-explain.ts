// Scratch (deleted before the report): EXPLAIN (ANALYZE, BUFFERS) of the catalogue's statements at ×1 and ×1,000.
import fs from 'node:fs';
import pg from 'pg';
import { startPostgres } from '../apps/api/src/test-support/postgres-server.js';
import { openPostgres } from '../apps/api/src/db/client.js';
import { seedDemoData } from '../apps/api/src/db/seed/seed.js';
import * as repo from '../apps/api/src/features/catalogue/catalogue.repo.js';
import * as old from '../apps/api/src/features/catalogue/old-repo.scratch.js';

const server = await startPostgres({
  settings: [
    'session_preload_libraries=auto_explain',
    'auto_explain.log_min_duration=0',
    'auto_explain.log_analyze=on',
    'auto_explain.log_buffers=on',
    'auto_explain.log_format=text',
    "log_line_prefix='@@ '",
  ],
});
const database = await openPostgres(server.url());
let db = database.db;
await seedDemoData(db);
const client = new pg.Client({ connectionString: server.url() });
await client.connect();

async function generate(n: number) {
  const before = (await client.query<{ m: number }>('SELECT coalesce(max(id), 0)::int AS m FROM events')).rows[0]!.m;
  await client.query(
    `INSERT INTO events (organisation_id, category_id, title, location, short_description, full_description, currency,
                         start_time, end_time, status, created_at)
     SELECT o.a[1 + g % array_length(o.a, 1)], c.a[1 + (g * 7) % array_length(c.a, 1)],
            (ARRAY['Nairobi','Mombasa','Kisumu','Nakuru','Eldoret'])[1 + g % 5] || ' ' ||
              (ARRAY['Fintech Summit','Agritech Expo','Health Forum','Energy Week','Logistics Forum','Design Meetup','Cloud Conference','Law Society Dinner'])[1 + (g / 5) % 8]
              || ' ' || (2026 + g % 3) || ' #' || ($2 + g),
            (ARRAY['KICC, Nairobi','Sarit Expo Centre, Nairobi','Pride Inn, Mombasa','Acacia Hotel, Kisumu','Eka Hotel, Eldoret'])[1 + g % 5],
            'Talks, workshops and a dinner', E'A day of talks.\\n\\nWorkshops in the afternoon.',
            CASE WHEN g % 2 = 0 THEN 'USD' ELSE 'KES' END,
            date_trunc('hour', now()) + ((g % 730) - 180) * interval '1 day',
            date_trunc('hour', now()) + ((g % 730) - 180) * interval '1 day' + interval '8 hours',
            CASE WHEN g % 20 = 0 THEN 2 ELSE 1 END,
            now() - (g % 365) * interval '1 day'
       FROM generate_series(1, $1::int) g,
            (SELECT array_agg(id ORDER BY id) a FROM organisations) o,
            (SELECT array_agg(id ORDER BY id) a FROM categories) c`,
    [n, before],
  );
  await client.query(
    `INSERT INTO ticket_types (event_id, name, price_minor, max_tickets, sold)
     SELECT id, 'Delegate', CASE WHEN currency = 'USD' THEN 2500 + (id % 40) * 500 ELSE 250000 + (id % 40) * 50000 END, 166, 66
       FROM events WHERE id > $1`,
    [before],
  );
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000);
const startOfDay = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()) - 3 * 3_600_000);
const category = (await client.query<{ id: number }>('SELECT min(id)::int AS id FROM categories')).rows[0]!.id;
const anEvent = (await client.query<{ id: number }>("SELECT min(id)::int AS id FROM events WHERE status = 1")).rows[0]!.id;
const now = new Date();
const calls: [string, (r: typeof repo | typeof old) => Promise<unknown>][] = [
  ['home cards', (r) => r.findPublicCardPage(db, { endsAfter: now, words: [] }, { limit: 12, offset: 0 })],
  ['search cards fintech', (r) => r.findPublicCardPage(db, { endsAfter: now, words: ['fintech'] }, { limit: 12, offset: 0 })],
  [
    'category + 30 days cards',
    (r) =>
      r.findPublicCardPage(
        db,
        { endsAfter: now, startsBefore: startOfDay(day(31)), categoryId: category, words: [] },
        { limit: 12, offset: 0 },
      ),
  ],
  ['home full', (r) => r.findPublicEventPage(db, { endsAfter: now, words: [] }, { limit: 12, offset: 0 })],
  ['details', (r) => r.findPublishedEvent(db, anEvent)],
  ['organisers (client/view)', (r) => r.findPublicOrganisers(db)],
  ['categories', (r) => r.findCategories(db)],
];

async function measure(label: string, r: typeof repo | typeof old) {
  const out: string[] = [];
  for (const [name, call] of calls) {
    // 7 runs: the 6th on is where PostgreSQL may switch a prepared statement to its generic plan.
    for (let i = 0; i < 6; i++) await call(r);
    const offset = fs.statSync(server.logFile).size;
    const t0 = performance.now();
    const result = await call(r);
    const ms = performance.now() - t0;
    await new Promise((res) => setTimeout(res, 300));
    const log = fs.readFileSync(server.logFile, 'utf8').slice(offset);
    const total = (result as { total?: number })?.total;
    out.push(`\n===== ${label}: ${name} (client ${ms.toFixed(1)} ms, total ${total})\n${log}`);
  }
  return out.join('');
}

const results: string[] = [];
await client.query('VACUUM ANALYZE');
results.push(await measure('x1 new', repo));
for (let done = 0; done < 59_940; done += 2000) await generate(Math.min(2000, 59_940 - done));
await client.query('VACUUM ANALYZE');
const counts = await client.query(
  "SELECT count(*) AS events, count(*) FILTER (WHERE status = 1 AND end_time > now()) AS listed FROM events",
);
results.push(`\ncounts at x1000: ${JSON.stringify(counts.rows[0])}`);
results.push(await measure('x1000 new', repo));
if (process.env.KEEP) {
  fs.writeFileSync('/tmp/scratch-url', server.url());
  fs.writeFileSync('/tmp/catalogue-explain.txt', results.join('\n'));
  while (!fs.existsSync('/tmp/stop-scratch')) await new Promise((r) => setTimeout(r, 1000));
  fs.rmSync('/tmp/stop-scratch');
}
// The old statements with the old index, for "what the plan was".
const migration = fs.readFileSync('apps/api/migrations/0024_catalogue_at_scale.sql', 'utf8');
await client.query(
  'DROP INDEX events_listed_idx, events_listed_category_idx, events_listed_duration_idx, events_search_idx; CREATE INDEX events_public_idx ON events (status, start_time); ANALYZE events',
);
await database.close();
const oldDb = await openPostgres(server.url());
db = oldDb.db;
results.push(await measure('x1000 old', old));
void migration;
fs.writeFileSync('/tmp/catalogue-explain.txt', results.join('\n'));
await oldDb.close();
await client.end();
server.stop();
console.log('written /tmp/catalogue-explain.txt');
