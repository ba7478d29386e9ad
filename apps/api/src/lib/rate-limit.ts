import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.js';
import { tooManyRequests } from '../http/errors.js';

/**
 * Fixed-window counter kept in PostgreSQL, so every API instance shares it (DESIGN.md §10).
 * Counts one hit on `key`; throws 429 once more than `limit` hits fall in the window.
 */
export async function hitRateLimit(db: Db, key: string, limit: number, windowSeconds: number, now = new Date()) {
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
  const count = Number(rows[0]?.count ?? 0);
  if (count > limit) throw tooManyRequests();
}

/** Forgets the counter of `key` (e.g. after a successful sign-in). */
export async function clearRateLimit(db: Db, key: string) {
  await db.execute(sql`DELETE FROM rate_limits WHERE key = ${key}`);
}

/**
 * True when `key` already holds `limit` hits in its current window, without counting one.
 * For limits on failures: check before the attempt, hit only when it fails.
 */
export async function rateLimitReached(db: Db, key: string, limit: number, windowSeconds: number, now = new Date()) {
  const rows = await queryRows<{ count: number }>(
    db,
    sql`
    SELECT count FROM rate_limits
     WHERE key = ${key}
       AND window_start > ${now.toISOString()}::timestamptz - make_interval(secs => ${windowSeconds})`,
  );
  return Number(rows[0]?.count ?? 0) >= limit;
}
