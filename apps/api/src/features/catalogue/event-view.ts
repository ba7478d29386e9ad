import { slugify, type Event, type TicketType } from '@tikiti/contract';
import { toMajor } from '../../lib/money.js';
import { cardUrl, imageUrl } from '../media/media.service.js';
import type { EventWithTickets, TicketRow } from './catalogue.repo.js';

/** A ticket type as the API shows it (spec §3): prices in major units, what is left on sale. */
export function toTicketView(t: TicketRow): TicketType {
  return {
    id: t.id,
    name: t.name,
    no_of_persons: t.noOfPersons,
    price_per_ticket: toMajor(t.priceMinor),
    max_tickets: t.maxTickets,
    status: t.status,
    tickets_bought: t.sold,
    available: Math.max(0, t.maxTickets - t.sold - t.held),
  };
}

/**
 * The one event → JSON mapping (contract `eventSchema`), used by the public catalogue and
 * the organiser's lists. Totals are sums over the event's open ticket types (DESIGN.md §5).
 */
export function toEventView(e: EventWithTickets): Event {
  let ticketsBought = 0;
  let maxTickets = 0;
  let priceFrom: number | null = null;
  const tickets = e.tickets.map((t) => {
    ticketsBought += t.sold;
    maxTickets += t.maxTickets;
    if (priceFrom === null || t.priceMinor < priceFrom) priceFrom = t.priceMinor;
    return toTicketView(t);
  });
  return {
    id: e.id,
    title: e.title,
    slug: slugify(e.title),
    image: e.imageId === null ? null : imageUrl(e.imageId),
    image_card: e.imageId === null ? null : cardUrl(e.imageId),
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
    price_from: priceFrom === null ? null : toMajor(priceFrom),
    created_at: e.createdAt.toISOString(),
    tickets,
  };
}
