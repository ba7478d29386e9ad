/**
 * `npx tsx scripts/explain-browse.ts [path…]`: EXPLAIN ANALYZE of the statements behind the browse
 * mix (scripts/bench-browse.ts) on the demo data in a throwaway PostgreSQL. Each path (by
 * default the home cards, a search and an event's details) is answered once by the app with the
 * cache off; every statement it
 * sends is captured with its parameters and explained (docs/scaling.md, "The uncached request").
 */
import pg from 'pg';
import { startPostgres } from '../apps/api/src/test-support/postgres-server.js';
import { browseMix } from './bench-browse.js';

interface Captured {
  text: string;
  values: unknown[];
}
const captured: Captured[] = [];
const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const [config, values] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
  if (typeof config === 'string') captured.push({ text: config, values: values ?? [] });
  else if (config && typeof config === 'object' && 'text' in config)
    captured.push({ text: config.text, values: config.values ?? values ?? [] });
  return query.apply(this, args);
} as typeof pg.Client.prototype.query;

const postgres = await startPostgres();
try {
  process.env.DATABASE_URL = postgres.url();
  process.env.CATALOGUE_CACHE_MS = '0';
  process.env.LOG_LEVEL = 'warn';
  const { readConfig } = await import('../apps/api/src/config.js');
  const { openDatabase } = await import('../apps/api/src/db/client.js');
  const { seedDemoData } = await import('../apps/api/src/db/seed/seed.js');
  const { buildApp } = await import('../apps/api/src/app.js');
  const config = readConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
  await seedDemoData(database.db);
  const app = await buildApp({ config, db: database.db, poolStats: database.poolStats });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const paths = await browseMix(`http://127.0.0.1:${port}`);
  const client = new pg.Client({ connectionString: postgres.url() });
  await client.connect();
  const counts = await client.query(
    `SELECT (SELECT count(*) FROM events) AS events, (SELECT count(*) FROM events WHERE status = 1) AS published,
            (SELECT count(*) FROM ticket_types) AS ticket_types, (SELECT count(*) FROM media) AS media`,
  );
  console.log('demo data:', counts.rows[0]);
  const explainOnly = process.argv.slice(2);
  for (const p of explainOnly.length ? explainOnly : [paths[0]!, paths[1]!, paths.at(-1)!]) {
    captured.length = 0;
    const res = await fetch(`http://127.0.0.1:${port}${p}`);
    const seen = captured.splice(0);
    console.log(`\n${p} → ${res.status}, ${(await res.text()).length} bytes, ${seen.length} statement(s)`);
    for (const s of seen) {
      console.log(`-- ${s.text.replace(/\s+/g, ' ')}\n-- values ${JSON.stringify(s.values)}`);
      const plan = await client.query({ text: `EXPLAIN (ANALYZE, BUFFERS) ${s.text}`, values: s.values as unknown[] });
      for (const r of plan.rows) console.log(`  ${r['QUERY PLAN']}`);
    }
  }
  console.log(`\n${paths.length} paths in the mix:\n${paths.join('\n')}`);
  await client.end();
  await app.close();
  await database.close();
} finally {
  postgres.stop();
}
