import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import type { AppContext } from '../app-context.js';
import { openPostgres, queryRows, type Database, type Db } from '../db/client.js';
import { jobs } from '../db/schema/index.js';
import { createTestApp, testDbKind, type TestApp } from '../test-support/test-app.js';
import { LEASE_EXPIRED_ON_LAST_ATTEMPT } from './jobs.repo.js';
import { pruneFinishedJobs } from './prune.js';
import { enqueueJob, exponentialBackoff, withJitter, type JobHandler, type RunningJob } from './queue.js';
import { runDueJobs, startJobWorker } from './worker.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `check` until it holds; fails with `what` after `ms` (generous: the machine is shared). */
async function waitFor(what: string, check: () => Promise<boolean> | boolean, ms = 60_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

/** A logger whose JSON lines the test can read. */
function capturingLog() {
  const lines: Record<string, unknown>[] = [];
  const log = pino({ level: 'debug' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { log: log as unknown as FastifyBaseLogger, lines };
}

/** The URL of a PostgreSQL test database, for more connections to it or another process. */
async function databaseUrl(db: Db) {
  const [row] = await queryRows<{ name: string }>(db, sql`SELECT current_database() AS name`);
  return inject('postgresUrl').replace(/\/[^/]*$/, `/${row!.name}`);
}

const jobRow = async (db: Db, id: number) => (await db.select().from(jobs).where(eq(jobs.id, id)))[0]!;

/** A handler that records every attempt and fails while `failing` says so. */
function recordingHandler(kind: string, failing: (job: RunningJob) => boolean = () => false) {
  const runs: { payload: unknown; job: RunningJob }[] = [];
  const handler: JobHandler<{ n?: number; secret?: string }> = {
    kind,
    retryDelaySeconds: (attempts) => 10 * attempts,
    async run(payload, { job }) {
      runs.push({ payload, job });
      if (failing(job)) throw new Error(`boom on attempt ${job.attempts}`);
    },
  };
  return { handler, runs };
}

describe('job queue', () => {
  let t: TestApp;
  let ctx: AppContext;
  beforeAll(async () => {
    t = await createTestApp();
    ctx = { config: t.config, db: t.database.db };
  });
  afterAll(() => t.close());

  it('enqueues inside the caller’s transaction: a rolled-back change leaves no job', async () => {
    const db = t.database.db;
    await expect(
      db.transaction(async (tx) => {
        await enqueueJob(tx, 'test.rollback', { n: 1 });
        throw new Error('the request failed');
      }),
    ).rejects.toThrow('the request failed');
    expect(await db.select().from(jobs).where(eq(jobs.kind, 'test.rollback'))).toEqual([]);

    const id = await db.transaction((tx) => enqueueJob(tx, 'test.rollback', { n: 2 }));
    expect(await jobRow(db, id!)).toMatchObject({
      kind: 'test.rollback',
      payload: { n: 2 },
      state: 'queued',
      attempts: 0,
      maxAttempts: 8,
      lockedUntil: null,
      finishedAt: null,
    });
  });

  it('enqueues idempotently with a dedupe key, and not before runAt', async () => {
    const db = t.database.db;
    const first = await enqueueJob(db, 'test.dedupe', { n: 1 }, { dedupeKey: 'booking:42' });
    expect(first).toEqual(expect.any(Number));
    expect(await enqueueJob(db, 'test.dedupe', { n: 2 }, { dedupeKey: 'booking:42' })).toBeNull();
    // The key is per kind.
    expect(await enqueueJob(db, 'test.dedupe-other', { n: 3 }, { dedupeKey: 'booking:42' })).toEqual(
      expect.any(Number),
    );
    const rows = await db.select().from(jobs).where(eq(jobs.kind, 'test.dedupe'));
    expect(rows.map((r) => r.payload)).toEqual([{ n: 1 }]);

    const { handler, runs } = recordingHandler('test.later');
    await enqueueJob(db, 'test.later', {}, { runAt: new Date(Date.now() + 60_000) });
    expect(await runDueJobs(ctx, [handler])).toEqual({ done: 0, retrying: 0, dead: 0 });
    expect(runs).toHaveLength(0);
  });

  it('retries a failing job with back-off and jitter, then marks it dead with the last error', async () => {
    const db = t.database.db;
    const { log, lines } = capturingLog();
    const { handler, runs } = recordingHandler('test.failing', () => true);
    const id = (await enqueueJob(db, 'test.failing', { secret: 'code 123456' }, { maxAttempts: 3 }))!;

    const waits: number[] = [];
    for (let attempt = 1; attempt <= 2; attempt++) {
      expect(await runDueJobs(ctx, [handler], log)).toEqual({ done: 0, retrying: 1, dead: 0 });
      const [row] = await db
        .select({
          state: jobs.state,
          attempts: jobs.attempts,
          lastError: jobs.lastError,
          lockedUntil: jobs.lockedUntil,
          wait: sql<number>`extract(epoch from ${jobs.runAt} - now())::float`,
        })
        .from(jobs)
        .where(eq(jobs.id, id));
      expect(row).toMatchObject({ state: 'queued', attempts: attempt, lastError: `boom on attempt ${attempt}` });
      expect(row!.lockedUntil).toBeNull();
      waits.push(Number(row!.wait));
      // Not due yet: nothing runs.
      expect(await runDueJobs(ctx, [handler], log)).toEqual({ done: 0, retrying: 0, dead: 0 });
      await db
        .update(jobs)
        .set({ runAt: sql`now()` })
        .where(eq(jobs.id, id));
    }
    // The handler's schedule (10 s, then 20 s), at most 20 % earlier.
    expect(waits[0]).toBeGreaterThan(10 * 0.8 - 1);
    expect(waits[0]).toBeLessThanOrEqual(10);
    expect(waits[1]).toBeGreaterThan(20 * 0.8 - 1);
    expect(waits[1]).toBeLessThanOrEqual(20);

    expect(await runDueJobs(ctx, [handler], log)).toEqual({ done: 0, retrying: 0, dead: 1 });
    const dead = await jobRow(db, id);
    expect(dead).toMatchObject({ state: 'dead', attempts: 3, lastError: 'boom on attempt 3', lockedUntil: null });
    expect(dead.finishedAt).toBeInstanceOf(Date);
    expect(runs.map((r) => r.job.attempts)).toEqual([1, 2, 3]);
    expect(runs[0]!.payload).toEqual({ secret: 'code 123456' });
    // A dead job stays dead.
    expect(await runDueJobs(ctx, [handler], log)).toEqual({ done: 0, retrying: 0, dead: 0 });

    // Logged with id, kind, attempts and error; never the payload.
    const retries = lines.filter((l) => l.msg === 'job failed, will retry');
    expect(retries.map((l) => [l.jobId, l.kind, l.attempts, l.error])).toEqual([
      [id, 'test.failing', 1, 'boom on attempt 1'],
      [id, 'test.failing', 2, 'boom on attempt 2'],
    ]);
    expect(lines.find((l) => l.msg === 'job dead after its last attempt')).toMatchObject({
      jobId: id,
      kind: 'test.failing',
      attempts: 3,
      error: 'boom on attempt 3',
    });
    expect(JSON.stringify(lines)).not.toContain('123456');
  });

  it('backs off exponentially by default, with jitter that only shortens the wait', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(exponentialBackoff)).toEqual([5, 15, 45, 135, 405, 1215, 3600, 3600]);
    expect(withJitter(100, 0)).toBe(100);
    expect(withJitter(100, 1)).toBe(80);
  });

  it('claims a running job again once its lease expired, and never before', async () => {
    const db = t.database.db;
    const { handler, runs } = recordingHandler('test.lease');
    const id = (await enqueueJob(db, 'test.lease', { n: 1 }))!;
    // As a worker that claimed it and then died would leave it.
    await db
      .update(jobs)
      .set({ state: 'running', attempts: 1, lockedUntil: sql`now() + interval '1 minute'` })
      .where(eq(jobs.id, id));
    expect(await runDueJobs(ctx, [handler])).toEqual({ done: 0, retrying: 0, dead: 0 });
    expect(runs).toHaveLength(0);

    await db
      .update(jobs)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(jobs.id, id));
    expect(await runDueJobs(ctx, [handler])).toEqual({ done: 1, retrying: 0, dead: 0 });
    expect(runs.map((r) => r.job.attempts)).toEqual([2]);
    expect(await jobRow(db, id)).toMatchObject({ state: 'done', attempts: 2, lockedUntil: null });
  });

  it('marks a job dead when its lease expired during the last attempt, without running it again', async () => {
    const db = t.database.db;
    const { log, lines } = capturingLog();
    const { handler, runs } = recordingHandler('test.lease-last');
    const id = (await enqueueJob(db, 'test.lease-last', {}, { maxAttempts: 2 }))!;
    await db
      .update(jobs)
      .set({ state: 'running', attempts: 2, lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(jobs.id, id));
    expect(await runDueJobs(ctx, [handler], log)).toEqual({ done: 0, retrying: 0, dead: 1 });
    expect(runs).toHaveLength(0);
    expect(await jobRow(db, id)).toMatchObject({
      state: 'dead',
      attempts: 2,
      lastError: LEASE_EXPIRED_ON_LAST_ATTEMPT,
    });
    expect(lines.find((l) => l.msg === 'job dead after its last attempt')).toMatchObject({ jobId: id, attempts: 2 });
  });

  it('drops the outcome of an attempt whose job another worker took over meanwhile', async () => {
    const db = t.database.db;
    const { log, lines } = capturingLog();
    const handler: JobHandler = {
      kind: 'test.taken-over',
      async run(_payload, { job }) {
        // While this runs, its lease expires and another worker claims the job (attempt 2).
        await db
          .update(jobs)
          .set({ attempts: sql`${jobs.attempts} + 1`, lockedUntil: sql`now() + interval '1 minute'` })
          .where(eq(jobs.id, job.id));
      },
    };
    const id = (await enqueueJob(db, 'test.taken-over', {}))!;
    expect(await runDueJobs(ctx, [handler], log)).toEqual({ done: 0, retrying: 0, dead: 0 });
    // Still the other worker's: running, attempt 2, its lease untouched.
    const row = await jobRow(db, id);
    expect(row).toMatchObject({ state: 'running', attempts: 2 });
    expect(row.lockedUntil!.getTime()).toBeGreaterThan(Date.now());
    expect(lines.some((l) => l.jobId === id && String(l.msg).includes('another worker took it over'))).toBe(true);
  });

  it('stops gracefully: finishes the running job, gives back the ones it had not started', async () => {
    const db = t.database.db;
    let started = 0;
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    const handler: JobHandler = {
      kind: 'test.shutdown',
      async run() {
        started++;
        await released;
      },
    };
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((await enqueueJob(db, 'test.shutdown', { i }))!);
    const worker = startJobWorker(ctx, [handler], capturingLog().log, { batchSize: 3, pollMs: 20 });
    await waitFor('the first job to start', () => started === 1);

    // stop() marks the worker stopping at once, so the jobs it claimed but had not started go
    // back whatever the moment the running one finishes.
    const stopped = worker.stop(30_000);
    release();
    await stopped;
    expect(started).toBe(1);
    const rows = await db.select().from(jobs).where(inArray(jobs.id, ids)).orderBy(jobs.id);
    expect(rows.map((r) => [r.state, r.attempts, r.lockedUntil])).toEqual([
      ['done', 1, null],
      ['queued', 0, null],
      ['queued', 0, null],
    ]);
  });

  it('stops within its grace period even if a job hangs, leaving that job to its lease', async () => {
    const db = t.database.db;
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    let started = false;
    const handler: JobHandler = {
      kind: 'test.hang',
      async run() {
        started = true;
        await released;
      },
    };
    const id = (await enqueueJob(db, 'test.hang', {}))!;
    const { log, lines } = capturingLog();
    const worker = startJobWorker(ctx, [handler], log, { pollMs: 20 });
    await waitFor('the job to start', () => started);
    const before = Date.now();
    await worker.stop(200);
    expect(Date.now() - before).toBeLessThan(10_000);
    const row = await jobRow(db, id);
    expect(row).toMatchObject({ state: 'running', attempts: 1 });
    expect(row.lockedUntil!.getTime()).toBeGreaterThan(Date.now());
    expect(lines.some((l) => String(l.msg).includes('stopped with a job still running'))).toBe(true);
    release();
  });

  it('runs a periodic job once per period however many workers run', async () => {
    const db = t.database.db;
    let runs = 0;
    const tick: JobHandler = {
      kind: 'test.tick',
      everySeconds: 3600,
      async run() {
        runs++;
      },
    };
    const workers = [1, 2, 3].map(() => startJobWorker(ctx, [tick], capturingLog().log, { pollMs: 20 }));
    await waitFor('the periodic job', async () => {
      const [row] = await db.select().from(jobs).where(eq(jobs.kind, 'test.tick'));
      return row?.state === 'done';
    });
    // Every worker's loop enqueues the periodic jobs before its first claim, even when stopped
    // at once, and stop() waits for a running job: a second row or a second run shows below.
    await Promise.all(workers.map((w) => w.stop(10_000)));
    const rows = await db.select().from(jobs).where(eq(jobs.kind, 'test.tick'));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.dedupeKey).toMatch(/^every:\d{4}-\d\d-\d\dT\d\d:00:00\.000Z$/);
    expect(runs).toBe(1);
  });

  it('prunes finished jobs after their keeping time', async () => {
    const db = t.database.db;
    const old = (days: number) => sql`now() - make_interval(days => ${days})`;
    const rows = await db
      .insert(jobs)
      .values([
        { kind: 'test.prune', payload: {}, maxAttempts: 1, state: 'done', finishedAt: old(8) },
        { kind: 'test.prune', payload: {}, maxAttempts: 1, state: 'done', finishedAt: old(1) },
        { kind: 'test.prune', payload: {}, maxAttempts: 1, state: 'dead', finishedAt: old(8) },
        { kind: 'test.prune', payload: {}, maxAttempts: 1, state: 'dead', finishedAt: old(31) },
        { kind: 'test.prune', payload: {}, maxAttempts: 1, state: 'queued' },
      ])
      .returning({ id: jobs.id });
    await enqueueJob(db, pruneFinishedJobs.kind, {});
    expect(await runDueJobs(ctx, [pruneFinishedJobs])).toEqual({ done: 1, retrying: 0, dead: 0 });
    const left = await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.kind, 'test.prune')).orderBy(jobs.id);
    expect(left.map((r) => r.id)).toEqual([rows[1]!.id, rows[2]!.id, rows[4]!.id]);
  });
});

