import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { readConfig } from '../config.js';
import { createCategory, createEvent, createOrganiser } from '../test-support/fixtures.js';
import { eventFields, sendEventForm } from '../test-support/organiser-events.js';
import { startPostgres, startReplica, type PostgresServer } from '../test-support/postgres-server.js';
import { openPostgres, type Database } from './client.js';
import { openReplica, type ReadReplica } from './replica.js';

/**
 * The read replica (docs/decisions/0032-read-replica.md) on a real PostgreSQL streaming replica:
 * a primary and a hot standby made with `pg_basebackup -R` on this machine, each counting its
 * own statements in pg_stat_statements. The anonymous catalogue is read on the standby; an
 * organiser sees their edit at once although the standby has not replayed it; the standby
 * stopped under load costs no request, and reads go back to it once it is up again.
 */

const settings = ['shared_preload_libraries=pg_stat_statements', 'pg_stat_statements.track=all'];
let primary: PostgresServer;
let standby: PostgresServer;
let database: Database;
let replica: ReadReplica;
let app: FastifyInstance;
let eventId: number;
let categoryId: number;
let organiserToken: string;
/** The web app's page shell, so the server renders page heads (features/site). */
let webDist: string;

async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

/** Executions of the catalogue's queries on one server since its counters were reset. */
async function catalogueCalls(server: PostgresServer): Promise<number> {
  const rows = await query<{ calls: string }>(
    server.url('tikiti'),
    `SELECT coalesce(sum(calls), 0)::text AS calls FROM pg_stat_statements
      WHERE query ILIKE '%from "events"%' AND query NOT ILIKE '%pg_stat_statements%'`,
  );
  return Number(rows[0]!.calls);
}

const reset = (server: PostgresServer) => query(server.url('tikiti'), 'SELECT pg_stat_statements_reset()');
const anonymousList = () => app.inject({ method: 'GET', url: '/v1/event/view' });
const details = (token?: string) =>
  app.inject({ method: 'GET', url: `/v1/event/details/${eventId}`, headers: token ? { auth: token } : {} });

beforeAll(async () => {
  primary = await startPostgres({ settings });
  await query(primary.url(), 'CREATE DATABASE tikiti');
  database = await openPostgres(primary.url('tikiti'), { poolSize: 4 });
  await query(primary.url('tikiti'), 'CREATE EXTENSION pg_stat_statements');
  const organiser = await createOrganiser(database.db);
  organiserToken = organiser.token;
  categoryId = (await createCategory(database.db)).id;
  const { event } = await createEvent(database.db, {
    organisationId: organiser.organisationId,
    categoryId,
    title: 'Mombasa Logistics Forum',
  });
  eventId = event.id;

  standby = await startReplica(primary, { settings });
  // The standby has replayed the fixtures once it answers with the event.
  for (let tries = 0; ; tries++) {
    const rows = await query<{ n: number }>(standby.url('tikiti'), 'SELECT count(*)::int AS n FROM events');
    if (rows[0]!.n === 1) break;
    if (tries > 300) throw new Error('the standby did not replay the fixtures');
    await new Promise((r) => setTimeout(r, 100));
  }
  expect((await query<{ r: boolean }>(standby.url('tikiti'), 'SELECT pg_is_in_recovery() AS r'))[0]!.r).toBe(true);

  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'tikiti-replica-web-'));
  fs.copyFileSync(fileURLToPath(new URL('../../../web/index.html', import.meta.url)), path.join(webDist, 'index.html'));
  replica = openReplica(standby.url('tikiti'), { poolSize: 4, freshMs: 500, backoffMs: 100, maxBackoffMs: 400 });
  const config = readConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DEMO_DATA: 'false',
    WEB_DIST: webDist,
    CATALOGUE_CACHE_MS: '0',
  });
  app = await buildApp({ config, db: database.db, replica });
  await app.ready();
}, 120_000);

afterAll(async () => {
  await app?.close();
  await replica?.close();
  await database?.close();
  standby?.stop();
  primary?.stop();
  if (webDist) fs.rmSync(webDist, { recursive: true, force: true });
});

