import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DATABASE_TIMEOUTS, queryRows, type Database } from './client.js';
import { openTestDatabase } from '../test-support/test-app.js';

/*
 * What every session of the app's PostgreSQL pool is set to (db/client.ts `createPool`): the
 * timeouts that bound each query (docs/security.md, "Timeouts"), and JIT compilation off
 * (docs/decisions/0036-jit-off.md), whichever connection of the pool a request gets.
 */
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe("the app's PostgreSQL sessions", () => {
  it('have JIT off and the statement and idle-in-transaction timeouts, on every connection', async () => {
    // Ten at once, so they are ten connections of the pool, not one reused.
    const sessions = await Promise.all(
      Array.from({ length: 10 }, () =>
        database.db.transaction(async (tx) => {
          const [row] = await queryRows<{ pid: number; jit: string; statement: string; idle: string }>(
            tx,
            // pg_settings gives the timeouts in milliseconds (current_setting would say '10s').
            sql`SELECT pg_backend_pid() AS pid, current_setting('jit') AS jit,
                       (SELECT setting FROM pg_settings WHERE name = 'statement_timeout') AS statement,
                       (SELECT setting FROM pg_settings WHERE name = 'idle_in_transaction_session_timeout') AS idle,
                       pg_sleep(0.05)`,
          );
          return row!;
        }),
      ),
    );
    expect(new Set(sessions.map((s) => s.pid)).size).toBe(10);
    for (const s of sessions) {
      expect(s.jit).toBe('off');
      expect(s.statement).toBe(String(DEFAULT_DATABASE_TIMEOUTS.statementMs));
      expect(s.idle).toBe(String(DEFAULT_DATABASE_TIMEOUTS.idleInTransactionMs));
    }
  });
});
