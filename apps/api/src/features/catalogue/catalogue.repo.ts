import type { FeeRule } from '../ledger/index.js';
import { and, asc, eq, exists, fillPlaceholders, sql, type Placeholder, type SQL } from 'drizzle-orm';
import {
  EVENT_STATUS,
  TICKET_STATUS,
  type AttendeeNames,
  type QuestionKind,
  type QuestionScope,
} from '@tikiti/contract';
import type { Db, Tx } from '../../db/client.js';
import { categories, events, listedEventEnds, media, organisations, ticketTypes } from '../../db/schema/index.js';

/** The columns an event is shown with, its category and organiser joined in. */
const eventColumns = {
  id: events.id,
  title: events.title,
  imageId: events.imageId,
  imageKey: sql<string | null>`(SELECT ${media.key} FROM ${media} WHERE ${media.id} = ${events.imageId})`,
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
  organizerSlug: organisations.slug,
  attendeeNames: events.attendeeNames,
  changesLockHours: events.changesLockHours,
  invoicePaymentDays: events.invoicePaymentDays,
  serviceFee: events.serviceFee,
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
  hidden: ticketTypes.hidden,
  tiers: ticketTypes.tiers,
  waitlistEnabled: ticketTypes.waitlistEnabled,
};

export type EventRow = {
  id: number;
  title: string;
  imageId: number | null;
  /** The image's key, which names it in URLs. */
  imageKey: string | null;
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
  organizerSlug: string;
  attendeeNames: AttendeeNames;
  changesLockHours: number;
  invoicePaymentDays: number;
  serviceFee: 'absorb' | 'pass';
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
  /** Issue 27 (docs/product.md#hidden-ticket-types, #team-pricing, #waiting-list). */
  hidden: boolean;
  tiers: { min_qty: number; percent_off: number }[];
  waitlistEnabled: boolean;
};
export type EventWithTickets = EventRow & {
  tickets: TicketRow[];
  questions?: QuestionRow[];
  /** The organisation's service fee rule, when the event passes the fee to buyers (docs/product.md#service-fees). */
  feeRule?: FeeRule;
};

/** A question the checkout asks (docs/product.md#delegates-and-questions), as the details query reads it. */
export type QuestionRow = {
  id: number;
  kind: QuestionKind;
  label: string;
  required: boolean;
  scope: QuestionScope;
  options: string[];
  ticket_type_ids: number[];
};

/**
 * What a card needs of an event's open ticket types, summed up by PostgreSQL (the same rules as
 * `toEventView` over the tickets, docs/scaling.md#the-uncached-request): seats bought and
 * offered, the lowest price of a type with seats left, how many open types and how many of
 * them have seats left.
 */
export interface TicketSummary {
  ticketsBought: number;
  maxTickets: number;
  /** The lowest price of an open type with seats left, in minor units; null when none has. */
  priceFromMinor: number | null;
  openTypes: number;
  typesWithSeats: number;
}
/** An event as a card shows it: no full description nor delegate rules, its tickets summed up instead of listed. */
export type EventCardRow = Omit<
  EventRow,
  'fullDescription' | 'attendeeNames' | 'changesLockHours' | 'invoicePaymentDays' | 'serviceFee'
> &
  TicketSummary;

export interface EventPageQuery {
  /** Conditions on `events`. */
  where?: SQL;
  /** Defaults to soonest first, id as the tie-break. */
  orderBy?: SQL[];
  limit: number;
  offset: number;
}

const soonestFirst = [asc(events.startTime), asc(events.id)];

/*
 * Every read of events is one query: the events with their category and organiser, and each
 * event's open ticket types aggregated as JSON beside it (no N+1). Measured under load, this
 * beats a second query for the tickets: the round trip costs more than the aggregation. The
 * public queries are prepared once per database so PostgreSQL plans them once; every filter
 * is a parameter, NULL when absent.
 */
const p = {
  ids: sql.placeholder('ids'),
  id: sql.placeholder('id'),
  endsAfter: sql.placeholder('endsAfter'),
  startsBefore: sql.placeholder('startsBefore'),
  categoryId: sql.placeholder('categoryId'),
  organisationId: sql.placeholder('organisationId'),
  limit: sql.placeholder('limit'),
  offset: sql.placeholder('offset'),
};

