import { desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { consents, events, organisations } from '../../db/schema/index.js';

type Executor = Db | Tx;
export type ConsentRow = typeof consents.$inferSelect;

export async function insertConsent(db: Executor, row: typeof consents.$inferInsert) {
  await db.insert(consents).values(row);
}

/** Every answer an email gave, oldest first. */
export async function listConsents(db: Executor, email: string): Promise<ConsentRow[]> {
  return db.select().from(consents).where(eq(consents.email, email)).orderBy(consents.id);
}

/** The newest answer of an email, if it gave any. */
export async function latestConsent(db: Executor, email: string): Promise<ConsentRow | undefined> {
  const [row] = await db.select().from(consents).where(eq(consents.email, email)).orderBy(desc(consents.id)).limit(1);
  return row;
}

export async function deleteConsents(db: Executor, email: string) {
  await db.delete(consents).where(eq(consents.email, email));
}

/** The organiser of an event, by the name the public sees. */
export async function eventOrganiser(db: Executor, eventId: number) {
  const [row] = await db
    .select({ id: organisations.id, name: organisations.displayName })
    .from(events)
    .innerJoin(organisations, eq(organisations.id, events.organisationId))
    .where(eq(events.id, eventId))
    .limit(1);
  return row;
}
