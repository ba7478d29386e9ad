import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app.js';
import { readConfig } from '../config.js';
import { issueBookingsETickets } from '../features/etickets/index.js';
import { openEmbedded, openPostgres, type Database } from './client.js';
import { DEMO_ORGANISER_EMAIL, DEMO_ORGANISER_PASSWORD, seedDemoData } from './seed/seed.js';

/**
 * `npm run db:copy` (docs/operations.md#moving-to-postgresql), run as a user would: an embedded
 * database with the demo data and a signed-in organiser is copied by the command into an empty
 * PostgreSQL database; every row of every table is equal afterwards, the sequences go on where
 * they were, and the app started on the copy answers the same catalogue.
 */

const copyMain = fileURLToPath(new URL('./copy-main.ts', import.meta.url));
const apiRoot = fileURLToPath(new URL('../..', import.meta.url));
const config = readConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  DEMO_DATA: 'false',
  WEB_DIST: '/nonexistent',
  CATALOGUE_CACHE_MS: '0',
});

let scratch: string;
let targetUrl: string;
const open: { app: FastifyInstance; database: Database }[] = [];

async function appOn(database: Database) {
  const app = await buildApp({ config, db: database.db });
  await app.ready();
  open.push({ app, database });
  return app;
}

/** Runs `npm run db:copy -- --to <url>` (the same file, through tsx) on the scratch DATA_DIR. */
function dbCopy(to: string) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', copyMain, '--to', to], {
      cwd: apiRoot,
      env: { ...process.env, DATA_DIR: scratch },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Every row of every table of the app's schema, as text, in a fixed order. */
async function everyRow(url: string): Promise<Record<string, string[]>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`SET TIME ZONE 'UTC'`);
    const { rows: tables } = await client.query<{ name: string }>(
      `SELECT table_name AS name FROM information_schema.tables
        WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`,
    );
    const all: Record<string, string[]> = {};
    for (const { name } of tables) {
      const { rows } = await client.query<{ r: string }>(
        `SELECT row_to_json(t)::text AS r FROM public."${name}" t ORDER BY 1`,
      );
      all[name] = rows.map((x) => x.r);
    }
    const { rows: sequences } = await client.query<{ name: string; last_value: string | null }>(
      `SELECT sequencename AS name, last_value::text FROM pg_sequences WHERE schemaname = 'public' ORDER BY 1`,
    );
    all['(sequences)'] = sequences.map((s) => `${s.name}=${s.last_value}`);
    return all;
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'tikiti-copy-'));
  // The embedded database a user of `npm start` has: the demo data, and an organiser who signed in.
  const source = await openEmbedded({ dataDir: path.join(scratch, 'pglite'), poolSize: 4 });
  await seedDemoData(source.db, new Date(), (tx, ids) => issueBookingsETickets({ config, db: source.db }, tx, ids));
  const app = await buildApp({ config, db: source.db });
  await app.ready();
  const login = await app.inject({
    method: 'POST',
    url: '/v1/auth/login',
    payload: { username: DEMO_ORGANISER_EMAIL, password: DEMO_ORGANISER_PASSWORD },
  });
  expect(login.statusCode, login.body).toBe(200);
  await app.close();
  await source.close();

  const admin = new pg.Client({ connectionString: inject('postgresUrl') });
  await admin.connect();
  await admin.query('CREATE DATABASE copy_target');
  await admin.end();
  targetUrl = inject('postgresUrl').replace(/\/[^/]*$/, '/copy_target');
}, 180_000);

afterAll(async () => {
  for (const { app, database } of open) {
    await app.close();
    await database.close();
  }
  if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
});

describe('npm run db:copy', () => {
  it('copies every row of the embedded database into an empty PostgreSQL database, and the app there answers the same', async () => {
    const run = await dbCopy(targetUrl);
    expect(run.stderr + run.stdout).toContain('Every table has the same number of rows');
    expect(run.code).toBe(0);
    // The printed table compares the counts, one line per table.
    expect(run.stdout).toMatch(/^events\s+\d+\s+\d+$/m);
    expect(run.stdout).toMatch(/^audit_entries\s+\d+\s+\d+$/m);

    const source = await openEmbedded({ dataDir: path.join(scratch, 'pglite'), poolSize: 4 });
    const target = await openPostgres(targetUrl, { poolSize: 4 });
    const [sourceApp, targetApp] = [await appOn(source), await appOn(target)];

    const [before, after] = [await everyRow(source.url), await everyRow(targetUrl)];
    expect(Object.keys(after)).toEqual(Object.keys(before));
    for (const table of [
      'events',
      'ticket_types',
      'bookings',
      'e_tickets',
      'media',
      'sessions',
      'check_ins',
      'audit_entries',
    ])
      expect(before[table]!.length, table).toBeGreaterThan(0);
    for (const table of Object.keys(before)) expect(after[table], table).toEqual(before[table]);

    for (const url of ['/v1/event/view', '/v1/event/view?page=2', '/v1/category/view', '/v1/client/view']) {
      const [a, b] = [await sourceApp.inject(url), await targetApp.inject(url)];
      expect(b.statusCode, url).toBe(200);
      expect(b.json(), url).toEqual(a.json());
    }
    const first = (await sourceApp.inject('/v1/event/view')).json().data.data[0] as { id: number };
    for (const url of [`/v1/event/details/${first.id}`, `/v1/event/${first.id}/tickets`])
      expect((await targetApp.inject(url)).json(), url).toEqual((await sourceApp.inject(url)).json());

    // The organiser signs in on the copy with the same password, and new rows take new ids.
    const login = await targetApp.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { username: DEMO_ORGANISER_EMAIL, password: DEMO_ORGANISER_PASSWORD },
    });
    expect(login.statusCode, login.body).toBe(200);
  }, 180_000);

  it('refuses a database that is not empty, with one line, and leaves it as it was', async () => {
    const before = await everyRow(targetUrl);
    const run = await dbCopy(targetUrl);
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^db:copy: the target database is not empty \(\d+ tables or sequences, e\.g\. /),
    ]);
    expect(await everyRow(targetUrl)).toEqual(before);
  }, 60_000);
});
