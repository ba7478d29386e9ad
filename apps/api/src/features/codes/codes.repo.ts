import { and, asc, eq, sql } from 'drizzle-orm';
import { BOOKING_STATUS } from '@tikiti/contract';
import { queryRows, type Db, type Tx } from '../../db/client.js';
import { discountCodes, events, ticketTypes } from '../../db/schema/index.js';

export type CodeRow = typeof discountCodes.$inferSelect;
export type NewCodeRow = typeof discountCodes.$inferInsert;

/** The organisation's event (for its currency), or undefined: another organisation's is not found. */
export async function findOwnCodeEvent(db: Db | Tx, organisationId: number, eventId: number) {
  const [row] = await db
    .select({ id: events.id, title: events.title, currency: events.currency })
    .from(events)
    .where(and(eq(events.id, eventId), eq(events.organisationId, organisationId)))
    .limit(1);
  return row;
}

export function listEventCodes(db: Db | Tx, eventId: number) {
  return db.select().from(discountCodes).where(eq(discountCodes.eventId, eventId)).orderBy(asc(discountCodes.id));
}

export async function findEventCode(db: Db | Tx, eventId: number, codeId: number) {
  const [row] = await db
    .select()
    .from(discountCodes)
    .where(and(eq(discountCodes.eventId, eventId), eq(discountCodes.id, codeId)))
    .limit(1);
  return row;
}

/** The code a buyer typed, by its text in capitals, of this event only. */
export async function findCodeByText(db: Db | Tx, eventId: number, code: string) {
  const [row] = await db
    .select()
    .from(discountCodes)
    .where(and(eq(discountCodes.eventId, eventId), eq(discountCodes.code, code)))
    .limit(1);
  return row;
}

export async function countEventCodes(db: Db | Tx, eventId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::integer AS n FROM discount_codes WHERE event_id = ${eventId}`,
  );
  return row?.n ?? 0;
}

/** Inserts a code; undefined when the event has that text already (the unique index). */
export async function insertCode(db: Db | Tx, row: NewCodeRow) {
  const [created] = await db
    .insert(discountCodes)
    .values(row)
    .onConflictDoNothing({ target: [discountCodes.eventId, discountCodes.code] })
    .returning();
  return created;
}

/** Locks the code's row: an update waits for bookings taking its uses, and they for it. */
export async function lockEventCode(tx: Tx, eventId: number, codeId: number) {
  const [row] = await tx
    .select()
    .from(discountCodes)
    .where(and(eq(discountCodes.eventId, eventId), eq(discountCodes.id, codeId)))
    .for('update');
  return row;
}

export async function updateCode(tx: Tx, codeId: number, values: Partial<NewCodeRow>) {
  const [row] = await tx
    .update(discountCodes)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(discountCodes.id, codeId))
    .returning();
  return row;
}

export async function deleteCode(tx: Tx, codeId: number) {
  await tx.delete(discountCodes).where(eq(discountCodes.id, codeId));
}

/** Per code of the event: its paid bookings, what they brought and what came off them (minor units). */
export async function codeSales(db: Db | Tx, eventId: number) {
  return queryRows<{ code_id: number; bookings: number; revenue_minor: number; discount_minor: number }>(
    db,
    sql`SELECT b.code_id, count(*)::integer AS bookings, coalesce(sum(b.total_minor), 0)::integer AS revenue_minor,
               coalesce(sum((SELECT sum(l.discount_minor * l.quantity) FROM booking_lines l
                              WHERE l.booking_id = b.id AND l.price_source = 'code')), 0)::integer AS discount_minor
          FROM bookings b
         WHERE b.event_id = ${eventId} AND b.code_id IS NOT NULL AND b.status = ${BOOKING_STATUS.paid}
         GROUP BY b.code_id`,
  );
}

/** The ids of the event's ticket types (open or deleted). */
export async function eventTypeIds(db: Db | Tx, eventId: number): Promise<number[]> {
  const rows = await db.select({ id: ticketTypes.id }).from(ticketTypes).where(eq(ticketTypes.eventId, eventId));
  return rows.map((r) => r.id);
}