/** An event's open ticket types in their order, as a JSON array with the keys of `TicketRow`. */
const openTicketsJson = sql<TicketRow[]>`(
  SELECT coalesce(json_agg(json_build_object(
    'id', t.id, 'eventId', t.event_id, 'name', t.name, 'noOfPersons', t.no_of_persons,
    'priceMinor', t.price_minor, 'maxTickets', t.max_tickets, 'sold', t.sold, 'held', t.held, 'status', t.status,
    'hidden', t.hidden, 'tiers', t.tiers, 'waitlistEnabled', t.waitlist_enabled
  ) ORDER BY t.sort_order, t.id), '[]'::json)
  FROM ${ticketTypes} t WHERE t.event_id = ${events.id} AND t.status = ${sql.raw(String(TICKET_STATUS.open))})`.mapWith(
  // node-postgres and PGlite both parse json; a driver that did not would hand over text.
  (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) as TicketRow[],
);

/**
 * How a page's ids are picked: the events matching `where` in `orderBy`, `limit` from `offset`,
 * each row with `total`, the count of every match. By default a window over the matches; the
 * public lists pass a count of their own, so the page itself can stop after its rows
 * (docs/decisions/0034-catalogue-at-scale.md). `'matches'` (a search, always soonest first):
 * the matches are gathered once in a CTE of their own, then counted and the page taken from it.
 * PostgreSQL plans that CTE for all its rows, from the trigram index; with a window under the
 * page's LIMIT it costed the page as if it stopped early and read every upcoming event in order
 * instead (docs/decisions/0035-search-text.md).
 */
function pageIds(
  db: Db,
  where: SQL | undefined,
  orderBy: SQL[],
  limit: number | Placeholder,
  offset: number | Placeholder,
  total: SQL<number> | 'matches',
) {
  if (total !== 'matches') {
    const page = db.$with('page').as(
      db
        .select({ id: events.id, total: total.as('total') })
        .from(events)
        .where(where)
        .orderBy(...orderBy)
        // Drizzle types limit/offset as numbers but takes placeholders.
        .limit(limit as number)
        .offset(offset as number),
    );
    return { ctes: [page], page };
  }
  const matches = db
    .$with('matches')
    .as(db.select({ id: events.id, startTime: events.startTime }).from(events).where(where));
  const page = db.$with('page').as(
    db
      .select({ id: matches.id, total: sql<number>`(SELECT count(*) FROM ${matches})::int`.as('total') })
      .from(matches)
      .orderBy(asc(matches.startTime), asc(matches.id))
      .limit(limit as number)
      .offset(offset as number),
  );
  return { ctes: [matches, page], page };
}

/**
 * A page of events: a narrow CTE picks the page's ids (`pageIds`), then the page's events are
 * read with their category, organiser and open tickets.
 */
function eventPageQuery(
  db: Db,
  where: SQL | undefined,
  orderBy: SQL[],
  limit: number | Placeholder,
  offset: number | Placeholder,
  total: SQL<number> | 'matches' = sql<number>`(count(*) over ())::int`,
) {
  const { ctes, page } = pageIds(db, where, orderBy, limit, offset, total);
  return db
    .with(...ctes)
    .select({ ...eventColumns, tickets: openTicketsJson, total: page.total })
    .from(page)
    .innerJoin(events, eq(events.id, page.id))
    .innerJoin(categories, eq(categories.id, events.categoryId))
    .innerJoin(organisations, eq(organisations.id, events.organisationId))
    .orderBy(...orderBy);
}

/** Seats left of an open ticket type, as `toTicketView` counts them (never below 0). */
const seatsLeft = sql`greatest(0, ${ticketTypes.maxTickets} - ${ticketTypes.sold} - ${ticketTypes.held})`;

const {
  fullDescription: _fullDescription,
  attendeeNames: _attendeeNames,
  changesLockHours: _changesLockHours,
  invoicePaymentDays: _invoicePaymentDays,
  serviceFee: _serviceFee,
  ...cardEventColumns
} = eventColumns;

/**
 * A page of cards: the page's events as in `eventPageQuery` but without the full description,
 * and their open ticket types summed up in the same statement instead of aggregated to JSON:
 * PostgreSQL builds no JSON per ticket type and Node parses and maps none. The sums are a
 * lateral subquery per event, not a join and GROUP BY over the page: PostgreSQL then sorts
 * the page once instead of grouping and sorting every (event, ticket type) row
 * (docs/scaling.md#the-uncached-request).
 */
