import type { Db } from '../../db/client.js';
import { contactMessages } from '../../db/schema/index.js';

export async function insertContactMessage(db: Db, m: { name: string; email: string; message: string }) {
  const [row] = await db.insert(contactMessages).values(m).returning({ id: contactMessages.id });
  return row!;
}
