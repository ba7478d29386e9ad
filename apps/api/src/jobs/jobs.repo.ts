import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../db/client.js';
import { jobs } from '../db/schema/index.js';

export interface NewJob {
  kind: string;
  payload: unknown;
  maxAttempts: number;
  runAt?: Date;
  dedupeKey?: string;
}

/** Inserts a job; with a dedupe key already taken for this kind, inserts nothing and answers null. */
export async function insertJob(db: Db | Tx, job: NewJob): Promise<number | null> {
  const insert = db.insert(jobs).values({
    kind: job.kind,
    payload: job.payload,
    maxAttempts: job.maxAttempts,
    runAt: job.runAt,
    dedupeKey: job.dedupeKey,
  });
  const [row] = await (
    job.dedupeKey ? insert.onConflictDoNothing({ target: [jobs.kind, jobs.dedupeKey] }) : insert
  ).returning({ id: jobs.id });
  return row?.id ?? null;
}

/** Inserts these jobs (no dedupe keys) as one statement; answers their ids in order. */
export async function insertJobs(db: Db | Tx, batch: Omit<NewJob, 'dedupeKey'>[]): Promise<number[]> {
  if (batch.length === 0) return [];
  const rows = await db
    .insert(jobs)
    .values(
      batch.map((job) => ({ kind: job.kind, payload: job.payload, maxAttempts: job.maxAttempts, runAt: job.runAt })),
    )
    .returning({ id: jobs.id });
  return rows.map((r) => r.id);
}

/** A job as a worker holds it: `attempts` counts the attempt just started. */
export interface ClaimedJob {
  id: number;
  kind: string;
  payload: unknown;
  attempts: number;
  maxAttempts: number;
}

const kindList = (kinds: string[]) =>
  sql.join(
    kinds.map((k) => sql`${k}`),
    sql`, `,
  );

/**
 * Claims up to `limit` due jobs of these kinds for this worker, for `leaseSeconds`: queued
 * ones whose time has come, and running ones whose lease expired (their worker died).
 * SKIP LOCKED lets several API instances claim side by side without ever taking the same
 * row; the claim counts as an attempt, so a job that keeps killing its worker still ends.
 */
export async function claimDueJobs(db: Db, kinds: string[], limit: number, leaseSeconds: number) {
  return queryRows<ClaimedJob>(
    db,
    sql`
    UPDATE jobs
       SET state = 'running', attempts = attempts + 1, locked_until = now() + make_interval(secs => ${leaseSeconds})
     WHERE id IN (
       SELECT id FROM jobs
        WHERE kind IN (${kindList(kinds)})
          AND ((state = 'queued' AND run_at <= now())
            OR (state = 'running' AND locked_until < now() AND attempts < max_attempts))
        ORDER BY run_at, id
        LIMIT ${limit}
        FOR UPDATE SKIP LOCKED)
    RETURNING id, kind, payload, attempts, max_attempts AS "maxAttempts"`,
  );
}

export const LEASE_EXPIRED_ON_LAST_ATTEMPT = 'the worker stopped during the last attempt (lease expired)';

/** Running jobs whose lease expired on their last attempt: dead, since no attempt is left to claim. */
export async function killExpiredLastAttempts(db: Db, kinds: string[]) {
  return queryRows<{ id: number; kind: string; attempts: number }>(
    db,
    sql`
    UPDATE jobs
       SET state = 'dead', locked_until = NULL, finished_at = now(),
           last_error = ${LEASE_EXPIRED_ON_LAST_ATTEMPT}
     WHERE state = 'running' AND locked_until < now() AND attempts >= max_attempts
       AND kind IN (${kindList(kinds)})
    RETURNING id, kind, attempts`,
  );
}

/**
 * Every change to a claimed job names the attempt it belongs to: if the lease expired and
 * another worker claimed the job again (attempts moved on), this worker's writes do nothing.
 */
const heldBy = (job: Pick<ClaimedJob, 'id' | 'attempts'>) =>
  and(eq(jobs.id, job.id), eq(jobs.state, 'running'), eq(jobs.attempts, job.attempts));

/**
 * Extends the lease of a job this worker still holds; false if another worker has claimed it
 * since (an expired lease nobody took yet is still this worker's).
 */
export async function renewLease(db: Db, job: ClaimedJob, leaseSeconds: number): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ lockedUntil: sql`now() + make_interval(secs => ${leaseSeconds})` })
    .where(heldBy(job))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

export async function markDone(db: Db, job: ClaimedJob): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ state: 'done', lockedUntil: null, lastError: null, finishedAt: sql`now()` })
    .where(heldBy(job))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** A failed attempt: queued again after `retryInSeconds`, or dead when that is null. */
export async function markFailed(
  db: Db,
  job: ClaimedJob,
  error: string,
  retryInSeconds: number | null,
): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set(
      retryInSeconds === null
        ? { state: 'dead', lockedUntil: null, lastError: error, finishedAt: sql`now()` }
        : {
            state: 'queued',
            lockedUntil: null,
            lastError: error,
            runAt: sql`now() + make_interval(secs => ${retryInSeconds})`,
          },
    )
    .where(heldBy(job))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** Gives back claimed jobs that never started (the worker is stopping): due again at once, attempt not counted. */
export async function releaseJob(db: Db, job: ClaimedJob) {
  await db
    .update(jobs)
    .set({ state: 'queued', lockedUntil: null, attempts: sql`${jobs.attempts} - 1` })
    .where(heldBy(job));
}

/** Deletes finished jobs older than the given ages; answers how many went. */
export async function deleteFinishedJobs(db: Db, opts: { doneDays: number; deadDays: number }) {
  const rows = await db
    .delete(jobs)
    .where(
      sql`(${jobs.state} = 'done' AND ${jobs.finishedAt} < now() - make_interval(days => ${opts.doneDays}))
       OR (${jobs.state} = 'dead' AND ${jobs.finishedAt} < now() - make_interval(days => ${opts.deadDays}))`,
    )
    .returning({ id: jobs.id });
  return rows.length;
}
