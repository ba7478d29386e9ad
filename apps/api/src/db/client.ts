import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { SQL } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema/index.js';
import { startEmbedded } from './embedded/start.js';

export type Schema = typeof schema;
/** The one database type features use, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle, accepted wherever a Db is. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** The pool's connections: for /metrics. */
  poolStats(): { total: number; idle: number; waiting: number };
}

/** Where the pool reports connections that fail while idle (a database restart, a network cut). */
export interface DatabaseLog {
  warn(obj: object, msg: string): void;
}

/** Time limits on PostgreSQL work, so an unreachable or stuck database answers fast (docs/security.md). */
export interface DatabaseTimeouts {
  connectMs: number;
  statementMs: number;
  idleInTransactionMs: number;
}

export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = {
  connectMs: 10_000,
  statementMs: 10_000,
  idleInTransactionMs: 30_000,
};

/** apps/api/migrations, from src/db (tsx) or dist/db (built) alike. */
export const migrationsFolder = fileURLToPath(new URL('../../migrations', import.meta.url));

// node-postgres returns timestamptz as Date and bigint (count) as string by default;
// counts are parsed to numbers here once.
pg.types.setTypeParser(20, (v) => Number(v));

export interface PostgresOptions {
  poolSize?: number;
  timeouts?: DatabaseTimeouts;
  log?: DatabaseLog;
}

/**
 * A pool that rides out a database restart: a connection that dies while idle is reported
 * and dropped (without an `error` listener it would crash the process), queries during the
 * outage fail fast (the error handler answers 503), and new connections are made once the
 * server is back. Every query is bounded: connect, statement and idle-in-transaction
 * timeouts on the server, and a client-side read timeout for a network that went silent.
 * JIT compilation is off for the app's sessions (docs/decisions/0036-jit-off.md): it cost an
 * organiser's sales summary 25–110 ms of compiling for a statement that runs in 12. A URL's
 * own `options` parameter takes precedence.
 */
export function createPool(url: string, opts: PostgresOptions = {}): pg.Pool {
  const t = opts.timeouts ?? DEFAULT_DATABASE_TIMEOUTS;
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.poolSize ?? 10,
    connectionTimeoutMillis: t.connectMs,
    statement_timeout: t.statementMs,
    idle_in_transaction_session_timeout: t.idleInTransactionMs,
    options: '-c jit=off',
    query_timeout: t.statementMs + 2000,
    keepAlive: true,
  });
  pool.on('error', (err: Error & { code?: string }) => {
    opts.log?.warn({ code: err.code, error: err.message }, 'database connection lost; the pool will reconnect');
  });
  return pool;
}

/** Any constant: held while one instance migrates, so several starting together take turns. */
export const MIGRATION_LOCK = 7_411_002;

/**
 * Drizzle's migrator reads the applied migrations, then applies the rest, with no lock: two
 * instances starting on a new database both apply the first migration and one fails. So
 * migrations run under a session advisory lock; whoever comes second finds them applied
 * (docs/operations.md#migrations). The lock is polled rather than waited for, since a wait
 * would count against statement_timeout; PostgreSQL releases it if the holder's connection dies.
 */
async function migrateInTurn(pool: pg.Pool) {
  const client = await pool.connect();
  const tryLock = async () =>
    (await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [MIGRATION_LOCK])).rows[0]!
      .locked;
  try {
    while (!(await tryLock())) await new Promise((r) => setTimeout(r, 200));
    await migratePg(drizzlePg(client), { migrationsFolder });
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    client.release();
  } catch (err) {
    // The connection may still hold the lock: it is closed, which releases it, never pooled.
    client.release(err as Error);
    throw err;
  }
}

function connect(pool: pg.Pool, kind: Database['kind'], stop?: () => Promise<void>): Database {
  return {
    db: drizzlePg(pool, { schema }) as unknown as Db,
    kind,
    async close() {
      await pool.end();
      await stop?.();
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

export async function openPostgres(url: string, opts: PostgresOptions = {}): Promise<Database> {
  const pool = createPool(url, opts);
  await migrateInTurn(pool);
  return connect(pool, 'postgres');
}

export interface EmbeddedOptions extends PostgresOptions {
  /** Where PGlite keeps its files; in memory when absent. */
  dataDir?: string;
  /** A data-dir dump to start an in-memory database from (a migrated test template). */
  template?: string;
  /** PGlite failed or its thread ended: the database is gone (server.ts stops the process). */
  onFatal?(err: Error): void;
}

/** The embedded database, plus what only it can do. */
export interface EmbeddedDatabase extends Database {
  /** Writes a data-dir dump (PGlite's `dumpDataDir`) to `file`. */
  dumpTo(file: string): Promise<void>;
  /** The loopback address of its wire server (`npm run db:copy` reads through it). */
  url: string;
}

/**
 * PGlite in its own thread, served over the PostgreSQL wire protocol on loopback and reached
 * through a node-postgres pool like a real server: one driver path, and the API's event loop
 * stays free while PGlite works (docs/decisions/0016-embedded-database-in-a-worker.md). The
 * server-side limits of PostgreSQL do not exist in PGlite, so the pool sets none but the
 * wait for a connection; the wire server ends an idle transaction after the same limit.
 */
export async function openEmbedded(opts: EmbeddedOptions = {}): Promise<EmbeddedDatabase> {
  if (opts.dataDir) fs.mkdirSync(path.dirname(opts.dataDir), { recursive: true });
  const t = opts.timeouts ?? DEFAULT_DATABASE_TIMEOUTS;
  const server = await startEmbedded({
    dataDir: opts.dataDir,
    template: opts.template,
    idleInTransactionMs: t.idleInTransactionMs,
    onFatal: opts.onFatal,
  });
  const pool = new pg.Pool({
    connectionString: server.url,
    max: opts.poolSize ?? 10,
    connectionTimeoutMillis: t.connectMs,
  });
  pool.on('error', (err: Error & { code?: string }) => {
    opts.log?.warn({ code: err.code, error: err.message }, 'embedded database connection lost');
  });
  try {
    await migrateInTurn(pool);
  } catch (err) {
    await pool.end();
    await server.close();
    throw err;
  }
  return {
    ...connect(pool, 'pglite', () => server.close()),
    dumpTo: (file) => server.dumpTo(file),
    url: server.url,
  };
}

export async function openDatabase(
  opts: { databaseUrl?: string; dataDir: string; onFatal?(err: Error): void } & PostgresOptions,
): Promise<Database> {
  return opts.databaseUrl
    ? openPostgres(opts.databaseUrl, opts)
    : openEmbedded({ ...opts, dataDir: path.join(opts.dataDir, 'pglite') });
}

/** Runs raw SQL and returns its rows; both drivers answer with `{ rows }`. */
export async function queryRows<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
