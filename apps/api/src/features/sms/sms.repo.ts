import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { simulatedSms } from '../../db/schema/index.js';

export async function insertSimulatedSms(db: Db, sms: { to: string; from: string; text: string }) {
  await db.insert(simulatedSms).values(sms);
}

export async function listSimulatedSms(db: Db, opts: { to?: string; limit: number }) {
  return db
    .select()
    .from(simulatedSms)
    .where(opts.to ? eq(simulatedSms.to, opts.to) : undefined)
    .orderBy(desc(simulatedSms.id))
    .limit(opts.limit);
}
