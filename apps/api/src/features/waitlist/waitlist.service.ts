import { createHash, randomBytes } from 'node:crypto';
import {
  formatDay,
  formatTime,
  parseCurrency,
  slugify,
  TICKET_STATUS,
  toMajor,
  type JoinWaitlistBody,
  type Waitlist,
  type WaitlistEntry,
  type WaitlistJoined,
  type WaitlistOffer,
} from '@tikiti/contract';
import type { AppContext } from '../../app-context.js';
import type { Tx } from '../../db/client.js';
import { enqueueJob } from '../../jobs/queue.js';
import { conflict, notFound } from '../../http/errors.js';
import { recordAudit, type AuditActor } from '../audit/index.js';
import { invalidatePublicCatalogue } from '../catalogue/index.js';
import { offerTokenHash, queueSeatsReturned } from '../checkout/index.js';
import { enqueueMail, waitlistJoinedMail, waitlistOfferMail } from '../mail/index.js';
import { normaliseMsisdn } from '../accounts/index.js';
import {
  eventTakesOffers,
  findEntryByOfferHash,
  findListType,
  findOwnListEvent,
  holdSeats,
  insertEntry,
  listEventEntries,
  listEventTypes,
  lockEntry,
  lockEntryByLeaveHash,
  lockNextWaiting,
  positionOf,
  releaseSeats,
  setEntry,
  setListEnabled,
  type EntryRow,
} from './waitlist.repo.js';

/** The job that ends an unused offer and passes its seats on (docs/product.md#waiting-list). */
export const OFFER_EXPIRY_JOB = 'waitlist.expire-offer';

const newToken = () => randomBytes(24).toString('base64url');
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const firstName = (fullName: string) => fullName.split(/\s+/)[0] ?? '';

/**
 * POST v1/event/{id}/waitlist: joins a sold-out type's list (docs/product.md#waiting-list). The
 * type must be on sale to the public (not hidden), sold out counting holds and offers, and its
 * list on. Once per person (email) per type while they wait or hold an offer. The confirmation
 * mail, with the link to leave, is queued with the entry. A fill job is queued too, in case
 * seats came back between the sold-out check and the join.
 */
export async function joinWaitlist(ctx: AppContext, eventId: number, body: JoinWaitlistBody): Promise<WaitlistJoined> {
  const type = await findListType(ctx.db, body.ticket_type_id);
  if (
    !type ||
    type.eventId !== eventId ||
    type.status !== TICKET_STATUS.open ||
    type.hidden ||
    type.eventStatus !== 1
  ) {
    throw notFound('Ticket type');
  }
  if (type.eventEnd.getTime() <= Date.now()) throw notFound('Ticket type');
  if (!type.waitlistEnabled) {
    throw conflict('The waiting list for these tickets is closed', undefined, 'waitlist.closed');
  }
  if (type.sold + type.held < type.maxTickets) {
    throw conflict(`${type.name} is not sold out: book it now`, undefined, 'waitlist.not_sold_out');
  }
  const leaveToken = newToken();
  return ctx.db.transaction(async (tx) => {
    const entry = await insertEntry(tx, {
      eventId,
      ticketTypeId: type.id,
      fullName: body.full_name,
      email: body.email_address,
      msisdn: normaliseMsisdn(body.msisdn),
      quantity: body.quantity,
      leaveTokenHash: hashOf(leaveToken),
    });
    if (!entry) {
      const message = `${body.email_address} is on this waiting list already`;
      throw conflict(message, [{ path: 'email_address', message }], 'waitlist.already_joined');
    }
    const position = await positionOf(tx, type.id, entry.id);
    await enqueueMail(tx, {
      to: entry.email,
      ...waitlistJoinedMail({
        firstName: firstName(entry.fullName),
        eventTitle: type.eventTitle,
        ticketType: type.name,
        quantity: entry.quantity,
        position,
        leaveUrl: `${ctx.config.publicUrl}/waitlist/leave?token=${leaveToken}`,
      }),
    });
    await queueSeatsReturned(tx, [type.id]);
    return { ticket_type_id: type.id, quantity: entry.quantity, position };
  });
}

/** A live offer's seats given back and passed on, in the caller's transaction (the entry locked). */
async function endOffer(tx: Tx, entry: EntryRow, status: EntryRow['status']) {
  await setEntry(tx, entry.id, { status, offerExpiresAt: entry.status === 'offered' ? entry.offerExpiresAt : null });
  if (entry.status === 'offered') {
    await releaseSeats(tx, entry.ticketTypeId, entry.quantity);
    await queueSeatsReturned(tx, [entry.ticketTypeId]);
  }
}

