import type { AppContext } from '../../app-context.js';
import type { Db, Tx } from '../../db/client.js';
import { enqueueJob, type JobHandler, type JobLog } from '../../jobs/queue.js';
import { runDueJobs } from '../../jobs/worker.js';
import { inlineAttachmentSource, resolveAttachment } from './attachment-sources.js';
import { findMailboxRaw, listMailboxMessages } from './mail.repo.js';
import { transportFor } from './transport.js';

export type MailAttachment =
  | { filename: string; contentType: string; content: Buffer }
  | { filename: string; contentType: string; source: string };

export interface MailToSend {
  to: string;
  /** Copied (a delegate's ticket copies the buyer). */
  cc?: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
}

/** A queued message, the payload of its `mail.send` job: attachments by source, rebuilt when sent. */
export interface MailJobPayload {
  to: string;
  cc?: string;
  subject: string;
  text: string;
  html: string;
  attachments?: { filename: string; contentType: string; source: string }[];
}

export const MAIL_SEND_JOB = 'mail.send';

/** Seconds to wait after the n-th failed attempt (1-based); the last delay repeats. */
export const RETRY_DELAYS_SECONDS = [5, 30, 120, 600, 3600, 3600, 3600] as const;
export const MAX_SEND_ATTEMPTS = RETRY_DELAYS_SECONDS.length + 1;

const delayAfter = (attempts: number) =>
  RETRY_DELAYS_SECONDS[Math.min(Math.max(1, attempts), RETRY_DELAYS_SECONDS.length) - 1]!;

/** The wait after the n-th failed attempt, or null after the last: the message then fails for good (dead job). */
export function retryDelaySeconds(attempts: number): number | null {
  return attempts >= MAX_SEND_ATTEMPTS ? null : delayAfter(attempts);
}

/**
 * Queues a message durably (docs/architecture.md#background-work) as a `mail.send` job. Pass the request's
 * transaction so the message exists exactly when the change that caused it does; sending
 * happens later, in the job worker, so a mail server that is down never fails the request.
 * Answers the job id. With `dedupeKey`, a message already queued under that key (while its job
 * is kept) is not queued again: the answer is then null.
 */
export async function enqueueMail(db: Db | Tx, mail: MailToSend): Promise<number>;
export async function enqueueMail(db: Db | Tx, mail: MailToSend, opts: { dedupeKey: string }): Promise<number | null>;
export async function enqueueMail(db: Db | Tx, mail: MailToSend, opts?: { dedupeKey: string }): Promise<number | null> {
  const attachments = mail.attachments?.map((a) => ({
    filename: a.filename,
    contentType: a.contentType,
    source: 'source' in a ? a.source : inlineAttachmentSource(a.content),
  }));
  const payload: MailJobPayload = {
    to: mail.to,
    ...(mail.cc ? { cc: mail.cc } : {}),
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    ...(attachments?.length ? { attachments } : {}),
  };
  // Without a dedupe key every enqueue inserts a job.
  const id = await enqueueJob(db, MAIL_SEND_JOB, payload, {
    maxAttempts: MAX_SEND_ATTEMPTS,
    dedupeKey: opts?.dedupeKey,
  });
  return opts ? id : id!;
}

/**
 * The domain of the addresses a deleted person's bookings are left with
 * (docs/security.md#deleting-an-account): `.invalid` is reserved (RFC 2606) and never delivered,
 * and the mail job sends nothing to it (nor copies it).
 */
export const ERASED_MAIL_DOMAIN = 'erased.invalid';
export const isErasedAddress = (address: string) => address.toLowerCase().endsWith(`@${ERASED_MAIL_DOMAIN}`);

/**
 * Sends one queued message by SMTP or into the local mailbox. At least once: a worker killed
 * between the send and marking the job done leaves it to be sent again after its lease.
 */
export const sendMailJob: JobHandler<MailJobPayload> = {
  kind: MAIL_SEND_JOB,
  retryDelaySeconds: delayAfter,
  async run(mail, { ctx }) {
    // A deleted person's address (a payment that settles after the deletion, say): nobody to tell.
    if (isErasedAddress(mail.to)) return;
    const attachments = await Promise.all(
      (mail.attachments ?? []).map(async (a) => ({
        filename: a.filename,
        contentType: a.contentType,
        content: await resolveAttachment(ctx, a.source),
      })),
    );
    await transportFor(ctx).send({
      to: mail.to,
      cc: mail.cc && !isErasedAddress(mail.cc) ? mail.cc : undefined,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      attachments,
    });
  },
};

/**
 * Sends one message now, without a job of its own: for a feature whose own job keeps the
 * delivery's state (messages to attendees record each recipient's sent or failed). Throws when
 * the transport refused it.
 */
export async function sendMailNow(ctx: AppContext, mail: Omit<MailToSend, 'attachments' | 'cc'>): Promise<void> {
  if (isErasedAddress(mail.to)) return;
  await transportFor(ctx).send({
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    attachments: [],
  });
}

export interface DrainResult {
  sent: number;
  retrying: number;
  failed: number;
}

/** Sends every message that is due now and returns (tests; the API's job worker sends as mail is queued). */
export async function drainMailOutbox(ctx: AppContext, log?: JobLog): Promise<DrainResult> {
  const result = await runDueJobs(ctx, [sendMailJob], log);
  return { sent: result.done, retrying: result.retrying, failed: result.dead };
}

/** The local mailbox (development), newest first. */
export async function listMailbox(db: Db, opts: { to?: string }) {
  const rows = await listMailboxMessages(db, { to: opts.to, limit: 200 });
  return rows.map((m) => ({
    id: m.id,
    to: m.to,
    cc: m.cc,
    from: m.from,
    subject: m.subject,
    text: m.text,
    html: m.html,
    attachments: m.attachments ?? [],
    /** The message as sent, to open in a mail client or a MIME parser (null for messages kept before raw MIME was). */
    raw_url: m.hasRaw ? mailboxRawUrl(m.id) : null,
    created_at: m.createdAt.toISOString(),
  }));
}

export const mailboxRawUrl = (id: number) => `/dev/mailbox/${id}.eml`;

/** One message's raw MIME for /dev/mailbox/{id}.eml; undefined when there is none. */
export function mailboxRaw(db: Db, id: number) {
  return findMailboxRaw(db, id);
}
