import { desc, eq, sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../../db/client.js';
import { mailboxMessages, mailOutbox } from '../../db/schema/index.js';

export type StoredAttachment = { filename: string; contentType: string; source: string };

export interface OutboxInsert {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: StoredAttachment[];
}

export async function insertOutbox(db: Db | Tx, mail: OutboxInsert) {
  const [row] = await db
    .insert(mailOutbox)
    .values({ ...mail, attachments: mail.attachments?.length ? mail.attachments : null })
    .returning({ id: mailOutbox.id });
  return row!.id;
}

export interface ClaimedMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments: StoredAttachment[] | null;
  attempts: number;
}

/**
 * Claims up to `limit` due messages for this worker: queued ones whose time has come, and
 * ones left "sending" by a worker that died (lock expired). SKIP LOCKED lets several API
 * instances claim side by side without ever taking the same row.
 */
export async function claimDueMail(db: Db, limit: number, lockSeconds: number): Promise<ClaimedMail[]> {
  return queryRows<ClaimedMail>(
    db,
    sql`
    UPDATE mail_outbox
       SET status = 'sending', locked_until = now() + make_interval(secs => ${lockSeconds}), attempts = attempts + 1
     WHERE id IN (
       SELECT id FROM mail_outbox
        WHERE (status = 'queued' AND next_attempt_at <= now())
           OR (status = 'sending' AND locked_until < now())
        ORDER BY next_attempt_at, id
        LIMIT ${limit}
        FOR UPDATE SKIP LOCKED)
    RETURNING id, "to", subject, text, html, attachments, attempts`,
  );
}

export async function markSent(db: Db, id: number) {
  await db
    .update(mailOutbox)
    .set({ status: 'sent', sentAt: sql`now()`, lockedUntil: null, lastError: null })
    .where(eq(mailOutbox.id, id));
}

/** A failed try: back to the queue after `retryInSeconds`, or failed for good when that is null. */
export async function markFailedAttempt(db: Db, id: number, error: string, retryInSeconds: number | null) {
  await db
    .update(mailOutbox)
    .set(
      retryInSeconds === null
        ? { status: 'failed', lockedUntil: null, lastError: error }
        : {
            status: 'queued',
            lockedUntil: null,
            lastError: error,
            nextAttemptAt: sql`now() + make_interval(secs => ${retryInSeconds})`,
          },
    )
    .where(eq(mailOutbox.id, id));
}

export async function insertMailboxMessage(
  db: Db,
  m: {
    to: string;
    subject: string;
    text: string;
    html: string;
    attachments: { filename: string; contentType: string; size: number }[] | null;
  },
) {
  await db.insert(mailboxMessages).values(m);
}

/** The local mailbox, newest first, optionally only the messages to one address. */
export async function listMailboxMessages(db: Db, opts: { to?: string; limit: number }) {
  return db
    .select()
    .from(mailboxMessages)
    .where(opts.to ? sql`lower(${mailboxMessages.to}) = ${opts.to.toLowerCase()}` : undefined)
    .orderBy(desc(mailboxMessages.createdAt), desc(mailboxMessages.id))
    .limit(opts.limit);
}
