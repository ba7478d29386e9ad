import type { JobHandler } from '../../jobs/queue.js';
import { invalidatePublicCatalogue } from '../catalogue/index.js';
import { WAITLIST_FILL_JOB } from '../checkout/index.js';
import { expireOffer, OFFER_EXPIRY_JOB, offerReturnedSeats } from './waitlist.service.js';

/** Seats of a type came back (queued where they came back): offer them to the people waiting. */
export const waitlistFillJob: JobHandler<{ ticketTypeId: number }> = {
  kind: WAITLIST_FILL_JOB,
  async run({ ticketTypeId }, { ctx }) {
    const made = await ctx.db.transaction((tx) => offerReturnedSeats(ctx, tx, ticketTypeId));
    if (made > 0) invalidatePublicCatalogue(ctx.db);
  },
};

/** An offer's end: unused, its seats pass to the next person. */
export const waitlistOfferExpiryJob: JobHandler<{ entryId: number }> = {
  kind: OFFER_EXPIRY_JOB,
  async run({ entryId }, { ctx }) {
    await expireOffer(ctx, entryId);
  },
};

export const waitlistJobs: JobHandler[] = [waitlistFillJob as JobHandler, waitlistOfferExpiryJob as JobHandler];
