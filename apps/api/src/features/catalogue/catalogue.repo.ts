import { and, asc, eq, exists, gt, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { EVENT_STATUS, TICKET_STATUS } from '@tikiti/contract';
import type { Db } from '../../db/client.js';
import { categories, events, organisations, ticketTypes } from '../../db/schema/index.js';

/** The columns an event is shown with, its category and organiser joined in. */
const eventColumns = {
  id: events.id,
  title: events.title,
  imageId: events.imageId,
  startTime: events.startTime,
  endTime: events.endTime,
  location: events.location,
  coordinates: events.coordinates,
  fullDescription: events.fullDescription,
  shortDescription: events.shortDescription,
  currency: events.currency,
  status: events.status,
  createdAt: events.createdAt,
  categoryId: events.categoryId,
  categoryName: categories.name,
  organisationId: events.organisationId,
  organizerName: organisations.displayName,
};

const ticketColumns = {
  id: ticketTypes.id,
  eventId: ticketTypes.eventId,
  name: ticketTypes.name,
  noOfPersons: ticketTypes.noOfPersons,
  priceMinor: ticketTypes.priceMinor,
  maxTickets: ticketTypes.maxTickets,
  sold: ticketTypes.sold,
  held: ticketTypes.held,
  status: ticketTypes.status,
};

export type EventRow = {
  id: number;
  title: string;
  imageId: number | null;
  startTime: Date;
  endTime: Date;
  location: string;
  coordinates: string | null;
  fullDescription: string;
  shortDescription: string;
  currency: string;
  status: number;
  createdAt: Date;
  categoryId: number;
  categoryName: string;
  organisationId: number;
  organizerName: string;
};
export type TicketRow = {
  id: number;
  eventId: number;
  name: string;
  noOfPersons: number;
  priceMinor: number;
  maxTickets: number;
  sold: number;
  held: number;
  status: number;
};
export type EventWithTickets = EventRow & { tickets: TicketRow[] };

export interface EventPageQuery {
  /** Conditions on `events` (and the joined `categories`/`organisations`). */
  where?: SQL;
  /** Defaults to soonest first, id as the tie-break. */
  orderBy?: SQL[];
  limit: number;
  offset: number;
}

/**
 * One page of events with their open ticket types and the count of all matching events:
 * one query for the page (the total rides along as a window count), one for the tickets.
 * Shared by the public catalogue and the organiser's own event list.
 */
export async function findEventPage(db: Db, q: EventPageQuery): Promise<{ events: EventWithTickets[]; total: number }> {
  const rows = await db
    .select({ ...eventColumns, total: sql<number>`(count(*) over ())::int` })
    .from(events)
    .innerJoin(categories, eq(categories.id, events.categoryId))
    .innerJoin(organisations, eq(organisations.id, events.organisationId))
    .where(q.where)
    .orderBy(...(q.orderBy ?? [asc(events.startTime), asc(events.id)]))
    .limit(q.limit)
    .offset(q.offset);
  // Past the last page there is no row to carry the total: count separately.
  const total = rows[0]?.total ?? (q.offset > 0 ? await countEvents(db, q.where) : 0);
  return { events: await withOpenTickets(db, rows), total };
}

async function countEvents(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(events)
    .innerJoin(categories, eq(categories.id, events.categoryId))
    .innerJoin(organisations, eq(organisations.id, events.organisationId))
    .where(where);
  return row?.n ?? 0;
}

/** One event with its open ticket types, or undefined when none matches. */
export async function findEvent(db: Db, where: SQL): Promise<EventWithTickets | undefined> {
  const rows = await db
    .select(eventColumns)
    .from(events)
    .innerJoin(categories, eq(categories.id, events.categoryId))
    .innerJoin(organisations, eq(organisations.id, events.organisationId))
    .where(where)
    .limit(1);
  if (!rows.length) return undefined;
  return (await withOpenTickets(db, rows))[0];
}

/** Attaches each event's open ticket types (ordered by sort_order) with a single query. */
async function withOpenTickets<E extends EventRow>(db: Db, rows: E[]): Promise<(E & { tickets: TicketRow[] })[]> {
  if (!rows.length) return [];
  const tickets = await findOpenTickets(db, rows.map((r) => r.id));
  const byEvent = new Map<number, TicketRow[]>();
  for (const t of tickets) {
    const list = byEvent.get(t.eventId);
    if (list) list.push(t);
    else byEvent.set(t.eventId, [t]);
  }
  return rows.map((r) => ({ ...r, tickets: byEvent.get(r.id) ?? [] }));
}

/** Open ticket types of the given events, in each event's sort order. */
export async function findOpenTickets(db: Db, eventIds: number[]): Promise<TicketRow[]> {
  if (!eventIds.length) return [];
  return db
    .select(ticketColumns)
    .from(ticketTypes)
    .where(
      and(
        eventIds.length === 1 ? eq(ticketTypes.eventId, eventIds[0]!) : inArray(ticketTypes.eventId, eventIds),
        eq(ticketTypes.status, TICKET_STATUS.open),
      ),
    )
    .orderBy(asc(ticketTypes.eventId), asc(ticketTypes.sortOrder), asc(ticketTypes.id));
}

export async function isPublished(db: Db, eventId: number): Promise<boolean> {
  const rows = await db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.id, eventId), eq(events.status, EVENT_STATUS.published)))
    .limit(1);
  return rows.length > 0;
}

export interface PublicEventFilter {
  /** Events that end after this instant. */
  endsAfter: Date;
  /** Events that start before this instant. */
  startsBefore?: Date;
  categoryId?: number;
  organisationId?: number;
  /** Every word must appear in the title, a description or the location. */
  words: string[];
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The WHERE of the public list: published events in the window, narrowed by the filters. */
export function publicEventsWhere(f: PublicEventFilter): SQL | undefined {
  return and(
    eq(events.status, EVENT_STATUS.published),
    gt(events.endTime, f.endsAfter),
    f.startsBefore ? lt(events.startTime, f.startsBefore) : undefined,
    f.categoryId ? eq(events.categoryId, f.categoryId) : undefined,
    f.organisationId ? eq(events.organisationId, f.organisationId) : undefined,
    ...f.words.map((word) => {
      const pattern = `%${escapeLike(word)}%`;
      return or(
        ilike(events.title, pattern),
        ilike(events.shortDescription, pattern),
        ilike(events.fullDescription, pattern),
        ilike(events.location, pattern),
      );
    }),
  );
}

export async function findPublicEventPage(db: Db, filter: PublicEventFilter, page: { limit: number; offset: number }) {
  return findEventPage(db, { where: publicEventsWhere(filter), ...page });
}

export async function findPublishedEvent(db: Db, id: number) {
  return findEvent(db, and(eq(events.id, id), eq(events.status, EVENT_STATUS.published))!);
}

/** Organisers with at least one published event, by name. */
export async function findPublicOrganisers(db: Db) {
  return db
    .select({ id: organisations.id, display_name: organisations.displayName })
    .from(organisations)
    .where(
      exists(
        db
          .select({ one: sql`1` })
          .from(events)
          .where(and(eq(events.organisationId, organisations.id), eq(events.status, EVENT_STATUS.published))),
      ),
    )
    .orderBy(sql`lower(${organisations.displayName})`, asc(organisations.id));
}

export async function findCategories(db: Db) {
  return db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .orderBy(sql`lower(${categories.name})`, asc(categories.id));
}