function cardPageQuery(db: Db, where: SQL, total: SQL<number> | 'matches', limit: Placeholder, offset: Placeholder) {
  const { ctes, page } = pageIds(db, where, soonestFirst, limit, offset, total);
  // ticket_types' columns are named in full: "events"."id" inside is the outer row's.
  const summary = db
    .select({
      ticketsBought: sql<number>`coalesce(sum(${ticketTypes.sold}), 0)::int`.as('tickets_bought'),
      maxTickets: sql<number>`coalesce(sum(${ticketTypes.maxTickets}), 0)::int`.as('seats_offered'),
      priceFromMinor: sql<number | null>`min(${ticketTypes.priceMinor}) FILTER (WHERE ${seatsLeft} > 0)`.as(
        'price_from_minor',
      ),
      openTypes: sql<number>`count(*)::int`.as('open_types'),
      typesWithSeats: sql<number>`(count(*) FILTER (WHERE ${seatsLeft} > 0))::int`.as('types_with_seats'),
    })
    .from(ticketTypes)
    // Hidden types never count in public answers (docs/product.md#hidden-ticket-types).
    .where(
      and(
        eq(ticketTypes.eventId, events.id),
        sql`${ticketTypes.status} = ${sql.raw(String(TICKET_STATUS.open))}`,
        sql`NOT ${ticketTypes.hidden}`,
      ),
    )
    .as('summary');
  return db
    .with(...ctes)
    .select({
      ...cardEventColumns,
      ticketsBought: summary.ticketsBought,
      maxTickets: summary.maxTickets,
      priceFromMinor: summary.priceFromMinor,
      openTypes: summary.openTypes,
      typesWithSeats: summary.typesWithSeats,
      total: page.total,
    })
    .from(page)
    .innerJoin(events, eq(events.id, page.id))
    .innerJoin(categories, eq(categories.id, events.categoryId))
    .innerJoin(organisations, eq(organisations.id, events.organisationId))
    .crossJoinLateral(summary)
    .orderBy(...soonestFirst);
}

/**
 * An event's questions being asked (not archived), in order, as a JSON array with the keys of
 * `QuestionRow`: the event details carry them (docs/product.md#delegates-and-questions).
 */
const questionsJson = sql<QuestionRow[]>`(
  SELECT coalesce(json_agg(json_build_object(
    'id', q.id, 'kind', q.kind, 'label', q.label, 'required', q.required, 'scope', q.scope,
    'options', q.options, 'ticket_type_ids', q.ticket_type_ids
  ) ORDER BY q.position, q.id), '[]'::json)
  FROM event_questions q WHERE q.event_id = ${events.id} AND q.archived_at IS NULL)`.mapWith(
  (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) as QuestionRow[],
);

function eventQuery(db: Db, where: SQL) {
  return db
    .select({ ...eventColumns, tickets: openTicketsJson, questions: questionsJson })
    .from(events)
    .innerJoin(categories, eq(categories.id, events.categoryId))
    .innerJoin(organisations, eq(organisations.id, events.organisationId))
    .where(where)
    .limit(1);
}

/**
 * A suspended organisation's events do not sell (docs/product.md#the-operator): they leave every
 * public list and page as if unpublished.
 */
const organiserNotSuspended = sql`NOT EXISTS (SELECT 1 FROM organisations so WHERE so.id = ${events.organisationId} AND so.suspended_at IS NOT NULL)`;

/** Published, as a literal: the public lists' partial indexes (`WHERE status = 1`) apply to every plan. */
const published = sql`${events.status} = ${sql.raw(String(EVENT_STATUS.published))}`;

/** Which of the public list's filters a request has: each shape is a statement of its own. */
interface PublicShape {
  startsBefore: boolean;
  category: boolean;
  organisation: boolean;
  /** How many words are searched. */
  words: number;
}

const shapeOf = (f: PublicEventFilter): PublicShape => ({
  startsBefore: f.startsBefore !== undefined,
  category: f.categoryId !== undefined,
  organisation: f.organisationId !== undefined,
  words: f.words.length,
});

