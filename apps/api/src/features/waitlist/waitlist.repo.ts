import { and, asc, eq, sql } from 'drizzle-orm';
import { BOOKING_STATUS, EVENT_STATUS, TICKET_STATUS } from '@tikiti/contract';
import { queryRows, type Db, type Tx } from '../../db/client.js';
import { bookings, events, ticketTypes, waitlistEntries } from '../../db/schema/index.js';

export type EntryRow = typeof waitlistEntries.$inferSelect;

/** A ticket type with its event, as joining a list and making offers need them. */
export async function findListType(db: Db | Tx, ticketTypeId: number) {
  const [row] = await db
    .select({
      id: ticketTypes.id,
      name: ticketTypes.name,
      eventId: ticketTypes.eventId,
      priceMinor: ticketTypes.priceMinor,
      maxTickets: ticketTypes.maxTickets,
      sold: ticketTypes.sold,
      held: ticketTypes.held,
      status: ticketTypes.status,
      hidden: ticketTypes.hidden,
      waitlistEnabled: ticketTypes.waitlistEnabled,
      eventTitle: events.title,
      eventStatus: events.status,
      eventStart: events.startTime,
      eventEnd: events.endTime,
      currency: events.currency,
      organisationId: events.organisationId,
    })
    .from(ticketTypes)
    .innerJoin(events, eq(events.id, ticketTypes.eventId))
    .where(eq(ticketTypes.id, ticketTypeId))
    .limit(1);
  return row;
}

/** Joins a list; undefined when the person is on it already (the partial unique index). */
export async function insertEntry(tx: Tx, row: typeof waitlistEntries.$inferInsert) {
  const [created] = await tx.insert(waitlistEntries).values(row).onConflictDoNothing().returning();
  return created;
}

/** 1 for the first person still waiting on the type's list. */
export async function positionOf(db: Db | Tx, ticketTypeId: number, entryId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::integer AS n FROM waitlist_entries
         WHERE ticket_type_id = ${ticketTypeId} AND status = 'waiting' AND id <= ${entryId}`,
  );
  return row?.n ?? 0;
}

export async function lockEntryByLeaveHash(tx: Tx, hash: string) {
  const [row] = await tx.select().from(waitlistEntries).where(eq(waitlistEntries.leaveTokenHash, hash)).for('update');
  return row;
}

export async function findEntryByOfferHash(db: Db | Tx, hash: string) {
  const [row] = await db.select().from(waitlistEntries).where(eq(waitlistEntries.offerTokenHash, hash)).limit(1);
  return row;
}

export async function lockEntry(tx: Tx, id: number) {
  const [row] = await tx.select().from(waitlistEntries).where(eq(waitlistEntries.id, id)).for('update');
  return row;
}

/**
 * The next person waiting on the type's list, locked; entries are locked before ticket types, as
 * book_tickets() does with an offer, so the two never wait on each other in a cycle.
 */
export async function lockNextWaiting(tx: Tx, ticketTypeId: number) {
  const [row] = await tx
    .select()
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.ticketTypeId, ticketTypeId), eq(waitlistEntries.status, 'waiting')))
    .orderBy(asc(waitlistEntries.id))
    .limit(1)
    .for('update');
  return row;
}

/** Holds `q` seats of the type for an offer if they fit; false when they do not. */
export async function holdSeats(tx: Tx, ticketTypeId: number, q: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`UPDATE ticket_types SET held = held + ${q}
         WHERE id = ${ticketTypeId} AND status = ${TICKET_STATUS.open} AND sold + held + ${q} <= max_tickets
        RETURNING id`,
  );
  return rows.length > 0;
}

/** An offer's seats given back. */
export async function releaseSeats(tx: Tx, ticketTypeId: number, q: number) {
  await tx.execute(sql`UPDATE ticket_types SET held = held - ${q} WHERE id = ${ticketTypeId}`);
}

export async function setEntry(tx: Tx, id: number, values: Partial<typeof waitlistEntries.$inferInsert>) {
  await tx
    .update(waitlistEntries)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(waitlistEntries.id, id));
}

/** Whether offers can be made for the event now: published and not started. */
export async function eventTakesOffers(tx: Tx, eventId: number): Promise<{ start: Date; title: string } | undefined> {
  const [row] = await tx
    .select({ start: events.startTime, title: events.title, status: events.status })
    .from(events)
    .where(eq(events.id, eventId))
    .limit(1);
  if (!row || row.status !== EVENT_STATUS.published || row.start.getTime() <= Date.now()) return undefined;
  return row;
}

/** The organisation's event, or undefined (another organisation's is not found). */
export async function findOwnListEvent(db: Db | Tx, organisationId: number, eventId: number) {
  const [row] = await db
    .select({ id: events.id, title: events.title })
    .from(events)
    .where(and(eq(events.id, eventId), eq(events.organisationId, organisationId)))
    .limit(1);
  return row;
}

/** The event's open ticket types, in their order. */
export function listEventTypes(db: Db | Tx, eventId: number) {
  return db
    .select({ id: ticketTypes.id, name: ticketTypes.name, waitlistEnabled: ticketTypes.waitlistEnabled })
    .from(ticketTypes)
    .where(and(eq(ticketTypes.eventId, eventId), eq(ticketTypes.status, TICKET_STATUS.open)))
    .orderBy(asc(ticketTypes.sortOrder), asc(ticketTypes.id));
}

/** Every entry of the event's lists, in the order people joined, with whether their offer's booking was paid. */
export function listEventEntries(db: Db | Tx, eventId: number) {
  return db
    .select({
      entry: waitlistEntries,
      bought: sql<boolean>`coalesce(${bookings.status} = ${BOOKING_STATUS.paid}, false)`,
    })
    .from(waitlistEntries)
    .leftJoin(bookings, eq(bookings.id, waitlistEntries.bookingId))
    .where(eq(waitlistEntries.eventId, eventId))
    .orderBy(asc(waitlistEntries.id));
}

export async function setListEnabled(tx: Tx, ticketTypeId: number, enabled: boolean) {
  await tx.update(ticketTypes).set({ waitlistEnabled: enabled }).where(eq(ticketTypes.id, ticketTypeId));
}
