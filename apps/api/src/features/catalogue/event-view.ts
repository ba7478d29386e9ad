import {
  invoicePaymentUntil,
  parseCurrency,
  slugify,
  toMajor,
  type Currency,
  type Event,
  type EventCardData,
  type TicketType,
} from '@tikiti/contract';
import { publicImageUrls, type ImageUrls } from '../media/index.js';
import type { EventCardRow, EventRow, EventWithTickets, TicketRow, TicketSummary } from './catalogue.repo.js';

/** The event's currency as stored; the column only ever holds one of ours, and anything else is an error. */
const currencyOf = (e: { currency: string }): Currency => parseCurrency(e.currency);

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
  const summary: TicketSummary = {
    ticketsBought: 0,
    maxTickets: 0,
    priceFromMinor: null,
    openTypes: e.tickets.length,
    typesWithSeats: 0,
  };
  const tickets = e.tickets.map((t) => {
    summary.ticketsBought += t.sold;
    summary.maxTickets += t.maxTickets;
    const view = toTicketView(t, currency);
    // "From" is the lowest price a buyer can still pay: sold-out types do not count.
    if (view.available > 0) {
      summary.typesWithSeats += 1;
      if (summary.priceFromMinor === null || t.priceMinor < summary.priceFromMinor)
        summary.priceFromMinor = t.priceMinor;
    }
    return view;
  });
  return {
    ...cardFields(e, summary, imageUrls, now),
    full_description: e.fullDescription,
    tickets,
    attendee_names: e.attendeeNames,
    changes_lock_hours: e.changesLockHours,
    invoice_payment_days: e.invoicePaymentDays,
    invoice_payment_until: invoicePaymentUntil(e.invoicePaymentDays, e.startTime, now)?.toISOString() ?? null,
    // The event details (public and the organiser's own) ask its questions; lists leave them out.
    ...(e.questions ? { questions: e.questions } : {}),
  };
}

/**
 * An event as a card shows it (GET v1/event/view?fields=card): no full description, no ticket
 * types. Its totals come summed up by PostgreSQL (`findPublicCardPage`) by the rules `toEventView`
 * applies to the tickets; catalogue.test.ts checks that both give the same for every event.
 */
export function toEventCard(e: EventCardRow): EventCardData {
  return cardFields(e, e, publicImageUrls, Date.now());
}

/** The fields an event card and the full event share, from the event and its ticket summary. */
function cardFields(
  e: Omit<EventRow, 'fullDescription' | 'attendeeNames' | 'changesLockHours' | 'invoicePaymentDays'>,
  summary: TicketSummary,
  imageUrls: (key: string) => ImageUrls,
  now: number,
): EventCardData {
  const currency = currencyOf(e);
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
    short_description: e.shortDescription,
    currency: e.currency,
    category_id: e.categoryId,
    category: { id: e.categoryId, name: e.categoryName },
    organizer: { id: e.organisationId, display_name: e.organizerName, slug: e.organizerSlug },
    status: e.status,
    tickets_bought: summary.ticketsBought,
    max_tickets: summary.maxTickets,
    price_from: summary.priceFromMinor === null ? null : toMajor(summary.priceFromMinor, currency),
    sold_out: summary.openTypes > 0 && summary.typesWithSeats === 0,
    ended: e.endTime.getTime() <= now,
    created_at: e.createdAt.toISOString(),
  };
}