/** POST v1/waitlist/leave: the leave link. Leaving twice is harmless; a live offer's seats pass on. */
export async function leaveWaitlist(ctx: AppContext, token: string) {
  const left = await ctx.db.transaction(async (tx) => {
    const entry = await lockEntryByLeaveHash(tx, hashOf(token));
    if (!entry) throw notFound('Waiting list entry', 'waitlist.offer_invalid');
    if (entry.status === 'waiting' || entry.status === 'offered') await endOffer(tx, entry, 'left');
    return entry;
  });
  const type = await findListType(ctx.db, left.ticketTypeId);
  invalidatePublicCatalogue(ctx.db);
  return { event_title: type?.eventTitle ?? '', ticket_type: type?.name ?? '', left: true };
}

/**
 * Offers a type's returned seats to the people waiting, in the order they joined
 * (docs/product.md#waiting-list): each offer holds the person's seats (the type's `held`), so
 * nobody else can take them, and mails a private link; its end is a durable job. The first
 * person whose seats do not fit stops the round: nobody is passed over for asking more. Each
 * entry is locked and changes from waiting to offered once, so two rounds at once never serve
 * one person twice. Answers how many offers were made.
 */
export async function offerReturnedSeats(ctx: AppContext, tx: Tx, ticketTypeId: number): Promise<number> {
  const type = await findListType(tx, ticketTypeId);
  if (!type || type.status !== TICKET_STATUS.open) return 0;
  const event = await eventTakesOffers(tx, type.eventId);
  if (!event) return 0;
  let made = 0;
  for (;;) {
    const next = await lockNextWaiting(tx, ticketTypeId);
    if (!next || !(await holdSeats(tx, ticketTypeId, next.quantity))) return made;
    const token = newToken();
    const hours = ctx.config.waitlistOfferHours * 3_600_000;
    const expiresAt = new Date(Math.min(Date.now() + hours, event.start.getTime()));
    await setEntry(tx, next.id, {
      status: 'offered',
      offerTokenHash: offerTokenHash(token),
      offerExpiresAt: expiresAt,
      offersSent: next.offersSent + 1,
    });
    await enqueueJob(tx, OFFER_EXPIRY_JOB, { entryId: next.id }, { runAt: expiresAt });
    await enqueueMail(tx, {
      to: next.email,
      ...waitlistOfferMail({
        firstName: firstName(next.fullName),
        eventTitle: type.eventTitle,
        ticketType: type.name,
        quantity: next.quantity,
        until: `${formatDay(expiresAt.toISOString())} ${formatTime(expiresAt.toISOString())}`,
        offerUrl: `${ctx.config.publicUrl}/waitlist/offer/${token}`,
      }),
    });
    made += 1;
  }
}

/** An offer whose time has run out: its seats pass to the next person. Early or repeated runs change nothing. */
export async function expireOffer(ctx: AppContext, entryId: number) {
  await ctx.db.transaction(async (tx) => {
    const entry = await lockEntry(tx, entryId);
    if (!entry || entry.status !== 'offered' || !entry.offerExpiresAt) return;
    if (entry.offerExpiresAt.getTime() > Date.now()) {
      // Run before its time (a clock ahead, a retry): wait for the offer's end.
      await enqueueJob(tx, OFFER_EXPIRY_JOB, { entryId }, { runAt: entry.offerExpiresAt });
      return;
    }
    await setEntry(tx, entry.id, { status: 'expired' });
    await releaseSeats(tx, entry.ticketTypeId, entry.quantity);
    await offerReturnedSeats(ctx, tx, entry.ticketTypeId);
  });
  invalidatePublicCatalogue(ctx.db);
}

/** GET v1/waitlist/offer/{token}: what the offer link opens; the token is the authority. */
export async function viewOffer(ctx: AppContext, token: string): Promise<WaitlistOffer> {
  const entry = await findEntryByOfferHash(ctx.db, offerTokenHash(token));
  if (!entry) throw notFound('Offer', 'waitlist.offer_invalid');
  if (entry.status !== 'offered' || !entry.offerExpiresAt || entry.offerExpiresAt.getTime() <= Date.now()) {
    throw conflict('This waiting-list offer has ended', undefined, 'waitlist.offer_expired');
  }
  const type = (await findListType(ctx.db, entry.ticketTypeId))!;
  const currency = parseCurrency(type.currency);
  return {
    event_id: type.eventId,
    event_title: type.eventTitle,
    event_slug: slugify(type.eventTitle),
    ticket_type_id: type.id,
    ticket_type: type.name,
    quantity: entry.quantity,
    price_per_ticket: toMajor(type.priceMinor, currency),
    currency,
    expires_at: entry.offerExpiresAt.toISOString(),
    full_name: entry.fullName,
    email_address: entry.email,
    msisdn: entry.msisdn,
  };
}

