import { and, count, desc, eq, gte, lt, sql, sum } from 'drizzle-orm';
import { EVENT_STATUS, TICKET_STATUS } from '@tikiti/contract';
import type { Db, Tx } from '../../db/client.js';
import { categories, events, ticketTypes } from '../../db/schema/index.js';
import type { SQL } from 'drizzle-orm';

export type EventRow = typeof events.$inferSelect;
export type NewEventRow = typeof events.$inferInsert;

export async function categoryExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, id)).limit(1);
  return row !== undefined;
}

export async function insertEvent(db: Db | Tx, row: NewEventRow): Promise<number> {
  const [inserted] = await db.insert(events).values(row).returning({ id: events.id });
  return inserted!.id;
}

/** The organisation's event, or undefined (also when it belongs to another organisation). */
export async function findOwnEvent(
  db: Db | Tx,
  organisationId: number,
  eventId: number,
): Promise<EventRow | undefined> {
  const [row] = await db
    .select()
    .from(events)
    .where(and(eq(events.id, eventId), eq(events.organisationId, organisationId)))
    .limit(1);
  return row;
}

/**
 * Locks the organisation's event row for the rest of the transaction, so changes to the
 * event and its ticket types are serialised per event.
 */
export async function lockOwnEvent(tx: Tx, organisationId: number, eventId: number): Promise<EventRow | undefined> {
  const [row] = await tx
    .select()
    .from(events)
    .where(and(eq(events.id, eventId), eq(events.organisationId, organisationId)))
    .limit(1)
    .for('update');
  return row;
}

export async function updateEventRow(tx: Tx, eventId: number, values: Partial<NewEventRow>) {
  await tx
    .update(events)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(events.id, eventId));
}

export async function countOpenTicketTypes(tx: Tx, eventId: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(ticketTypes)
    .where(and(eq(ticketTypes.eventId, eventId), eq(ticketTypes.status, TICKET_STATUS.open)));
  return Number(row?.n ?? 0);
}

export interface OwnEventsWindow {
  /** Events starting at or after this instant. */
  startsFrom?: Date;
  /** Events ending before this instant. */
  endsBefore?: Date;
  createdFrom?: Date;
  createdBefore?: Date;
  status?: number;
}

/**
 * Which of the organisation's events a list shows, and in what order (latest start first),
 * for the catalogue's event loader.
 */
export function ownEventsQuery(organisationId: number, w: OwnEventsWindow): { where: SQL | undefined; orderBy: SQL[] } {
  const where = and(
    eq(events.organisationId, organisationId),
    w.startsFrom ? gte(events.startTime, w.startsFrom) : undefined,
    w.endsBefore ? lt(events.endTime, w.endsBefore) : undefined,
    w.createdFrom ? gte(events.createdAt, w.createdFrom) : undefined,
    w.createdBefore ? lt(events.createdAt, w.createdBefore) : undefined,
    w.status !== undefined ? eq(events.status, w.status) : undefined,
  );
  return { where, orderBy: [desc(events.startTime), desc(events.id)] };
}

/** The condition for one of the organisation's events (another organisation's is no match). */
export const ownEvent = (organisationId: number, eventId: number): SQL =>
  and(eq(events.id, eventId), eq(events.organisationId, organisationId))!;

/** When an event ends and when its attendees' personal data was removed (docs/security.md#retention). */
export async function findRetentionDates(db: Db, eventId: number) {
  const [row] = await db
    .select({ endTime: events.endTime, removedAt: events.personalDataRemovedAt })
    .from(events)
    .where(eq(events.id, eventId));
  return row;
}

/** The currency of the organisation's most recently created event, if it has any. */
export async function newestEventCurrency(db: Db, organisationId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ currency: events.currency })
    .from(events)
    .where(eq(events.organisationId, organisationId))
    .orderBy(desc(events.createdAt), desc(events.id))
    .limit(1);
  return row?.currency;
}

/** The dashboard's event and ticket figures of one organisation (sales come from checkout). */
export async function summariseOrganisation(db: Db, organisationId: number, now: Date) {
  const own = eq(events.organisationId, organisationId);
  const [[eventCounts], [tickets]] = await Promise.all([
    db
      .select({
        total: count(),
        upcoming: sql<number>`count(*) filter (where ${events.status} = ${EVENT_STATUS.published} and ${events.startTime} > ${now.toISOString()}::timestamptz)`,
      })
      .from(events)
      .where(own),
    db
      .select({ sold: sum(ticketTypes.sold) })
      .from(ticketTypes)
      .innerJoin(events, eq(events.id, ticketTypes.eventId))
      .where(own),
  ]);
  return {
    events: Number(eventCounts?.total ?? 0),
    upcoming: Number(eventCounts?.upcoming ?? 0),
    ticketsSold: Number(tickets?.sold ?? 0),
  };
}
