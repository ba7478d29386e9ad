import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../app-context.js';
import type { Db, Tx } from '../../db/client.js';
import { inlineAttachmentSource, resolveAttachment } from './attachment-sources.js';
import {
  claimDueMail,
  insertOutbox,
  listMailboxMessages,
  markFailedAttempt,
  markSent,
  type ClaimedMail,
} from './mail.repo.js';
import { transportFor, type OutgoingAttachment } from './transport.js';

export type MailAttachment =
  | { filename: string; contentType: string; content: Buffer }
  | { filename: string; contentType: string; source: string };

export interface MailToSend {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
}

/**
 * Queues a message durably (DESIGN.md §8). Pass the request's transaction so the message
 * exists exactly when the change that caused it does; sending happens later, in the worker,
 * so a mail server that is down never fails the request.
 */
export async function enqueueMail(db: Db | Tx, mail: MailToSend): Promise<number> {
  return insertOutbox(db, {
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    attachments: mail.attachments?.map((a) => ({
      filename: a.filename,
      contentType: a.contentType,
      source: 'source' in a ? a.source : inlineAttachmentSource(a.content),
    })),
  });
}

/** Seconds to wait after the n-th failed attempt (1-based); past the end the message fails for good. */
export const RETRY_DELAYS_SECONDS = [5, 30, 120, 600, 3600, 3600, 3600] as const;
export const MAX_SEND_ATTEMPTS = RETRY_DELAYS_SECONDS.length + 1;

export function retryDelaySeconds(attempts: number): number | null {
  if (attempts >= MAX_SEND_ATTEMPTS) return null;
  return RETRY_DELAYS_SECONDS[Math.max(0, attempts - 1)] ?? null;
}

const BATCH = 10;
/** One drain sends at most this many, so a huge backlog does not starve the other tasks. */
const MAX_PER_DRAIN = 200;
/** A claimed message is another worker's to retry if this one has not finished within this. */
const LOCK_SECONDS = 60;

export interface DrainResult {
  sent: number;
  retrying: number;
  failed: number;
}

/** Sends every message that is due now; failures go back to the queue with back-off. */
export async function drainMailOutbox(ctx: AppContext, log?: FastifyBaseLogger): Promise<DrainResult> {
  const result: DrainResult = { sent: 0, retrying: 0, failed: 0 };
  const transport = transportFor(ctx);
  for (let handled = 0; handled < MAX_PER_DRAIN;) {
    // RETURNING has no order: send in queue order, so mail to one person arrives as it was queued.
    const batch = (await claimDueMail(ctx.db, BATCH, LOCK_SECONDS)).sort((a, b) => a.id - b.id);
    for (const mail of batch) {
      try {
        await transport.send({ ...mail, attachments: await attachmentsOf(ctx, mail) });
        await markSent(ctx.db, mail.id);
        result.sent++;
      } catch (err) {
        const message = (err instanceof Error ? err.message : String(err)).slice(0, 500);
        const retryIn = retryDelaySeconds(mail.attempts);
        await markFailedAttempt(ctx.db, mail.id, message, retryIn);
        if (retryIn === null) result.failed++;
        else result.retrying++;
        // The id and the error only: the body may hold a one-time code.
        log?.warn(
          { mailId: mail.id, attempts: mail.attempts, retryInSeconds: retryIn, error: message },
          'mail not sent',
        );
      }
    }
    handled += batch.length;
    if (batch.length < BATCH) break;
  }
  return result;
}

async function attachmentsOf(ctx: AppContext, mail: ClaimedMail): Promise<OutgoingAttachment[]> {
  return Promise.all(
    (mail.attachments ?? []).map(async (a) => ({
      filename: a.filename,
      contentType: a.contentType,
      content: await resolveAttachment(ctx, a.source),
    })),
  );
}

/** The local mailbox (development), newest first. */
export async function listMailbox(db: Db, opts: { to?: string }) {
  const rows = await listMailboxMessages(db, { to: opts.to, limit: 200 });
  return rows.map((m) => ({
    id: m.id,
    to: m.to,
    subject: m.subject,
    text: m.text,
    html: m.html,
    attachments: m.attachments ?? [],
    created_at: m.createdAt.toISOString(),
  }));
}
