import type { AppContext } from '../../app-context.js';
import type { Db, Tx } from '../../db/client.js';
import { enqueueJob, type JobHandler } from '../../jobs/queue.js';
import { runDueJobs } from '../../jobs/worker.js';
import { listSimulatedSms } from './sms.repo.js';
import { smsTransportFor } from './sms-transport.js';

export const SMS_SEND_JOB = 'sms.send';
const SMS_MAX_ATTEMPTS = 6;

export interface SmsJobPayload {
  to: string;
  text: string;
}

/**
 * Queues one SMS (in the caller's transaction): the job sends it through Africa's Talking or the
 * simulator. With `dedupeKey`, a second enqueue under the same key adds nothing.
 */
export async function enqueueSms(db: Db | Tx, sms: SmsJobPayload, opts: { dedupeKey?: string } = {}) {
  return enqueueJob(db, SMS_SEND_JOB, sms, { maxAttempts: SMS_MAX_ATTEMPTS, dedupeKey: opts.dedupeKey });
}

/** Sends one SMS now (the messages feature's own delivery job, which keeps its own state). */
export async function sendSms(ctx: AppContext, sms: SmsJobPayload): Promise<void> {
  await smsTransportFor(ctx).send(sms);
}

export const sendSmsJob: JobHandler<SmsJobPayload> = {
  kind: SMS_SEND_JOB,
  async run(sms, { ctx }) {
    await sendSms(ctx, sms);
  },
};

/** Sends every queued SMS that is due (tests). */
export async function drainSmsOutbox(ctx: AppContext) {
  return runDueJobs(ctx, [sendSmsJob]);
}

/** The simulator's SMS, newest first (development). */
export async function listSimulator(db: Db, opts: { to?: string }) {
  const rows = await listSimulatedSms(db, { to: opts.to, limit: 200 });
  return rows.map((r) => ({ id: r.id, to: r.to, from: r.from, text: r.text, created_at: r.createdAt.toISOString() }));
}