const shapeKey = (s: PublicShape) =>
  `${s.startsBefore ? 'b' : ''}${s.category ? 'c' : ''}${s.organisation ? 'o' : ''}w${s.words}`;

const wordPlaceholder = (i: number) => sql.placeholder(`w${i}`);

/**
 * A searched word matches an event when `events.search_text` (the title, both descriptions and
 * the location joined by a space, lower-cased: db/schema/catalogue.ts) holds it lower-cased by the
 * same `lower`: what `ILIKE` on the joined fields computes, read from the trigram index
 * `events_search_text_idx`. A word holds no space and its `%` and `_` are escaped, so it matches
 * the joined text exactly when it matches one of the fields (docs/decisions/0035-search-text.md).
 */
const wordMatches = (i: number) => sql`${events.searchText} LIKE lower(${wordPlaceholder(i)}::text)`;

/**
 * The public list: published events ending after `endsAfter`, narrowed by the filters present.
 * Only the filters a request has are in its statement, so every plan (a generic one too) can
 * use the index that fits (docs/decisions/0034-catalogue-at-scale.md).
 */
function publicWhere(shape: PublicShape): SQL {
  return and(
    published,
    organiserNotSuspended,
    sql`${events.endTime} > ${p.endsAfter}::timestamptz`,
    // Redundant but for the index: an event still running at `endsAfter` started at most the
    // longest published event's duration before it (one probe of events_listed_duration_idx),
    // so the lists' start-ordered index is read from there, not from the first event ever. Not
    // with a search: its matches come from the trigram index, and this range would tempt the
    // planner to read every upcoming event and test the words on each instead.
    shape.words
      ? undefined
      : sql`${events.startTime} >= ${p.endsAfter}::timestamptz - (SELECT max(d.end_time - d.start_time) FROM ${events} d WHERE d.status = ${sql.raw(String(EVENT_STATUS.published))})`,
    shape.startsBefore ? sql`${events.startTime} < ${p.startsBefore}::timestamptz` : undefined,
    shape.category ? sql`${events.categoryId} = ${p.categoryId}::int` : undefined,
    shape.organisation ? sql`${events.organisationId} = ${p.organisationId}::int` : undefined,
    // Every word must match one of the fields.
    ...Array.from({ length: shape.words }, (_, i) => wordMatches(i)),
  )!;
}

/**
 * How a shape counts its matches (docs/decisions/0034-catalogue-at-scale.md). Without a search,
 * a count of its own beside the page, so the page stops after its rows in the index's order
 * and the count reads the index only. With one, `'matches'` (`pageIds`): every match is read
 * once anyway (the trigram index finds candidates, each is checked against the words), so they
 * are gathered once, then counted and paged (docs/decisions/0035-search-text.md).
 */
function publicTotal(shape: PublicShape, where: SQL): SQL<number> | 'matches' {
  if (shape.words) return 'matches';
  if (shape.startsBefore || shape.organisation)
    return sql<number>`(SELECT count(*)::int FROM ${events} WHERE ${where})`;
  // The home list or a category: the events ending after today, summed by day from
  // `listed_event_ends` (kept by triggers, migration 0025; category 0 is every category), and
  // today's still running, counted from the index.
  const category = shape.category ? sql`${p.categoryId}::int` : sql`0`;
  const today = sql`(${p.endsAfter}::timestamptz AT TIME ZONE 'UTC')::date`;
  const tomorrow = sql`(${today} + 1)::timestamp AT TIME ZONE 'UTC'`;
  return sql<number>`((SELECT coalesce(sum(${listedEventEnds.n}), 0) FROM ${listedEventEnds}
      WHERE ${listedEventEnds.categoryId} = ${category} AND ${listedEventEnds.endDay} > ${today})
    + (SELECT count(*) FROM ${events} WHERE ${where} AND ${events.endTime} < ${tomorrow} AND ${events.startTime} < ${tomorrow}))::int`;
}

function preparePublic(db: Db, shape: PublicShape) {
  const where = publicWhere(shape);
  const key = shapeKey(shape);
  const total = publicTotal(shape, where);
  return {
    page: eventPageQuery(db, where, soonestFirst, p.limit, p.offset, total).prepare(`catalogue_public_page_${key}`),
    cards: cardPageQuery(db, where, total, p.limit, p.offset).prepare(`catalogue_public_cards_${key}`),
  };
}

