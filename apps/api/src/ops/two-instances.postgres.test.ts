import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MIGRATION_LOCK, migrationsFolder } from '../db/client.js';
import { DEMO_CATEGORIES, DEMO_ORGANISERS } from '../db/seed/demo-data.js';
import { spawnApiProcess, type SpawnedApi } from '../test-support/api-process.js';
import { freePort } from '../test-support/postgres-server.js';

/**
 * Two instances starting together on one new PostgreSQL database, as `compose.yaml` starts
 * api1 and api2 (docs/operations.md#migrations): the second waits at the migration lock, both
 * come up, every migration is applied once and the demo data is loaded once.
 */

const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
  entries: { tag: string }[];
};

async function until(what: () => Promise<boolean>, timeoutMs: number, describeWait: () => string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await what())) {
    if (Date.now() > deadline) throw new Error(`timed out: ${describeWait()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const healthy = async (port: number) => {
  try {
    return (await fetch(`http://127.0.0.1:${port}/healthz`)).status === 200;
  } catch {
    return false;
  }
};

describe('two instances starting together on a new database', () => {
  const name = `two_${randomBytes(5).toString('hex')}`;
  let admin: pg.Client;
  let db: pg.Client;
  const instances: { api: SpawnedApi; port: number }[] = [];

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: inject('postgresUrl') });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    db = new pg.Client({ connectionString: inject('postgresUrl').replace(/\/[^/]*$/, `/${name}`) });
    await db.connect();
  });
  afterAll(async () => {
    for (const { api } of instances) if (api.child.exitCode === null) api.child.kill('SIGKILL');
    await db?.end();
    await admin?.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin?.end();
  });

  it('take turns at the migrations, then both serve, with every migration and the demo data applied once', async () => {
    // Hold the lock, so both instances line up at it before either can migrate.
    await db.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    const url = inject('postgresUrl').replace(/\/[^/]*$/, `/${name}`);
    for (let i = 0; i < 2; i++) {
      const port = await freePort();
      // Both with demo data on: the seed must be safe too, though compose lets only api1 load it.
      instances.push({ api: spawnApiProcess({ DATABASE_URL: url, PORT: String(port), DEMO_DATA: 'true' }), port });
    }
    const output = () => instances.map(({ api }) => api.output()).join('\n');

    const waiting = async () => {
      for (const { api } of instances)
        if (api.child.exitCode !== null) throw new Error(`an instance exited:\n${output()}`);
      const { rows: early } = await db.query(`SELECT to_regclass('drizzle.__drizzle_migrations') AS t`);
      if (early[0].t !== null) throw new Error(`an instance migrated without waiting for the lock:\n${output()}`);
      const { rows } = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = $1 AND pid <> pg_backend_pid() AND query LIKE '%pg_try_advisory_lock%'`,
        [name],
      );
      return rows[0]!.n === 2;
    };
    await until(waiting, 60_000, () => `both instances waiting at the migration lock\n${output()}`);
    // Neither has migrated or listens yet.
    const { rows: before } = await db.query(`SELECT to_regclass('drizzle.__drizzle_migrations') AS t`);
    expect(before[0].t).toBeNull();
    for (const { port } of instances) expect(await healthy(port)).toBe(false);

    await db.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    for (const { port } of instances)
      await until(
        () => healthy(port),
        90_000,
        () => `instance healthy\n${output()}`,
      );

    const { rows: applied } = await db.query<{ hash: string }>('SELECT hash FROM drizzle.__drizzle_migrations');
    expect(applied).toHaveLength(journal.entries.length);
    expect(new Set(applied.map((r) => r.hash)).size).toBe(journal.entries.length);
    const count = async (table: string) =>
      (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]!.n;
    expect(await count('categories')).toBe(Object.keys(DEMO_CATEGORIES).length);
    expect(await count('organisations')).toBe(DEMO_ORGANISERS.length);

    // Both answer the same catalogue from the one database.
    const answers = await Promise.all(
      instances.map(async ({ port }) => (await fetch(`http://127.0.0.1:${port}/v1/category/view`)).json()),
    );
    expect(answers[0]).toMatchObject({ status: 200 });
    expect(answers[1]).toEqual(answers[0]);

    // SIGTERM: each drains and exits cleanly, well within its 10 s limit.
    const started = Date.now();
    for (const { api } of instances) api.child.kill('SIGTERM');
    expect(await Promise.all(instances.map(({ api }) => api.exited))).toEqual([0, 0]);
    expect(Date.now() - started).toBeLessThan(10_000);
  }, 180_000);
});
