import { desc, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { mailboxMessages } from '../../db/schema/index.js';

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
