import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from './app-context.js';
import { certificateJobs } from './features/certificates/index.js';
import { checkoutJobs } from './features/checkout/checkout.jobs.js';
import { sendMailJob } from './features/mail/index.js';
import { invoicesJobs } from './features/invoices/index.js';
import { mediaJobs } from './features/media/index.js';
import { ordersJobs } from './features/orders/index.js';
import { retentionJob } from './features/privacy/index.js';
import { wireFeatures } from './features/wiring.js';
import { messagesJobs } from './features/messages/index.js';
import { sendSmsJob } from './features/sms/index.js';
import { webhooksJobs } from './features/webhooks/index.js';
import { pruneFinishedJobs } from './jobs/prune.js';
import type { JobHandler } from './jobs/queue.js';
import { startJobWorker } from './jobs/worker.js';

/**
 * Every kind of background job and who handles it: the composition root of background work.
 * Features enqueue through jobs/ and export their handlers; jobs/ knows no feature; only
 * server.ts imports this file. So a feature adds its handler (or periodic job) here, and no
 * import cycle can form.
 */
export const jobHandlers: JobHandler[] = [
  sendMailJob,
  pruneFinishedJobs,
  ...(checkoutJobs as JobHandler[]),
  ...ordersJobs,
  ...mediaJobs,
  ...certificateJobs,
  ...invoicesJobs,
  retentionJob,
  // Issue 29 (reach).
  ...messagesJobs,
  sendSmsJob as JobHandler,
  ...webhooksJobs,
];

/** How long shutdown waits for a running job: well inside server.ts's 10 s forced exit. */
const SHUTDOWN_GRACE_MS = 5000;

/**
 * Runs the job worker. Jobs are claimed in PostgreSQL, so several API instances run
 * workers side by side (docs/architecture.md#background-work).
 */
export function startBackgroundWork(ctx: AppContext, log: FastifyBaseLogger) {
  wireFeatures();
  const worker = startJobWorker(ctx, jobHandlers, log);
  return {
    stop: () => worker.stop(SHUTDOWN_GRACE_MS),
  };
}
