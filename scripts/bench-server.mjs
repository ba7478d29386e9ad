/**
 * The production build of the API, plus one baseline route that answers with the same JSON
 * body from memory. Started by scripts/bench.ts; prints its port when ready.
 */
import { readConfig } from '../apps/api/dist/config.js';
import { openDatabase } from '../apps/api/dist/db/client.js';
import { seedDemoData } from '../apps/api/dist/db/seed/seed.js';
import { buildApp } from '../apps/api/dist/app.js';

const config = readConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  poolSize: config.databasePoolSize,
});
await seedDemoData(database.db);
const app = await buildApp({ config, db: database.db });

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
  await database.close();
  process.exit(0);
});
