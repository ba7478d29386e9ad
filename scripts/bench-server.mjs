/**
 * The production build of the API, plus one baseline route that answers, from memory, the
 * body the real route gave for the same path (`GET /bench/baseline?path=…`; the first call
 * of each path fetches it). Started by scripts/bench.ts on PostgreSQL (DATABASE_URL) or on the
 * embedded database (DATA_DIR); prints its port when ready. `GET /bench/floor?path=…` answers
 * the same stored body after one `SELECT 1` through the app's database client: what any route
 * that makes one round trip to the database can reach on this machine (docs/scaling.md). With BENCH_BACKGROUND=true it
 * also runs the job worker, as server.ts does (the mixed load: paid bookings queue their
 * confirmation mail).
 */
import { readConfig } from '../apps/api/dist/config.js';
import { openDatabase } from '../apps/api/dist/db/client.js';
import { seedDemoData } from '../apps/api/dist/db/seed/seed.js';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/dist/app.js';
import { startBackgroundWork } from '../apps/api/dist/background.js';
import { limitHeapGrowth } from '../apps/api/dist/lib/heap-growth.js';

// As server.ts does first.
limitHeapGrowth();
const config = readConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  poolSize: config.databasePoolSize,
  onFatal: (err) => {
    console.error(err);
    process.exit(1);
  },
});
await seedDemoData(database.db);
const app = await buildApp({ config, db: database.db, poolStats: database.poolStats });

const background =
  process.env.BENCH_BACKGROUND === 'true' ? startBackgroundWork({ config, db: database.db }, app.log) : null;

const baselines = new Map();
const storedBody = async (path) => {
  let body = baselines.get(path);
  if (body === undefined) {
    body = (await app.inject({ method: 'GET', url: path })).body;
    baselines.set(path, body);
  }
  return body;
};
app.get('/bench/baseline', async (request, reply) =>
  reply.type('application/json').send(await storedBody(String(request.query.path))),
);
app.get('/bench/floor', async (request, reply) => {
  const body = await storedBody(String(request.query.path));
  await database.db.execute(sql`SELECT 1`);
  return reply.type('application/json').send(body);
});
await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address();
process.stdout.write(`READY ${port}\n`);
process.on('SIGTERM', async () => {
  await app.close();
  await background?.stop();
  await database.close();
  process.exit(0);
});
