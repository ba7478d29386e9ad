import type { JobHandler } from '../../jobs/queue.js';
import { findPaymentByIntent, INTENT_CHANGED_JOB, type IntentChangedJob } from '../payments/index.js';
import { invalidatePublicCatalogue } from '../catalogue/index.js';
import { expireHolds } from './checkout.repo.js';
import { providerNamed } from './providers.js';
import { settleBooking } from './checkout.service.js';
import { refundJob } from './refunds.js';
import { invoiceReleaseJob, invoiceReminderJob } from './invoice-bookings.js';

/** Holds swept per run; a backlog takes a few runs. */
const EXPIRE_BATCH = 500;

/**
 * Every 10 s, on whichever instance claims it: pending bookings whose hold has run out become
 * failed/expired and their tickets go back on sale (docs/product.md#inventory).
 */
export const expireHoldsJob: JobHandler = {
  kind: 'checkout.expire-holds',
  everySeconds: 10,
  async run(_payload, { ctx, log }) {
    let total = 0;
    for (let n = EXPIRE_BATCH; n === EXPIRE_BATCH; total += n) n = await expireHolds(ctx.db, EXPIRE_BATCH);
    if (total > 0) {
      invalidatePublicCatalogue(ctx.db);
      log.info({ expired: total }, 'expired holds released');
    }
  },
};

/** A provider said something happened to a payment: settle its booking by what the provider now says. */
export const settleOnIntentChangedJob: JobHandler<IntentChangedJob> = {
  kind: INTENT_CHANGED_JOB,
  async run({ provider, intentId }, { ctx }) {
    const payment = await findPaymentByIntent(ctx.db, provider, intentId);
    if (!payment) return; // not one of ours (or not recorded yet: the buyer's retrieve settles it)
    const intent = await providerNamed(ctx, provider).retrieveIntent(intentId);
    await settleBooking(ctx, payment.bookingId, payment, intent);
    // Daraja calls back once the prompt is answered; a query that has not caught up yet is asked again later.
    if (provider === 'mpesa' && intent.status === 'processing') {
      throw new Error('M-Pesa still reports the payment as processing; trying again');
    }
  },
};

export const checkoutJobs: JobHandler[] = [
  expireHoldsJob,
  settleOnIntentChangedJob,
  refundJob as JobHandler,
  invoiceReminderJob as JobHandler,
  invoiceReleaseJob as JobHandler,
];
