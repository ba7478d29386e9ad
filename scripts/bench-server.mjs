/**
 * The production build of the API, plus one baseline route that answers with the same JSON
 * body from memory. Started by scripts/bench.ts; prints its port when ready. With
 * BENCH_BACKGROUND=true it also runs the job worker, as server.ts does (the mixed load: paid
 * bookings queue their confirmation mail).
 */
import { readConfig } from '../apps/api/dist/config.js';
import { openDatabase } from '../apps/api/dist/db/client.js';
import { seedDemoData } from '../apps/api/dist/db/seed/seed.js';
import { buildApp } from '../apps/api/dist/app.js';
import { startBackgroundWork } from '../apps/api/dist/background.js';

const config = readConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  poolSize: config.databasePoolSize,
});
await seedDemoData(database.db);
const app = await buildApp({ config, db: database.db });

const background =
  process.env.BENCH_BACKGROUND === 'true' ? startBackgroundWork({ config, db: database.db }, app.log) : null;

const baselines = new Map();
app.get('/bench/baseline', async (request, reply) => {
  const body = baselines.get(request.query.path);
  return reply.type('application/json').send(body);
});
await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address();
for (const path of JSON.parse(process.env.BENCH_PATHS ?? '[]')) {
  const res = await fetch(`http://127.0.0.1:${port}${path}`);
  baselines.set(path, await res.text());
}
process.stdout.write(`READY ${port}\n`);
process.on('SIGTERM', async () => {
  await app.close();
  await background?.stop();
  await database.close();
  process.exit(0);
});
