import pino from 'pino';
import { readConfig } from './config.js';
import { loggerOptions } from './http/logger.js';
import { openDatabase } from './db/client.js';
import { openReplica } from './db/replica.js';
import { buildApp } from './app.js';
import { startBackgroundWork } from './background.js';
import { seedDemoData } from './db/seed/seed.js';
import { seedDemoPayouts } from './db/seed/demo-payouts.js';
import { closeRenderPool, issueBookingsETickets } from './features/etickets/index.js';
import { imageStores } from './features/media/index.js';
import { limitHeapGrowth } from './lib/heap-growth.js';

/** Process entry: read config, open the database, seed, listen, shut down gracefully. */
async function main() {
  limitHeapGrowth();
  const config = readConfig();
  // One logger from the start, so the database pool can report connections it loses.
  const log = pino(loggerOptions(config.logLevel) as pino.LoggerOptions);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
    timeouts: config.databaseTimeouts,
    log,
    // The embedded database's thread died: nothing can be answered any more, so the process
    // ends and its supervisor (or the person at the terminal) starts it again.
    onFatal: (err) => {
      log.fatal({ error: err.message }, 'the embedded database stopped');
      process.exit(1);
    },
  });
  if (config.demoData) {
    const started = Date.now();
    const seeded = await seedDemoData(
      database.db,
      new Date(),
      (tx, ids) => issueBookingsETickets({ config, db: database.db }, tx, ids),
      imageStores({ config, db: database.db }).current,
    );
    // Issue 26: the demo operator and past payouts (never in production).
    if (seeded) await seedDemoPayouts({ config, db: database.db });
    if (seeded) log.info({ ms: Date.now() - started }, 'demo data loaded');
  }
  // The public catalogue's read replica (docs/decisions/0032-read-replica.md); config refuses one without DATABASE_URL.
  const replica = config.databaseReplicaUrl
    ? openReplica(config.databaseReplicaUrl, {
        poolSize: config.databasePoolSize,
        timeouts: config.databaseTimeouts,
        log,
      })
    : undefined;
  const app = await buildApp({ config, db: database.db, poolStats: database.poolStats, replica }, { logger: log });
  const background = startBackgroundWork({ config, db: database.db }, app.log);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    // Stop taking requests and wait for those running (even those whose client has gone), then
    // the jobs, then the render threads both use; the pool last (docs/operations.md#graceful-shutdown).
    await app.close();
    await background.stop();
    await closeRenderPool();
    await replica?.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Tikiti is ready at ${config.publicUrl} (${database.kind})`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
