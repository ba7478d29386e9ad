import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import type { AppContext } from '../app-context.js';
import {
  LEASE_EXPIRED_ON_LAST_ATTEMPT,
  claimDueJobs,
  killExpiredLastAttempts,
  markDone,
  markFailed,
  releaseJob,
  renewLease,
  type ClaimedJob,
} from './jobs.repo.js';
import { enqueueJob, exponentialBackoff, withJitter, type JobHandler } from './queue.js';

export interface WorkerOptions {
  /**
   * Jobs claimed by one statement; they run one after another, in queue order. The worker
   * claims one at a time by default: a job claimed but not yet started would otherwise sit
   * out the lease if the process died.
   */
  batchSize?: number;
  /**
   * How long a claimed job stays this worker's. It must outlast any handler's run (mail's
   * SMTP timeouts add up to well under a minute); once it has passed, another worker may
   * take the job over, which is how a job whose worker was killed runs again.
   */
  leaseSeconds?: number;
  /** Pause between polls when no job was due. */
  pollMs?: number;
}

const DEFAULTS: Required<WorkerOptions> = { batchSize: 1, leaseSeconds: 60, pollMs: 1000 };

/** What one pass did; a job that another worker took over counts nowhere. */
export interface RunResult {
  done: number;
  retrying: number;
  dead: number;
}

const silentLog: FastifyBaseLogger = pino({ level: 'silent' });

const errorMessage = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 500);

/** Claims and runs batches of jobs for a set of handlers; shared by one-off passes and the worker. */
function jobRunner(ctx: AppContext, handlers: JobHandler[], log: FastifyBaseLogger, opts: Required<WorkerOptions>) {
  const byKind = new Map<string, JobHandler>();
  for (const handler of handlers) {
    if (byKind.has(handler.kind)) throw new Error(`two handlers for job kind "${handler.kind}"`);
    byKind.set(handler.kind, handler);
  }
  // Only kinds this process can run are claimed: an instance still on an older version
  // leaves a new kind of job to the instances that know it.
  const kinds = [...byKind.keys()];
  // Logged instead of the payload, which can hold addresses and one-time codes.
  const fieldsOf = (job: ClaimedJob) => ({ jobId: job.id, kind: job.kind, attempts: job.attempts });

  async function runOne(job: ClaimedJob, result: RunResult) {
    const handler = byKind.get(job.kind)!;
    const fields = fieldsOf(job);
    let failure: string | null = null;
    try {
      await handler.run(job.payload, {
        ctx,
        job: { id: job.id, kind: job.kind, attempts: job.attempts, maxAttempts: job.maxAttempts },
        log: log.child(fields),
      });
    } catch (err) {
      failure = errorMessage(err);
    }
    try {
      if (failure === null) {
        if (await markDone(ctx.db, job)) {
          result.done++;
          log.debug(fields, 'job done');
        } else log.warn(fields, 'job finished after another worker took it over (lease expired)');
        return;
      }
      const retryInSeconds =
        job.attempts >= job.maxAttempts
          ? null
          : withJitter((handler.retryDelaySeconds ?? exponentialBackoff)(job.attempts));
      if (!(await markFailed(ctx.db, job, failure, retryInSeconds))) {
        log.warn({ ...fields, error: failure }, 'job failed after another worker took it over (lease expired)');
      } else if (retryInSeconds === null) {
        result.dead++;
        log.error({ ...fields, error: failure }, 'job dead after its last attempt');
      } else {
        result.retrying++;
        log.warn({ ...fields, retryInSeconds: Math.round(retryInSeconds), error: failure }, 'job failed, will retry');
      }
    } catch (err) {
      log.error({ ...fields, error: errorMessage(err) }, 'job outcome not saved; it runs again once its lease expires');
    }
  }

  return {
    /** Claims up to `limit` due jobs and runs them; answers how many were claimed. */
    async runBatch(limit: number, result: RunResult, stopping: () => boolean): Promise<number> {
      if (!kinds.length) return 0;
      for (const dead of await killExpiredLastAttempts(ctx.db, kinds)) {
        result.dead++;
        log.error(
          { jobId: dead.id, kind: dead.kind, attempts: dead.attempts, error: LEASE_EXPIRED_ON_LAST_ATTEMPT },
          'job dead after its last attempt',
        );
      }
      // RETURNING has no order: run in queue order, so mail to one person arrives as it was queued.
      const batch = (await claimDueJobs(ctx.db, kinds, limit, opts.leaseSeconds)).sort((a, b) => a.id - b.id);
      const claimedAt = Date.now();
      for (const [i, job] of batch.entries()) {
        if (stopping()) {
          for (const unstarted of batch.slice(i)) await releaseJob(ctx.db, unstarted);
          break;
        }
        // A job that waited behind slow ones may have outlived half its lease: take the lease
        // again before starting, unless another worker has claimed the job meanwhile.
        if (Date.now() - claimedAt > opts.leaseSeconds * 500 && !(await renewLease(ctx.db, job, opts.leaseSeconds))) {
          log.warn(fieldsOf(job), 'job skipped: another worker took it over (lease expired)');
          continue;
        }
        await runOne(job, result);
      }
      return batch.length;
    },
  };
}