function entryView(entry: EntryRow, bought: boolean, position: number | null): WaitlistEntry {
  return {
    id: entry.id,
    position,
    full_name: entry.fullName,
    email_address: entry.email,
    msisdn: entry.msisdn,
    quantity: entry.quantity,
    status: entry.status,
    joined_at: entry.createdAt.toISOString(),
    offers_sent: entry.offersSent,
    offer_expires_at: entry.status === 'offered' ? (entry.offerExpiresAt?.toISOString() ?? null) : null,
    bought,
  };
}

async function ownEvent(ctx: AppContext, organisationId: number, eventId: number) {
  const event = await findOwnListEvent(ctx.db, organisationId, eventId);
  if (!event) throw notFound('Event');
  return event;
}

/** GET v1/client/event/{id}/waitlist: a list per open ticket type, people in the order they joined. */
export async function listWaitlists(ctx: AppContext, organisationId: number, eventId: number): Promise<Waitlist[]> {
  await ownEvent(ctx, organisationId, eventId);
  const [types, rows] = await Promise.all([listEventTypes(ctx.db, eventId), listEventEntries(ctx.db, eventId)]);
  return types.map((type) => {
    let position = 0;
    const entries = rows
      .filter((r) => r.entry.ticketTypeId === type.id)
      .map((r) => entryView(r.entry, r.bought, r.entry.status === 'waiting' ? ++position : null));
    return {
      ticket_type_id: type.id,
      ticket_type: type.name,
      enabled: type.waitlistEnabled,
      waiting: position,
      entries,
    };
  });
}

/** DELETE v1/client/event/{id}/waitlist/{entry_id}: the person leaves the list; a live offer's seats pass on. */
export async function removeFromWaitlist(
  ctx: AppContext,
  actor: AuditActor & { organisationId: number },
  eventId: number,
  entryId: number,
): Promise<WaitlistEntry> {
  const event = await ownEvent(ctx, actor.organisationId, eventId);
  const removed = await ctx.db.transaction(async (tx) => {
    const entry = await lockEntry(tx, entryId);
    if (!entry || entry.eventId !== eventId) throw notFound('Waiting list entry');
    if (entry.status === 'waiting' || entry.status === 'offered') await endOffer(tx, entry, 'removed');
    await recordAudit(tx, actor, {
      action: 'waitlist.removed',
      target: { type: 'event', id: eventId, label: event.title },
      details: { entry: entry.id, quantity: entry.quantity },
    });
    return { ...entry, status: entry.status === 'waiting' || entry.status === 'offered' ? 'removed' : entry.status };
  });
  invalidatePublicCatalogue(ctx.db);
  return entryView(removed as EntryRow, false, null);
}

/** PUT v1/client/event/{id}/waitlist/{ticket_type_id}: turns a list on or off; people on it keep their place. */
export async function setWaitlistEnabled(
  ctx: AppContext,
  actor: AuditActor & { organisationId: number },
  eventId: number,
  ticketTypeId: number,
  enabled: boolean,
): Promise<Waitlist> {
  const event = await ownEvent(ctx, actor.organisationId, eventId);
  await ctx.db.transaction(async (tx) => {
    const type = await findListType(tx, ticketTypeId);
    if (!type || type.eventId !== eventId) throw notFound('Ticket type');
    await setListEnabled(tx, ticketTypeId, enabled);
    await recordAudit(tx, actor, {
      action: enabled ? 'waitlist.turned_on' : 'waitlist.turned_off',
      target: { type: 'event', id: eventId, label: event.title },
      details: { ticket_type: type.name },
    });
  });
  invalidatePublicCatalogue(ctx.db);
  const lists = await listWaitlists(ctx, actor.organisationId, eventId);
  const list = lists.find((l) => l.ticket_type_id === ticketTypeId);
  if (!list) throw notFound('Ticket type');
  return list;
}
