import { deleteFinishedJobs } from './jobs.repo.js';
import type { JobHandler } from './queue.js';

/**
 * Finished jobs are kept for a while to look into (and to hold dedupe keys), then deleted:
 * their payloads can hold addresses and one-time codes, which should not pile up forever.
 */
export const KEEP_DONE_JOBS_DAYS = 7;
export const KEEP_DEAD_JOBS_DAYS = 30;

/** Hourly: deletes done jobs after a week and dead ones after a month. */
export const pruneFinishedJobs: JobHandler = {
  kind: 'jobs.prune',
  everySeconds: 3600,
  async run(_payload, { ctx, log }) {
    const removed = await deleteFinishedJobs(ctx.db, { doneDays: KEEP_DONE_JOBS_DAYS, deadDays: KEEP_DEAD_JOBS_DAYS });
    if (removed) log.info({ removed }, 'old finished jobs deleted');
  },
};