/**
 * Workers on separate connections, as separate API processes have. On PostgreSQL each worker
 * gets its own pool on one database; PGlite has a single connection, so there the workers
 * share it (their statements interleave, which still exercises the claim).
 */
describe('several workers on one database', () => {
  let t: TestApp;
  const extra: Database[] = [];
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await Promise.all(extra.map((d) => d.close()));
    await t.close();
  });

  it('never runs a job twice when 4 workers claim 200 jobs at once', async () => {
    const db = t.database.db;
    const handles: Db[] = [db];
    if (testDbKind === 'postgres') {
      const url = await databaseUrl(db);
      for (let i = 1; i < 4; i++) {
        const other = await openPostgres(url);
        extra.push(other);
        handles.push(other.db);
      }
    } else handles.push(db, db, db);

    const ids: number[] = [];
    for (let i = 0; i < 200; i += 50) {
      const rows = await db
        .insert(jobs)
        .values(Array.from({ length: 50 }, (_, k) => ({ kind: 'test.many', payload: { n: i + k }, maxAttempts: 3 })))
        .returning({ id: jobs.id });
      ids.push(...rows.map((r) => r.id));
    }
    const runsByJob = new Map<number, number>();
    const runsByWorker = [0, 0, 0, 0];
    let running = 0;
    let overlapped = false;
    const workers = handles.map((handle, w) =>
      startJobWorker(
        { config: t.config, db: handle },
        [
          {
            kind: 'test.many',
            async run(_payload, { job }) {
              if (runsByJob.has(job.id)) overlapped = true;
              runsByJob.set(job.id, (runsByJob.get(job.id) ?? 0) + 1);
              runsByWorker[w]!++;
              running++;
              await sleep(Math.random() * 3);
              running--;
            },
          },
        ],
        capturingLog().log,
        { batchSize: 5, pollMs: 10 },
      ),
    );
    try {
      await waitFor('200 jobs done', async () => {
        const [row] = await queryRows<{ n: number }>(
          db,
          sql`SELECT count(*)::int AS n FROM jobs WHERE kind = 'test.many' AND state = 'done'`,
        );
        return row!.n === 200;
      });
    } finally {
      await Promise.all(workers.map((w) => w.stop(10_000)));
    }
    expect(running).toBe(0);
    expect(overlapped).toBe(false);
    expect(runsByJob.size).toBe(200);
    expect([...runsByJob.values()].every((n) => n === 1)).toBe(true);
    expect(runsByWorker.reduce((a, b) => a + b)).toBe(200);
    expect(runsByWorker.filter((n) => n > 0).length).toBeGreaterThan(1);
    const rows = await db
      .select({ attempts: jobs.attempts })
      .from(jobs)
      .where(and(eq(jobs.kind, 'test.many'), inArray(jobs.id, ids)));
    expect(rows.every((r) => r.attempts === 1)).toBe(true);
  });
});