function prepare(db: Db) {
  const publicStatements = new Map<string, ReturnType<typeof preparePublic>>();
  return {
    tickets: db
      .select(ticketColumns)
      .from(ticketTypes)
      .where(and(sql`${ticketTypes.eventId} = ANY(${p.ids}::int[])`, eq(ticketTypes.status, TICKET_STATUS.open)))
      .orderBy(asc(ticketTypes.eventId), asc(ticketTypes.sortOrder), asc(ticketTypes.id))
      .prepare('catalogue_open_tickets'),
    /** The public page and cards statements of a shape, prepared on first use. */
    publicFor(shape: PublicShape) {
      const key = shapeKey(shape);
      let q = publicStatements.get(key);
      if (!q) publicStatements.set(key, (q = preparePublic(db, shape)));
      return q;
    },
    publicEvent: eventQuery(
      db,
      and(eq(events.id, p.id), eq(events.status, EVENT_STATUS.published), organiserNotSuspended)!,
    ).prepare('catalogue_public_event'),
  };
}
const prepared = new WeakMap<Db, ReturnType<typeof prepare>>();
function preparedFor(db: Db) {
  let q = prepared.get(db);
  if (!q) prepared.set(db, (q = prepare(db)));
  return q;
}

/** Open ticket types of the given events, in each event's sort order (for callers without the events). */
export async function findOpenTickets(db: Db, eventIds: number[]): Promise<TicketRow[]> {
  if (!eventIds.length) return [];
  return preparedFor(db).tickets.execute({ ids: eventIds });
}

const withoutTotal = (rows: (EventWithTickets & { total: number })[]): EventWithTickets[] =>
  rows.map(({ total: _total, ...event }) => event);

/**
 * One page of events with their open ticket types and the count of all matching events.
 * Shared by the public catalogue and the organiser's own event list.
 */
export async function findEventPage(db: Db, q: EventPageQuery): Promise<{ events: EventWithTickets[]; total: number }> {
  const rows = await eventPageQuery(db, q.where, q.orderBy ?? soonestFirst, q.limit, q.offset);
  // Past the last page there is no row to carry the total: count separately.
  const total = rows[0]?.total ?? (q.offset > 0 ? await countEvents(db, q.where) : 0);
  return { events: withoutTotal(rows), total };
}

async function countEvents(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(events)
    .where(where);
  return row?.n ?? 0;
}

