import {
  EVENT_STATUS,
  isWholeUnitCurrency,
  parseCurrency,
  toMinor,
  LIMITS,
  TICKET_STATUS,
  type RegisterTicketsBody,
  type TicketType,
  type UpdateTicketsBody,
} from '@tikiti/contract';
import type { Db } from '../../db/client.js';
import { badRequest, invalidField, notFound } from '../../http/errors.js';
import { lockOwnEvent, ownEvent, updateEventRow } from './events.repo.js';
import { invalidatePublicCatalogue, loadEvent, toEventView } from '../catalogue/index.js';
import { insertTicketTypes, lockTicketTypes, updateTicketType, type TicketTypeRow } from './ticket-types.repo.js';
import { recordAudit, type AuditActor } from '../audit/index.js';
import { queueSeatsReturned } from '../checkout/index.js';

const NEW_TICKET_ID = -1;

type TicketFields = RegisterTicketsBody[number];

const columnsOf = (t: TicketFields, currency: string) => ({
  name: t.name,
  priceMinor: toMinor(t.price_per_ticket, parseCurrency(currency)),
  noOfPersons: t.no_of_persons,
  maxTickets: t.max_tickets,
  // Absent: a new type is public without tiers, an updated one keeps what it had.
  ...(t.hidden === undefined ? {} : { hidden: t.hidden }),
  ...(t.tiers === undefined ? {} : { tiers: [...t.tiers].sort((a, b) => a.min_qty - b.min_qty) }),
});

const isOpen = (t: { status: number }) => t.status === TICKET_STATUS.open;

/** Shillings are whole (M-Pesa takes nothing else): a KES price with cents is refused. */
function refuseFractions(tickets: TicketFields[], currency: string) {
  if (!isWholeUnitCurrency(currency)) return;
  tickets.forEach((t, i) => {
    if (!Number.isInteger(t.price_per_ticket)) {
      throw invalidField(`${i}.price_per_ticket`, `${currency} prices are whole amounts, such as 2500`);
    }
  });
}

function nextSortOrder(existing: TicketTypeRow[]) {
  return existing.reduce((max, t) => Math.max(max, t.sortOrder + 1), 0);
}

/** The event's open ticket types, as both ticket calls answer. */
async function openTicketTypes(db: Db, organisationId: number, eventId: number): Promise<TicketType[]> {
  const event = await loadEvent(db, ownEvent(organisationId, eventId));
  if (!event) throw notFound('Event');
  return toEventView(event).tickets;
}

function refuseTooMany(openCount: number) {
  if (openCount > LIMITS.ticketsPerEventMax) {
    throw badRequest(`An event has at most ${LIMITS.ticketsPerEventMax} open ticket types`);
  }
}

/**
 * POST v1/event/{id}/ticket/register: adds ticket types to the organisation's event.
 * Saving the first ticket types of a draft publishes it (Finish Setup, docs/product.md#event-status).
 */
export async function registerTicketTypes(
  db: Db,
  organisationId: number,
  eventId: number,
  tickets: RegisterTicketsBody,
  actor: AuditActor,
): Promise<TicketType[]> {
  await db.transaction(async (tx) => {
    const event = await lockOwnEvent(tx, organisationId, eventId);
    if (!event) throw notFound('Event');
    refuseFractions(tickets, event.currency);
    const existing = await lockTicketTypes(tx, eventId);
    const openBefore = existing.filter(isOpen).length;
    refuseTooMany(openBefore + tickets.length);

    const first = nextSortOrder(existing);
    await insertTicketTypes(
      tx,
      tickets.map((t, i) => ({
        ...columnsOf(t, event.currency),
        eventId,
        status: TICKET_STATUS.open,
        sortOrder: first + i,
      })),
    );
    if (openBefore === 0 && event.status === EVENT_STATUS.draft) {
      await updateEventRow(tx, eventId, { status: EVENT_STATUS.published });
      await recordAudit(tx, actor, {
        action: 'event.published',
        target: { type: 'event', id: eventId, label: event.title },
      });
    }
  });
  invalidatePublicCatalogue(db);
  return openTicketTypes(db, organisationId, eventId);
}

/**
 * POST v1/event/{id}/ticket/update: id -1 creates a type, an existing id changes it, status 3
 * hides it (the row stays for the orders that reference it). Rows not sent are unchanged.
 * All in one transaction with the event and its ticket types locked, so no booking can take
 * tickets between the capacity check and the update.
 */
export async function updateTicketTypes(
  db: Db,
  organisationId: number,
  eventId: number,
  tickets: UpdateTicketsBody,
): Promise<TicketType[]> {
  const seen = new Set<number>();
  tickets.forEach((t, i) => {
    if (t.id === NEW_TICKET_ID) return;
    if (seen.has(t.id)) throw invalidField(`${i}.id`, 'This ticket type is listed twice');
    seen.add(t.id);
  });

  await db.transaction(async (tx) => {
    const event = await lockOwnEvent(tx, organisationId, eventId);
    if (!event) throw notFound('Event');
    refuseFractions(tickets, event.currency);
    const existing = new Map((await lockTicketTypes(tx, eventId)).map((t) => [t.id, t]));

    // Validate every row before writing any.
    tickets.forEach((t, i) => {
      if (t.id === NEW_TICKET_ID) return;
      const current = existing.get(t.id);
      if (!current) throw notFound('Ticket type');
      const taken = current.sold + current.held;
      if (t.max_tickets < taken) {
        throw invalidField(`${i}.max_tickets`, `At least ${taken}: that many are already sold or held`);
      }
    });
    const created = tickets.filter((t) => t.id === NEW_TICKET_ID && isOpen(t));
    const statusAfter = new Map([...existing.values()].map((t) => [t.id, t.status]));
    for (const t of tickets) if (t.id !== NEW_TICKET_ID) statusAfter.set(t.id, t.status);
    const openAfter = [...statusAfter.values()].filter((s) => s === TICKET_STATUS.open).length + created.length;
    if (openAfter === 0) {
      const removing = tickets.findIndex((t) => !isOpen(t));
      throw invalidField(`${Math.max(removing, 0)}.status`, 'An event needs at least one open ticket type');
    }
    refuseTooMany(openAfter);

    for (const t of tickets) {
      if (t.id !== NEW_TICKET_ID)
        await updateTicketType(tx, t.id, { ...columnsOf(t, event.currency), status: t.status });
    }
    // A raised capacity gives seats back: the waiting list is served first (docs/product.md#waiting-list).
    const raised = tickets.filter((t) => {
      const before = existing.get(t.id);
      return before && isOpen(t) && t.max_tickets > before.maxTickets;
    });
    await queueSeatsReturned(
      tx,
      raised.map((t) => t.id),
    );
    const first = nextSortOrder([...existing.values()]);
    await insertTicketTypes(
      tx,
      created.map((t, i) => ({
        ...columnsOf(t, event.currency),
        eventId,
        status: TICKET_STATUS.open,
        sortOrder: first + i,
      })),
    );
  });
  invalidatePublicCatalogue(db);
  return openTicketTypes(db, organisationId, eventId);
}