describe('the public catalogue on a streaming replica', () => {
  it('is read on the standby, not the primary', async () => {
    await reset(primary);
    await reset(standby);
    for (let i = 0; i < 20; i++) {
      const res = await anonymousList();
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.data.map((e: { id: number }) => e.id)).toEqual([eventId]);
    }
    expect(await catalogueCalls(standby)).toBeGreaterThanOrEqual(20);
    expect(await catalogueCalls(primary)).toBe(0);
    expect(replica.stats()).toMatchObject({ up: true, fallbacks: 0 });
  });

  it("serves the sitemap and an event page's head to an anonymous visitor from the standby, and a signed-in request from the primary", async () => {
    await reset(primary);
    await reset(standby);
    for (let i = 0; i < 3; i++) {
      const res = await app.inject({ method: 'GET', url: '/sitemap.xml' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).toContain(`/details/${eventId}/`);
      const page = await app.inject({ method: 'GET', url: `/details/${eventId}` });
      expect(page.statusCode, page.body).toBe(200);
      expect(page.body).toContain('<title>Mombasa Logistics Forum');
    }
    expect(await catalogueCalls(standby)).toBeGreaterThanOrEqual(5);
    expect(await catalogueCalls(primary)).toBe(0);

    const signedIn = await app.inject({ method: 'GET', url: '/sitemap.xml', headers: { auth: organiserToken } });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(await catalogueCalls(primary)).toBeGreaterThan(0);
  });

  it("shows the replica's reads and its lag on /metrics", async () => {
    const scrape = async () => {
      const res = await app.inject({ method: 'GET', url: '/metrics' });
      expect(res.statusCode, res.body).toBe(200);
      return (name: string) => {
        const line = res.body.split('\n').find((l) => l.startsWith(`${name} `));
        return line === undefined ? undefined : Number(line.slice(name.length + 1));
      };
    };
    const value = await scrape();
    const { replicaReads, primaryReads, fallbacks } = replica.stats();
    expect(value('tikiti_db_replica_up')).toBe(1);
    expect(value('tikiti_db_replica_reads_total')).toBe(replicaReads);
    expect(replicaReads).toBeGreaterThanOrEqual(25);
    expect(value('tikiti_db_replica_primary_reads_total')).toBe(primaryReads);
    expect(value('tikiti_db_replica_fallbacks_total')).toBe(fallbacks);
    // The standby's lag, in seconds: a number once it has replayed what it received (a standby
    // still replaying, with no transaction replayed since it started, has no age to give yet).
    await expect
      .poll(async () => (await scrape())('tikiti_db_replica_lag_seconds'), { timeout: 15_000 })
      .toSatisfy((lag) => typeof lag === 'number' && Number.isFinite(lag) && lag >= 0);
  });

  it('shows an organiser their edit at once, though the standby has not replayed it', async () => {
    await query(standby.url('tikiti'), 'SELECT pg_wal_replay_pause()');
    try {
      const updated = await sendEventForm(app, {
        method: 'PUT',
        url: `/v1/event/update/${eventId}`,
        token: organiserToken,
        fields: { ...eventFields(categoryId, { title: 'Mombasa Logistics Forum 2027' }), id: eventId },
      });
      expect(updated.statusCode, updated.body).toBe(200);
      // The organiser, signed in, reads the primary: the new title at once.
      expect((await details(organiserToken)).json().data.title).toBe('Mombasa Logistics Forum 2027');
      // Right after the change every visitor does too: the primary answers for a while.
      expect((await details()).json().data.title).toBe('Mombasa Logistics Forum 2027');
      // Then anonymous reads go back to the standby, still paused on the old title: proof
      // that the standby serves them and the primary answered the organiser.
      await expect
        .poll(async () => (await details()).json().data.title, { timeout: 15_000 })
        .toBe('Mombasa Logistics Forum');
      expect((await details(organiserToken)).json().data.title).toBe('Mombasa Logistics Forum 2027');
    } finally {
      await query(standby.url('tikiti'), 'SELECT pg_wal_replay_resume()');
    }
    await expect
      .poll(async () => (await details()).json().data.title, { timeout: 15_000 })
      .toBe('Mombasa Logistics Forum 2027');
  });

  it('answers from the primary while the standby is stopped mid-load, and goes back to it when it returns', async () => {
    let running = true;
    const statuses: number[] = [];
    const load = Array.from({ length: 4 }, async () => {
      while (running) statuses.push((await anonymousList()).statusCode);
    });
    try {
      await expect.poll(() => statuses.length, { timeout: 15_000 }).toBeGreaterThan(20);
      standby.halt();
      const atHalt = statuses.length;
      await expect.poll(() => replica.stats().up, { timeout: 15_000 }).toBe(false);
      // While it is down, /metrics says so and has no lag to report.
      const down = (await app.inject({ method: 'GET', url: '/metrics' })).body;
      expect(down).toMatch(/^tikiti_db_replica_up 0$/m);
      // (prom-client writes NaN as "Nan"; Prometheus reads either.)
      expect(down).toMatch(/^tikiti_db_replica_lag_seconds nan$/im);
      await expect.poll(() => statuses.length, { timeout: 15_000 }).toBeGreaterThan(atHalt + 50);
      expect(replica.stats().fallbacks).toBeGreaterThan(0);

      standby.resume();
      await expect.poll(() => replica.stats().up, { timeout: 20_000 }).toBe(true);
      const readsBack = replica.stats().replicaReads;
      await expect.poll(() => replica.stats().replicaReads, { timeout: 15_000 }).toBeGreaterThan(readsBack + 20);
      // The restarted standby counts the catalogue's statements again.
      expect(await catalogueCalls(standby)).toBeGreaterThan(0);
    } finally {
      running = false;
      await Promise.all(load);
    }
    expect(statuses.length).toBeGreaterThan(100);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
  }, 60_000);
});
