import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { isDatabaseUnavailable } from '../http/errors.js';
import { createPool, DEFAULT_DATABASE_TIMEOUTS, type Db, type PostgresOptions } from './client.js';
import * as schema from './schema/index.js';

/**
 * A PostgreSQL streaming replica for the public catalogue (docs/decisions/0032-read-replica.md).
 * Reads go to it only while it answers; a read it fails for want of a connection (stopped,
 * restarting, unreachable) is answered by the primary at once, and the replica is then left alone
 * and checked again after a wait that doubles up to a bound, until it answers again.
 */
export interface ReadReplica {
  /**
   * Runs `load` on the replica when it is up and no change was made here in the last
   * `freshMs`; on the primary otherwise, and on the primary again if the replica fails under it.
   */
  read<T>(primary: Db, load: (db: Db) => Promise<T>): Promise<T>;
  /** A change the public must see at once (an organiser saved an event): the primary answers for `freshMs`. */
  changed(): void;
  /** For /metrics and tests. */
  stats(): { up: boolean; replicaReads: number; primaryReads: number; fallbacks: number };
  /**
   * How far behind the primary the replica's replay is, in seconds (0 when it has replayed all it
   * received), asked of the replica with a short timeout; undefined while it is down, when it does
   * not answer in time, or when it is not a standby. For /metrics, once a scrape.
   */
  lagSeconds(): Promise<number | undefined>;
  close(): Promise<void>;
}

/** A public read: `load` given the database it should run on (the replica or the primary). */
export type PublicRead = <T>(load: (db: Db) => Promise<T>) => Promise<T>;

/**
 * How a public request reads (docs/decisions/0032-read-replica.md): an anonymous one through the
 * replica, when there is one (`replica.read`, with its fallback and its fresh window after a
 * change); a signed-in one (an organiser or a buyer) on the primary, which has what they just wrote.
 */
export function publicRead(primary: Db, replica: ReadReplica | undefined, signedIn: boolean): PublicRead {
  return (load) => (replica && !signedIn ? replica.read(primary, load) : load(primary));
}

export interface ReplicaLog {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

export interface ReplicaOptions extends Omit<PostgresOptions, 'log'> {
  log?: ReplicaLog;
  /** After a change, reads stay on the primary this long (longer than the replica's usual lag). */
  freshMs?: number;
  /** The first wait before checking a failed replica again; it doubles up to `maxBackoffMs`. */
  backoffMs?: number;
  maxBackoffMs?: number;
}

/**
 * The standby's replay lag: the age of the last transaction it replayed, or 0 when it has replayed
 * everything it has received (an idle primary sends nothing, and the age alone would grow). NULL on
 * a server that is not in recovery.
 */
const LAG_SQL = `SELECT CASE WHEN pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() THEN 0
  ELSE extract(epoch FROM now() - pg_last_xact_replay_timestamp()) END::float8 AS lag`;
/** A scrape waits at most this long for the lag. */
const LAG_TIMEOUT_MS = 1000;

/** A statement the standby cancelled because replaying the primary's changes needed its rows. */
const RECOVERY_CONFLICT = new Set(['40001', '40P01']);

/** The SQLSTATE codes of an error and of its causes (Drizzle wraps the driver's error). */
function codesOf(err: unknown): string[] {
  const codes: string[] = [];
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') codes.push(code);
  }
  return codes;
}

export function openReplica(url: string, opts: ReplicaOptions = {}): ReadReplica {
  const timeouts = opts.timeouts ?? DEFAULT_DATABASE_TIMEOUTS;
  // A replica that does not answer must not hold a request for the primary's 10 s.
  const pool = createPool(url, {
    poolSize: opts.poolSize,
    timeouts: { ...timeouts, connectMs: Math.min(timeouts.connectMs, 2000) },
    log: opts.log,
  });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const freshMs = opts.freshMs ?? 5000;
  const firstBackoff = opts.backoffMs ?? 500;
  const maxBackoff = opts.maxBackoffMs ?? 30_000;
  let up = true;
  let freshUntil = 0;
  let backoff = firstBackoff;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  const counts = { replicaReads: 0, primaryReads: 0, fallbacks: 0 };

  const check = async () => {
    timer = undefined;
    try {
      await pool.query('SELECT 1');
      up = true;
      backoff = firstBackoff;
      opts.log?.info({}, 'read replica answers again; public catalogue reads go back to it');
    } catch {
      schedule();
    }
  };
  const schedule = () => {
    if (closed || timer) return;
    timer = setTimeout(() => void check(), backoff);
    timer.unref();
    backoff = Math.min(backoff * 2, maxBackoff);
  };
  const markDown = (err: unknown) => {
    if (!up) return;
    up = false;
    opts.log?.warn(
      { error: err instanceof Error ? err.message : String(err) },
      'read replica unavailable; public catalogue reads go to the primary',
    );
    schedule();
  };

  return {
    async read(primary, load) {
      if (!up || Date.now() < freshUntil) {
        counts.primaryReads++;
        return load(primary);
      }
      try {
        const result = await load(db);
        counts.replicaReads++;
        return result;
      } catch (err) {
        const conflict = codesOf(err).some((code) => RECOVERY_CONFLICT.has(code));
        if (!conflict && !isDatabaseUnavailable(err)) throw err;
        if (!conflict) markDown(err);
        counts.fallbacks++;
        counts.primaryReads++;
        return load(primary);
      }
    },
    changed() {
      freshUntil = Date.now() + freshMs;
    },
    stats: () => ({ up, ...counts }),
    async lagSeconds() {
      if (!up || closed) return undefined;
      try {
        // query_timeout is pg's own per-query option; its typings know it only on the pool.
        const config = { text: LAG_SQL, query_timeout: LAG_TIMEOUT_MS } as pg.QueryConfig;
        const { rows } = await pool.query<{ lag: number | null }>(config);
        const lag = rows[0]?.lag;
        return typeof lag === 'number' ? lag : undefined;
      } catch {
        return undefined;
      }
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await pool.end();
    },
  };
}