/**
 * One pass: runs the handlers' jobs that are due now, at most `limit`, and returns. For
 * tests and tools; the API runs `startJobWorker`.
 */
export async function runDueJobs(
  ctx: AppContext,
  handlers: JobHandler[],
  log: FastifyBaseLogger = silentLog,
  options: WorkerOptions & { limit?: number } = {},
): Promise<RunResult> {
  const opts = { ...DEFAULTS, batchSize: 10, ...options };
  const runner = jobRunner(ctx, handlers, log, opts);
  const result: RunResult = { done: 0, retrying: 0, dead: 0 };
  const limit = options.limit ?? 200;
  for (let handled = 0; handled < limit;) {
    const size = Math.min(opts.batchSize, limit - handled);
    const claimed = await runner.runBatch(size, result, () => false);
    handled += claimed;
    if (claimed < size) break;
  }
  return result;
}

export interface JobWorker {
  /**
   * Stops claiming, gives back claimed jobs not yet started, and waits up to `graceMs` for
   * the running one. A job still running then is left to its lease: when the process exits
   * before it ends, another worker (or this API's next start) runs it again.
   */
  stop(graceMs: number): Promise<void>;
}

/**
 * Runs the handlers' jobs until stopped: polls every `pollMs` (at once again after a full
 * batch), and enqueues the periodic ones. Any number of API instances run one each.
 */
export function startJobWorker(
  ctx: AppContext,
  handlers: JobHandler[],
  log: FastifyBaseLogger,
  options: WorkerOptions = {},
): JobWorker {
  const opts = { ...DEFAULTS, ...options };
  const runner = jobRunner(ctx, handlers, log, opts);
  const periodic = handlers.filter((h) => h.everySeconds);
  const lastPeriod = new Map<string, number>();
  let stopping = false;
  let wake = () => {};

  /** One job per period: every instance tries, the period's dedupe key lets one through. */
  async function enqueuePeriodic() {
    for (const handler of periodic) {
      const periodMs = handler.everySeconds! * 1000;
      const period = Math.floor(Date.now() / periodMs);
      if (lastPeriod.get(handler.kind) === period) continue;
      const start = new Date(period * periodMs);
      await enqueueJob(
        ctx.db,
        handler.kind,
        {},
        { runAt: start, dedupeKey: `every:${start.toISOString()}`, maxAttempts: 1 },
      );
      lastPeriod.set(handler.kind, period);
    }
  }

  const loop = (async () => {
    let failures = 0;
    while (!stopping) {
      let claimed = 0;
      try {
        await enqueuePeriodic();
      } catch (err) {
        log.error({ err }, 'periodic job not enqueued');
      }
      try {
        claimed = await runner.runBatch(opts.batchSize, { done: 0, retrying: 0, dead: 0 }, () => stopping);
        failures = 0;
      } catch (err) {
        failures++;
        log.error({ err, failures }, 'job claim failed');
      }
      if (stopping || claimed === opts.batchSize) continue;
      // The database may be down: poll less often after each failure in a row, at most every 30 s.
      const pause = failures ? Math.min(30_000, opts.pollMs * 2 ** failures) : opts.pollMs;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pause);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  })();

  return {
    async stop(graceMs) {
      stopping = true;
      wake();
      let timer: NodeJS.Timeout | undefined;
      const finished = await Promise.race([
        loop.then(() => true),
        new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), graceMs))),
      ]);
      clearTimeout(timer);
      if (!finished)
        log.warn({ graceMs }, 'job worker stopped with a job still running; it runs again once its lease expires');
    },
  };
}
