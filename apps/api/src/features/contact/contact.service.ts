import type { SendMessageBody } from '@tikiti/contract';
import type { Db } from '../../db/client.js';
import { hitRateLimit } from '../../lib/rate-limit.js';
import { insertContactMessage } from './contact.repo.js';
import { contactCopyMail, enqueueMail } from '../mail/index.js';

/** Messages one address may send per window: enough for a person, useless for a spammer. */
export const CONTACT_RATE_LIMIT = { limit: 5, windowSeconds: 10 * 60 } as const;

/** POST v1/contact: keeps the Contact page's message and mails a copy to the operator (docs/product.md#calls). */
export async function sendContactMessage(
  db: Db,
  body: SendMessageBody,
  senderIp: string,
  operatorEmail: string,
): Promise<{ id: number }> {
  await hitRateLimit(db, `contact:ip:${senderIp}`, CONTACT_RATE_LIMIT.limit, CONTACT_RATE_LIMIT.windowSeconds);
  return db.transaction(async (tx) => {
    const row = await insertContactMessage(tx, body);
    await enqueueMail(tx, { to: operatorEmail, ...contactCopyMail(body) });
    return row;
  });
}
