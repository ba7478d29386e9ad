import {
  isCurrency,
  slugify,
  toMajor,
  DEFAULT_CURRENCY,
  type Currency,
  type Event,
  type EventCardData,
  type TicketType,
} from '@tikiti/contract';
import { publicImageUrls, type ImageUrls } from '../media/index.js';
import type { EventWithTickets, TicketRow } from './catalogue.repo.js';

/** The event's currency as stored; the column only ever holds one of ours. */
const currencyOf = (e: { currency: string }): Currency => (isCurrency(e.currency) ? e.currency : DEFAULT_CURRENCY);

/** A ticket type as the API shows it (docs/product.md): prices in major units, what is left on sale. */
export function toTicketView(t: TicketRow, currency: Currency): TicketType {
  return {
    id: t.id,
    name: t.name,
    no_of_persons: t.noOfPersons,
    price_per_ticket: toMajor(t.priceMinor, currency),
    max_tickets: t.maxTickets,
    status: t.status,
    tickets_bought: t.sold,
    available: Math.max(0, t.maxTickets - t.sold - t.held),
  };
}

/**
 * The one event → JSON mapping (contract `eventSchema`), used by the public catalogue and
 * the organiser's lists. Totals are sums over the event's open ticket types (docs/product.md).
 * `imageUrls` names the image: public addresses by default, signed ones in organiser views.
 */
export function toEventView(
  e: EventWithTickets,
  imageUrls: (key: string) => ImageUrls = publicImageUrls,
  now = Date.now(),
): Event {
  const currency = currencyOf(e);
  let ticketsBought = 0;
  let maxTickets = 0;
  let priceFrom: number | null = null;
  const tickets = e.tickets.map((t) => {
    ticketsBought += t.sold;
    maxTickets += t.maxTickets;
    const view = toTicketView(t, currency);
    // "From" is the lowest price a buyer can still pay: sold-out types do not count.
    if (view.available > 0 && (priceFrom === null || t.priceMinor < priceFrom)) priceFrom = t.priceMinor;
    return view;
  });
  return {
    id: e.id,
    title: e.title,
    slug: slugify(e.title),
    ...(e.imageKey === null
      ? { image: null, image_card: null, image_srcset: null, image_card_srcset: null }
      : imageUrls(e.imageKey)),
    start_time: e.startTime.toISOString(),
    end_time: e.endTime.toISOString(),
    location: e.location,
    coordinates: e.coordinates,
    full_description: e.fullDescription,
    short_description: e.shortDescription,
    currency: e.currency,
    category_id: e.categoryId,
    category: { id: e.categoryId, name: e.categoryName },
    organizer: { id: e.organisationId, display_name: e.organizerName },
    status: e.status,
    tickets_bought: ticketsBought,
    max_tickets: maxTickets,
    price_from: priceFrom === null ? null : toMajor(priceFrom, currency),
    sold_out: tickets.length > 0 && tickets.every((t) => t.available === 0),
    ended: e.endTime.getTime() <= now,
    created_at: e.createdAt.toISOString(),
    tickets,
  };
}

/** An event as a card shows it (GET v1/event/view?fields=card): no full description, no ticket types. */
export function toEventCard(e: EventWithTickets): EventCardData {
  const { full_description: _full, tickets: _tickets, ...card } = toEventView(e);
  return card;
}
