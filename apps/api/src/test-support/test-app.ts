import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../app.js';
import { readConfig, type Config } from '../config.js';
import { openEmbedded, openPostgres, type Database } from '../db/client.js';

/** Which database the current test project runs on: `TEST_DB` is set per vitest project. */
export const testDbKind = (process.env.TEST_DB ?? 'pglite') as 'pglite' | 'postgres';

/** A fresh, migrated, empty database: a copy of the run's template. */
export async function openTestDatabase(): Promise<Database> {
  if (testDbKind === 'postgres') {
    const adminUrl = inject('postgresUrl');
    const name = `t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`CREATE DATABASE ${name} TEMPLATE tikiti_template`);
        break;
      } catch (err) {
        if (attempt > 20 || !String(err).includes('being accessed by other users')) throw err;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
    await admin.end();
    return openPostgres(adminUrl.replace(/\/[^/]*$/, `/${name}`), { poolSize: 20 });
  }
  return openEmbedded({ template: inject('pgliteDump') });
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

/**
 * The real app on a fresh database, for `app.inject` tests (CONTRIBUTING.md#tests-beside-the-code-on-a-real-database). The catalogue
 * cache is off unless a test turns it on, since fixtures write to the database directly.
 */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const database = await openTestDatabase();
  const config = readConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DEMO_DATA: 'false',
    WEB_DIST: '/nonexistent',
    CATALOGUE_CACHE_MS: '0',
    ...env,
  });
  const app = await buildApp({ config, db: database.db, poolStats: database.poolStats });
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
