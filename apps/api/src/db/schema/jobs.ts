import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The durable job queue (docs/architecture.md#background-work): work that must happen after a change commits
 * (mail, and later hold expiry, settlement retries, refunds, M-Pesa callbacks), shared by
 * every API instance. State: queued (waiting for `run_at`), running (claimed by a worker
 * until `locked_until`; an expired lease means the worker died and the job is claimed
 * again), done, dead (gave up after `max_attempts`; `last_error` says why).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    /** What to do, e.g. `mail.send`: picks the handler. */
    kind: text('kind').notNull(),
    /** The handler's input. Never logged: it can hold addresses and one-time codes. */
    payload: jsonb('payload').notNull(),
    state: text('state', { enum: ['queued', 'running', 'done', 'dead'] })
      .notNull()
      .default('queued'),
    /** Attempts started so far, the running one included. */
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    /** When the job is due (its next attempt, after a failure). */
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    /** The running worker's lease: past it, another worker may take the job over. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    /** Optional: a second enqueue of the same kind and key is a no-op (idempotent enqueue). */
    dedupeKey: text('dedupe_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    // The two ways a job becomes claimable, each a small partial index.
    index('jobs_due_idx')
      .on(t.runAt)
      .where(sql`${t.state} = 'queued'`),
    index('jobs_lease_idx')
      .on(t.lockedUntil)
      .where(sql`${t.state} = 'running'`),
    index('jobs_finished_idx')
      .on(t.finishedAt)
      .where(sql`${t.state} IN ('done', 'dead')`),
    uniqueIndex('jobs_kind_dedupe_key_key').on(t.kind, t.dedupeKey),
    check('jobs_state_check', sql`${t.state} IN ('queued', 'running', 'done', 'dead')`),
    check('jobs_attempts_check', sql`${t.attempts} >= 0 AND ${t.maxAttempts} >= 1`),
  ],
);
