import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.js';
import { tooManyRequests } from '../http/errors.js';

/**
 * Fixed-window counter kept in PostgreSQL, so every API instance shares it (docs/architecture.md#growing-past-one-machine).
 * Counts one hit on `key`; throws 429 once more than `limit` hits fall in the window.
 */
export async function hitRateLimit(db: Db, key: string, limit: number, windowSeconds: number, now = new Date()) {
  if ((await countHit(db, key, windowSeconds, now)) > limit) throw tooManyRequests();
}

/**
 * Counts one hit on `key` and returns the count in the current window, in one statement:
 * concurrent hits each see a different count, so a limit checked on it holds under any
 * concurrency.
 */
export async function countHit(db: Db, key: string, windowSeconds: number, now = new Date()): Promise<number> {
  const rows = await queryRows<{ count: number }>(
    db,
    sql`
    INSERT INTO rate_limits (key, window_start, count) VALUES (${key}, ${now.toISOString()}, 1)
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limits.window_start <= ${now.toISOString()}::timestamptz - make_interval(secs => ${windowSeconds})
                   THEN 1 ELSE rate_limits.count + 1 END,
      window_start = CASE WHEN rate_limits.window_start <= ${now.toISOString()}::timestamptz - make_interval(secs => ${windowSeconds})
                   THEN ${now.toISOString()}::timestamptz ELSE rate_limits.window_start END
    RETURNING count`,
  );
  return Number(rows[0]?.count ?? 0);
}

/** Gives back one hit on `key` (an attempt that turned out not to count). */
export async function releaseHit(db: Db, key: string) {
  await db.execute(sql`UPDATE rate_limits SET count = GREATEST(count - 1, 0) WHERE key = ${key}`);
}

/** Forgets the counter of `key` (e.g. after a successful sign-in). */
export async function clearRateLimit(db: Db, key: string) {
  await db.execute(sql`DELETE FROM rate_limits WHERE key = ${key}`);
}
