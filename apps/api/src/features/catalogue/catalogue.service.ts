import {
  addDays,
  startOfNairobiDay,
  type Category,
  type Event,
  type ListEventCardsData,
  type ListEventsData,
  type ListEventsQuery,
  type OrganizerSummary,
  type OrganizerPage,
  eventCardSchema,
  EVENT_STATUS,
  type TicketType,
} from '@tikiti/contract';
import { and, desc, eq, gt, lte, type SQL } from 'drizzle-orm';
import { events } from '../../db/schema/index.js';
import { publicImageUrls } from '../media/index.js';
import type { Db } from '../../db/client.js';
import { notFound } from '../../http/errors.js';
import {
  findCategories,
  findEvent,
  findEventPage,
  findPublicCardPage,
  findPublicEventPage,
  findPublicOrganisers,
  findPublishedEvent,
  findOrganiserBySlug,
  findSitemapEvents,
  findSitemapOrganisers,
  type EventPageQuery,
  type EventWithTickets,
  type PublicEventFilter,
} from './catalogue.repo.js';
import { toEventCard, toEventView } from './event-view.js';

/** At most this many words of a search are used; more add nothing but work. */
const MAX_SEARCH_WORDS = 8;

/**
 * GET v1/event/view: published events that have not ended, soonest first; with `start`/`end`
 * (Nairobi days), those overlapping [start 00:00, end+1 00:00) too.
 */
export async function listPublicEvents(
  db: Db,
  q: ListEventsQuery,
  now = new Date(),
): Promise<ListEventsData | ListEventCardsData> {
  const words = (q.filter ?? '').split(/\s+/).filter(Boolean).slice(0, MAX_SEARCH_WORDS);
  const filter: PublicEventFilter = {
    // Ended events never show in the public lists, whatever days are asked for.
    endsAfter: q.start && startOfNairobiDay(q.start) > now ? startOfNairobiDay(q.start) : now,
    startsBefore: q.end ? startOfNairobiDay(addDays(q.end, 1)) : undefined,
    categoryId: q.category_id,
    organisationId: q.organizer_id,
    words,
  };
  const page = { limit: q.limit, offset: (q.page - 1) * q.limit };
  if (q.fields === 'card') {
    // Cards come with their tickets summed up by the query (docs/scaling.md#the-uncached-request).
    const { events, total } = await findPublicCardPage(db, filter, page);
    return { data: events.map(toEventCard), total };
  }
  const { events, total } = await findPublicEventPage(db, filter, page);
  return { data: events.map((e) => toEventView(e)), total };
}

/** GET v1/event/details/{id}: a published event with its open ticket types; 404 otherwise. */
export async function getPublicEvent(db: Db, id: number): Promise<Event> {
  const event = await findPublishedEvent(db, id);
  if (!event) throw notFound('Event');
  return toEventView(event);
}

/** GET v1/event/{id}/tickets: the open ticket types of a published event. */
export async function listPublicTickets(db: Db, eventId: number): Promise<TicketType[]> {
  const event = await findPublishedEvent(db, eventId);
  if (!event) throw notFound('Event');
  return toEventView(event).tickets;
}

/** GET v1/client/view: organisers with at least one published event. */
export async function listPublicOrganisers(db: Db): Promise<OrganizerSummary[]> {
  return findPublicOrganisers(db);
}

/** Every category, by name: the public list and the organiser's event form share it. */
export async function listCategories(db: Db): Promise<Category[]> {
  return findCategories(db);
}

/**
 * Events of any status with their open ticket types, for other features' own conditions
 * (the organiser's lists): the catalogue's one loader, so nobody else reads these tables.
 */
export function loadEventPage(db: Db, q: EventPageQuery): Promise<{ events: EventWithTickets[]; total: number }> {
  return findEventPage(db, q);
}

/** One event of any status with its open ticket types, by another feature's condition. */
export function loadEvent(db: Db, where: SQL): Promise<EventWithTickets | undefined> {
  return findEvent(db, where);
}

/** Published events that have not ended, for the sitemap (at most 50,000, the sitemap's limit). */
export function listSitemapEvents(db: Db, now = new Date()) {
  return findSitemapEvents(db, now, 50_000);
}

/** Past events an organiser page lists (the latest). */
const ORGANISER_PAGE_PAST = 24;
/** Upcoming events an organiser page lists (the soonest). */
const ORGANISER_PAGE_UPCOMING = 100;

/**
 * GET v1/organizers/{slug} (docs/product.md#organiser-page): who the organiser is and their
 * published events, upcoming soonest first and past latest first; 404 for an unknown slug.
 */
export async function getOrganiserPage(db: Db, slug: string, now = new Date()): Promise<OrganizerPage> {
  const org = await findOrganiserBySlug(db, slug);
  if (!org) throw notFound('Organiser');
  const own = and(eq(events.organisationId, org.id), eq(events.status, EVENT_STATUS.published));
  const [upcoming, past] = await Promise.all([
    findEventPage(db, { where: and(own, gt(events.endTime, now)), limit: ORGANISER_PAGE_UPCOMING, offset: 0 }),
    findEventPage(db, {
      where: and(own, lte(events.endTime, now)),
      orderBy: [desc(events.startTime), desc(events.id)],
      limit: ORGANISER_PAGE_PAST,
      offset: 0,
    }),
  ]);
  const card = (e: EventWithTickets) => eventCardSchema.parse(toEventView(e));
  return {
    organizer: {
      id: org.id,
      slug: org.slug,
      display_name: org.displayName,
      logo: org.logoKey ? publicImageUrls(org.logoKey).image : null,
      description: org.description,
    },
    upcoming: upcoming.events.map(card),
    past: past.events.map(card),
  };
}

/** Organisers with a published event, for the sitemap's /o/{slug} pages. */
export function listSitemapOrganisers(db: Db) {
  return findSitemapOrganisers(db);
}
