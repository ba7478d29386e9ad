import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { mailboxMessages } from '../../db/schema/index.js';

export async function insertMailboxMessage(
  db: Db,
  m: {
    to: string;
    cc: string | null;
    from: string;
    subject: string;
    text: string;
    html: string;
    raw: Buffer;
    attachments: { filename: string; contentType: string; size: number }[] | null;
  },
) {
  await db.insert(mailboxMessages).values(m);
}

/** One mailbox message's raw MIME, or undefined. */
export async function findMailboxRaw(db: Db, id: number) {
  const [row] = await db
    .select({ raw: mailboxMessages.raw })
    .from(mailboxMessages)
    .where(eq(mailboxMessages.id, id))
    .limit(1);
  return row?.raw ?? undefined;
}

/** The local mailbox, newest first, optionally only the messages to (or copied to) one address. */
export async function listMailboxMessages(db: Db, opts: { to?: string; limit: number }) {
  return db
    .select({
      id: mailboxMessages.id,
      to: mailboxMessages.to,
      cc: mailboxMessages.cc,
      from: mailboxMessages.from,
      subject: mailboxMessages.subject,
      text: mailboxMessages.text,
      html: mailboxMessages.html,
      attachments: mailboxMessages.attachments,
      hasRaw: sql<boolean>`${mailboxMessages.raw} IS NOT NULL`,
      createdAt: mailboxMessages.createdAt,
    })
    .from(mailboxMessages)
    .where(
      opts.to
        ? sql`(lower(${mailboxMessages.to}) = ${opts.to.toLowerCase()} OR lower(${mailboxMessages.cc}) = ${opts.to.toLowerCase()})`
        : undefined,
    )
    .orderBy(desc(mailboxMessages.createdAt), desc(mailboxMessages.id))
    .limit(opts.limit);
}
