import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../app-context.js';
import type { Db, Tx } from '../db/client.js';
import { insertJob, insertJobs } from './jobs.repo.js';

/**
 * The job queue's API for features (docs/architecture.md#background-work). A feature enqueues with `enqueueJob` and
 * exports a `JobHandler` for its kinds; background.ts, the composition root, hands every
 * handler to the worker. So features import jobs/, and jobs/ imports no feature.
 */

/** Attempts a job gets unless its enqueuer says otherwise. */
export const DEFAULT_MAX_ATTEMPTS = 8;

/** The logger jobs and their callers write to (Fastify's pino logger, or a silent one). */
export type JobLog = FastifyBaseLogger;

export interface EnqueueOptions {
  /** Not before this time (default: now). */
  runAt?: Date;
  /**
   * Makes the enqueue idempotent: while a job of this kind with this key is kept (done jobs
   * for a week, dead ones for a month, see prune.ts), another enqueue adds nothing.
   */
  dedupeKey?: string;
  maxAttempts?: number;
}

/**
 * Queues a job durably. Pass the caller's transaction, so the job exists exactly when the
 * change that caused it commits (a rolled-back request leaves no job). The payload is stored
 * as JSON and never logged. Answers the job id, or null when `dedupeKey` was taken already.
 */
export async function enqueueJob<P>(
  db: Db | Tx,
  kind: string,
  payload: P,
  opts: EnqueueOptions = {},
): Promise<number | null> {
  return insertJob(db, {
    kind,
    payload,
    maxAttempts: opts.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
    runAt: opts.runAt,
    dedupeKey: opts.dedupeKey,
  });
}

/** Enqueues a job of this kind per payload as one statement (a batch has no dedupe keys). */
export async function enqueueJobs<P>(
  db: Db | Tx,
  kind: string,
  payloads: P[],
  opts: Omit<EnqueueOptions, 'dedupeKey'> = {},
): Promise<number[]> {
  return insertJobs(
    db,
    payloads.map((payload) => ({
      kind,
      payload,
      maxAttempts: opts.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      runAt: opts.runAt,
    })),
  );
}

/** The attempt a handler is running. */
export interface RunningJob {
  id: number;
  kind: string;
  /** 1 on the first attempt. */
  attempts: number;
  maxAttempts: number;
}

export interface JobRun {
  ctx: AppContext;
  job: RunningJob;
  log: FastifyBaseLogger;
}

/**
 * What a feature does for one kind of job. `run` throws to fail the attempt: the job is
 * retried after `retryDelaySeconds(attempts)` until its last attempt, then dead.
 * Delivery is at least once: a worker that dies after the work but before the job is
 * marked done leaves it to run again once its lease expires, so `run` must be safe to repeat.
 */
export interface JobHandler<P = unknown> {
  kind: string;
  run(payload: P, run: JobRun): Promise<void>;
  /** Seconds to wait after the n-th failed attempt (1-based); default `exponentialBackoff`. */
  retryDelaySeconds?(attempts: number): number;
  /**
   * Periodic work: the worker enqueues one job of this kind (payload `{}`, one attempt, the
   * next period being the retry) per period of this many seconds, across all instances.
   */
  everySeconds?: number;
}

/** 5 s, 15 s, 45 s, … tripling after each failure, at most an hour. */
export function exponentialBackoff(attempts: number): number {
  return Math.min(3600, 5 * 3 ** Math.max(0, attempts - 1));
}

/** Retries from one outage should not all come back at the same second. */
const JITTER = 0.2;

/** The schedule's delay, up to 20 % earlier at random (never later than the schedule says). */
export function withJitter(seconds: number, random = Math.random()): number {
  return seconds * (1 - JITTER * random);
}
