import { attendeeDataRemovalDate } from '@tikiti/contract';
import type { JobHandler } from '../../jobs/queue.js';
import type { AppContext } from '../../app-context.js';
import { ERASED_MAIL_DOMAIN } from '../mail/index.js';
import { eventsDueForRemoval, removeEventPersonalData } from './privacy.repo.js';

/**
 * Retention (docs/security.md#retention): ATTENDEE_DATA_RETENTION_MONTHS after an event ends,
 * the names, emails, phones and answers of its buyers and delegates are removed; amounts,
 * references and payments stay for the books. A periodic job on the durable queue, so it runs
 * once an hour across every instance and a crash only delays it.
 */
export const RETENTION_JOB = 'privacy.retention';

/** Events handled per run; each is its own transaction. */
const BATCH = 50;

/** The end before which an event's attendee data is due to go, at `now`. */
export const retentionCutoff = (now: Date, months: number) => attendeeDataRemovalDate(now, -months);

/** One run: every event due at `now` (the job's clock, or a test's). Answers how many were cleared. */
export async function removeExpiredAttendeeData(ctx: AppContext, now = new Date()): Promise<number> {
  const cutoff = retentionCutoff(now, ctx.config.attendeeDataRetentionMonths);
  let removed = 0;
  for (;;) {
    const due = await eventsDueForRemoval(ctx.db, cutoff, BATCH);
    if (due.length === 0) return removed;
    for (const eventId of due) {
      if (await ctx.db.transaction((tx) => removeEventPersonalData(tx, eventId, now, ERASED_MAIL_DOMAIN))) removed++;
    }
    if (due.length < BATCH) return removed;
  }
}

export const retentionJob: JobHandler = {
  kind: RETENTION_JOB,
  everySeconds: 3600,
  async run(_payload, { ctx, log }) {
    const removed = await removeExpiredAttendeeData(ctx);
    if (removed > 0) log.info({ events: removed }, 'attendee personal data removed after the retention period');
  },
};
