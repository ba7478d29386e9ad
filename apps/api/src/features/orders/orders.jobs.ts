import type { JobHandler } from '../../jobs/queue.js';
import { CANCEL_EVENT_JOB, cancelEventBookings } from './orders.service.js';

/**
 * A cancelled event's bookings: every paid one refunded (checkout's refund job each), every hold
 * released.
 */
export const cancelEventJob: JobHandler<{ eventId: number; reason: string | null }> = {
  kind: CANCEL_EVENT_JOB,
  async run({ eventId, reason }, { ctx, log }) {
    const handled = await cancelEventBookings(ctx, eventId, reason);
    log.info({ eventId, bookings: handled }, 'cancelled event bookings handled');
  },
};

export const ordersJobs: JobHandler[] = [cancelEventJob as JobHandler];
