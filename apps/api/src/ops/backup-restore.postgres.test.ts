import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_STATUS } from '@tikiti/contract';
import { buildApp } from '../app.js';
import { readConfig } from '../config.js';
import { migrationsFolder, openPostgres, type Database } from '../db/client.js';
import { book, payWithCard, retrieve } from '../test-support/checkout.js';
import { createCategory, createEvent, createOrganiser } from '../test-support/fixtures.js';
import { findPostgresBin, startPostgres, type PostgresServer } from '../test-support/postgres-server.js';

/**
 * The backup and restore of docs/operations.md#backups-and-restore, run for real: a database
 * the app migrated and wrote to is dumped with `pg_dump -Fc`, restored with `pg_restore` into
 * new databases, and the app opened on a restored copy has everything back.
 */

let server: PostgresServer;
let bin: string;
let scratch: string;
const opened: { app?: FastifyInstance; database: Database }[] = [];

beforeAll(async () => {
  server = await startPostgres();
  bin = findPostgresBin()!;
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'tikiti-backup-'));
}, 60_000);
afterAll(async () => {
  for (const { app, database } of opened) {
    await app?.close();
    await database.close();
  }
  server?.stop();
  fs.rmSync(scratch, { recursive: true, force: true });
});

/** The app on `url`, as server.ts opens it (migrations included), without listening. */
async function openApp(url: string) {
  const database = await openPostgres(url, { poolSize: 4 });
  const config = readConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DEMO_DATA: 'false',
    WEB_DIST: '/nonexistent',
    CATALOGUE_CACHE_MS: '0',
  });
  const app = await buildApp({ config, db: database.db });
  await app.ready();
  opened.push({ app, database });
  return { app, database };
}

/** Runs one of PostgreSQL's client programs over TCP, with stdout into a file or stdin from one (`>`, `<`). */
function run(program: string, args: string[], io: { stdoutTo?: string; stdinFrom?: string } = {}) {
  const stdin = io.stdinFrom ? fs.openSync(io.stdinFrom, 'r') : 'ignore';
  const stdout = io.stdoutTo ? fs.openSync(io.stdoutTo, 'w') : 'ignore';
  return new Promise<void>((resolve, reject) => {
    const child = spawn(path.join(bin, program), args, { stdio: [stdin, stdout, 'pipe'] });
    let stderr = '';
    child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    child.once('error', reject);
    child.once('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${program} exited with ${code}: ${stderr}`)),
    );
  }).finally(() => {
    for (const fd of [stdin, stdout]) if (typeof fd === 'number') fs.closeSync(fd);
  });
}

/** Every table of the app and of the migrator, with its row count. */
async function rowCounts(url: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: tables } = await client.query<{ name: string }>(
      `SELECT format('%I.%I', table_schema, table_name) AS name FROM information_schema.tables
        WHERE table_schema IN ('public', 'drizzle') AND table_type = 'BASE TABLE' ORDER BY 1`,
    );
    const counts: Record<string, number> = {};
    for (const { name } of tables) {
      counts[name] = (await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${name}`)).rows[0]!.n;
    }
    return counts;
  } finally {
    await client.end();
  }
}

const pgArgs = () => ['-h', '127.0.0.1', '-p', String(server.port), '-U', 'postgres'];

describe('backup with pg_dump -Fc and restore with pg_restore', () => {
  it('brings back a database the app opens and serves as before', async () => {
    // A database migrated through the app, with an organiser, an event and a paid booking.
    await run('createdb', [...pgArgs(), 'tikiti']);
    const source = await openApp(server.url('tikiti'));
    const organiser = await createOrganiser(source.database.db);
    const category = await createCategory(source.database.db);
    const { event, tickets } = await createEvent(source.database.db, {
      organisationId: organiser.organisationId,
      categoryId: category.id,
      title: 'Nairobi Fintech Summit',
      tickets: [
        { name: 'Delegate', price: 120, max: 50 },
        { name: 'Student', price: 20, max: 10 },
      ],
    });
    const booked = await book(source.app, { event_id: event.id, tickets: [{ id: tickets[0]!.id, qty: 2 }] });
    expect(booked.statusCode, booked.body).toBe(201);
    const { client_secret: secret, booking_reference: reference } = booked.json().data;
    const buyerToken = booked.headers.auth as string;
    expect((await payWithCard(source.app, secret)).json().data.status).toBe('succeeded');
    expect((await retrieve(source.app, secret, buyerToken)).json().data.status).toBe(BOOKING_STATUS.paid);
    const before = await rowCounts(server.url('tikiti'));
    for (const table of ['organisations', 'accounts', 'sessions', 'events', 'ticket_types', 'bookings', 'payments'])
      expect(before[`public.${table}`], table).toBeGreaterThan(0);

    // Back up as the Compose command does (custom format to stdout), then restore twice: from
    // stdin into a database made from template0, as Compose does, and from the file by name.
    const dump = path.join(scratch, 'tikiti.dump');
    await run('pg_dump', [...pgArgs(), '-Fc', 'tikiti'], { stdoutTo: dump });
    expect(fs.readFileSync(dump).subarray(0, 5).toString()).toBe('PGDMP');
    await run('createdb', [...pgArgs(), '-T', 'template0', 'tikiti_restored']);
    await run('pg_restore', [...pgArgs(), '-d', 'tikiti_restored', '--no-owner', '--exit-on-error'], {
      stdinFrom: dump,
    });
    await run('createdb', [...pgArgs(), '-T', 'template0', 'tikiti_by_name']);
    await run('pg_restore', ['--no-owner', '--exit-on-error', '-d', server.url('tikiti_by_name'), dump]);

    expect(await rowCounts(server.url('tikiti_restored'))).toEqual(before);
    expect(await rowCounts(server.url('tikiti_by_name'))).toEqual(before);

    // The app on the restored copy: no migration to run again, and everyone back in.
    const restored = await openApp(server.url('tikiti_restored'));
    const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8'));
    expect((await rowCounts(server.url('tikiti_restored')))['drizzle.__drizzle_migrations']).toBe(
      journal.entries.length,
    );

    const login = await restored.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { username: organiser.email, password: organiser.password },
    });
    expect(login.statusCode, login.body).toBe(200);
    const self = await restored.app.inject({ url: '/v1/client/self', headers: { auth: organiser.token } });
    expect(self.statusCode, self.body).toBe(200);

    const booking = await retrieve(restored.app, secret, buyerToken);
    expect(booking.statusCode, booking.body).toBe(200);
    expect(booking.json().data).toMatchObject({
      reference,
      status: BOOKING_STATUS.paid,
      tickets: [{ name: 'Delegate', quantity: 2 }],
    });

    const details = await restored.app.inject({ url: `/v1/event/details/${event.id}` });
    expect(details.statusCode, details.body).toBe(200);
    expect(details.json().data).toMatchObject({ id: event.id, title: 'Nairobi Fintech Summit' });
    expect(JSON.stringify(details.json().data)).toContain('Student');

    // Sequences came back too: a new booking takes a new id rather than an old one's.
    const again = await book(restored.app, { event_id: event.id, tickets: [{ id: tickets[1]!.id, qty: 1 }] });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().data.booking_reference).not.toBe(reference);
    expect((await rowCounts(server.url('tikiti_restored')))['public.bookings']).toBe(before['public.bookings']! + 1);
  }, 120_000);
});