/** One event with its open ticket types, or undefined when none matches. */
export async function findEvent(db: Db, where: SQL): Promise<EventWithTickets | undefined> {
  const [row] = await eventQuery(db, where);
  return row;
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

/** The parameters of a shape's statement: only the filters it has. */
const filterParams = (f: PublicEventFilter): Record<string, unknown> => ({
  endsAfter: f.endsAfter.toISOString(),
  ...(f.startsBefore && { startsBefore: f.startsBefore.toISOString() }),
  ...(f.categoryId !== undefined && { categoryId: f.categoryId }),
  ...(f.organisationId !== undefined && { organisationId: f.organisationId }),
  ...Object.fromEntries(f.words.map((w, i) => [`w${i}`, `%${escapeLike(w)}%`])),
});

/** Runs a prepared page statement; past the last page (no row to carry the total) asks for the first row. */
async function pageOf<T extends { total: number }>(
  statement: { execute(params: Record<string, unknown>): Promise<T[]> },
  f: PublicEventFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: T[]; total: number }> {
  const filter = filterParams(f);
  const rows = await statement.execute({ ...filter, ...page });
  if (rows.length || page.offset === 0) return { rows, total: rows[0]?.total ?? 0 };
  const [first] = await statement.execute({ ...filter, limit: 1, offset: 0 });
  return { rows: [], total: first?.total ?? 0 };
}

/** Published events in the filter's window, soonest first, with the count of all matches. */
export async function findPublicEventPage(
  db: Db,
  f: PublicEventFilter,
  page: { limit: number; offset: number },
): Promise<{ events: EventWithTickets[]; total: number }> {
  const { rows, total } = await pageOf(preparedFor(db).publicFor(shapeOf(f)).page, f, page);
  return { events: withoutTotal(rows), total };
}

/** The same page as `findPublicEventPage`, as cards: no full description, tickets summed up. */
export async function findPublicCardPage(
  db: Db,
  f: PublicEventFilter,
  page: { limit: number; offset: number },
): Promise<{ events: (EventCardRow & { total: number })[]; total: number }> {
  const { rows, total } = await pageOf(preparedFor(db).publicFor(shapeOf(f)).cards, f, page);
  return { events: rows, total };
}

/**
 * The SQL and parameters of the public list's statement for a filter, as `findPublicCardPage`
 * (cards) or `findPublicEventPage` (full) runs it: for EXPLAIN in tests and docs/scaling.md.
 */
export function publicListStatement(
  db: Db,
  f: PublicEventFilter,
  page: { limit: number; offset: number },
  fields: 'card' | 'full',
): { sql: string; params: unknown[] } {
  const shape = shapeOf(f);
  const where = publicWhere(shape);
  const total = publicTotal(shape, where);
  const query =
    fields === 'card'
      ? cardPageQuery(db, where, total, p.limit, p.offset)
      : eventPageQuery(db, where, soonestFirst, p.limit, p.offset, total);
  const { sql: text, params } = query.toSQL();
  return { sql: text, params: fillPlaceholders(params, { ...filterParams(f), ...page }) };
}

/** A published event with its open ticket types, or undefined. */
export async function findPublishedEvent(db: Db, id: number): Promise<EventWithTickets | undefined> {
  const [row] = await preparedFor(db).publicEvent.execute({ id });
  return row;
}

/** Organisers with at least one published event, by name. */
export async function findPublicOrganisers(db: Db) {
  return db
    .select({ id: organisations.id, display_name: organisations.displayName, slug: organisations.slug })
    .from(organisations)
    .where(
      and(
        sql`${organisations.suspendedAt} IS NULL`,
        exists(
          db
            .select({ one: sql`1` })
            .from(events)
            .where(and(eq(events.organisationId, organisations.id), eq(events.status, EVENT_STATUS.published))),
        ),
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

/** Published events that have not ended, for the sitemap: id, title and when each last changed. */
export async function findSitemapEvents(db: Db, now: Date, limit: number) {
  return db
    .select({ id: events.id, title: events.title, updatedAt: events.updatedAt })
    .from(events)
    .where(
      and(
        eq(events.status, EVENT_STATUS.published),
        organiserNotSuspended,
        sql`${events.endTime} > ${now.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(events.startTime), asc(events.id))
    .limit(limit);
}

/** An organisation by its page's slug (docs/product.md#organiser-page), with its logo's key. */
export async function findOrganiserBySlug(db: Db, slug: string) {
  const [row] = await db
    .select({
      id: organisations.id,
      slug: organisations.slug,
      displayName: organisations.displayName,
      description: organisations.description,
      logoKey: sql<string | null>`(SELECT ${media.key} FROM ${media} WHERE ${media.id} = ${organisations.logoMediaId})`,
    })
    .from(organisations)
    .where(eq(organisations.slug, slug))
    .limit(1);
  return row;
}

/** Organisers with a published event, for the sitemap: their slugs. */
export async function findSitemapOrganisers(db: Db) {
  return db
    .select({ slug: organisations.slug })
    .from(organisations)
    .where(
      exists(
        db
          .select({ one: sql`1` })
          .from(events)
          .where(and(eq(events.organisationId, organisations.id), eq(events.status, EVENT_STATUS.published))),
      ),
    )
    .orderBy(asc(organisations.id));
}

/**
 * What an organisation's public page shows, for its own settings (docs/product.md#organiser-page);
 * `lock` takes the organisation's row for the change that follows.
 */
export async function findOwnOrganiserPage(db: Db | Tx, organisationId: number, lock = false) {
  const query = db
    .select({
      slug: organisations.slug,
      displayName: organisations.displayName,
      description: organisations.description,
      logoMediaId: organisations.logoMediaId,
      logoKey: sql<string | null>`(SELECT ${media.key} FROM ${media} WHERE ${media.id} = ${organisations.logoMediaId})`,
    })
    .from(organisations)
    .where(eq(organisations.id, organisationId))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** Sets an organisation's page description and logo. */
export async function updateOrganiserPageRow(
  tx: Tx,
  organisationId: number,
  values: { description: string; logoMediaId: number | null },
) {
  await tx.update(organisations).set(values).where(eq(organisations.id, organisationId));
}
