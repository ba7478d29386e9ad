import {
  addDays,
  startOfNairobiDay,
  type Category,
  type Event,
  type ListEventCardsData,
  type ListEventsData,
  type ListEventsQuery,
  type OrganizerSummary,
  type TicketType,
} from '@tikiti/contract';
import type { SQL } from 'drizzle-orm';
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
  findSitemapEvents,
  type EventPageQuery,
  type EventWithTickets,
  type PublicEventFilter,
} from './catalogue.repo.js';
import { toEventCard, toEventView, withoutHidden } from './event-view.js';
import { appliedCodeOf, checkBuyerCode, revealedBy } from '../codes/index.js';

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
  return { data: events.map((e) => toEventView(withoutHidden(e))), total };
}

/**
 * GET v1/event/details/{id}: a published event with its open ticket types, hidden ones left
 * out; 404 otherwise. With a buyer's code (docs/product.md#discount-codes): the code checked
 * against this event only, its view added, and the hidden types an access code reveals.
 */
export async function getPublicEvent(db: Db, id: number, codeText?: string): Promise<Event> {
  const event = await findPublishedEvent(db, id);
  if (!event) throw notFound('Event');
  if (!codeText) return toEventView(withoutHidden(event));
  const code = await checkBuyerCode(db, id, codeText);
  const revealed = revealedBy(
    code,
    event.tickets.filter((t) => t.hidden).map((t) => t.id),
  );
  return { ...toEventView(withoutHidden(event, revealed)), applied_code: appliedCodeOf(code, event.currency) };
}

/** GET v1/event/{id}/tickets: the open ticket types of a published event. */
export async function listPublicTickets(db: Db, eventId: number): Promise<TicketType[]> {
  const event = await findPublishedEvent(db, eventId);
  if (!event) throw notFound('Event');
  return toEventView(withoutHidden(event)).tickets;
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
