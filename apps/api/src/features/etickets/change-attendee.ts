import { signTicketCode, ticketReference } from '@tikiti/ticket-codes';
import { BOOKING_STATUS, type AttendeeDetails } from '@tikiti/contract';
import type { AppContext } from '../../app-context.js';
import type { Tx } from '../../db/client.js';
import { conflict, notFound } from '../../http/errors.js';
import {
  attendeeQuestionsFor,
  checkDetails,
  findEventRules,
  insertAttendeeChange,
  lockAttendee,
  updateAttendee,
} from '../attendees/index.js';
import type { CheckoutCaller } from '../checkout/index.js';
import { enqueueMail } from '../mail/index.js';
import { changesUntil, lockTimeText } from './changes-until.js';
import { delegateTicketMailOf } from './etickets-mail.js';
import {
  findETickets,
  findTicket,
  insertETickets,
  markReissued,
  nextTicketIds,
  setHolderName,
  type TicketRow,
} from './etickets.repo.js';
import { ticketSigningKey } from './ticket-keys.js';
import { emitAttendeeEvent } from '../webhooks/index.js';

/** Who changes a ticket's delegate: its buyer (signed in, or a guest's checkout key), or an organiser's teammate. */
export type AttendeeChanger =
  | { kind: 'buyer'; who: CheckoutCaller }
  | { kind: 'organiser'; organisationId: number; accountId: number; name: string };

/** May this changer reach this ticket? The buyer their own booking's, an organiser their organisation's. */
function reaches(by: AttendeeChanger, t: TicketRow): boolean {
  if (by.kind === 'organiser') return t.organisationId === by.organisationId;
  const { booking } = t;
  if (booking.status !== BOOKING_STATUS.paid) return false;
  return by.who.kind === 'account'
    ? booking.accountId === by.who.caller.accountId
    : booking.checkoutKeyHash !== null && booking.checkoutKeyHash === by.who.keyHash;
}

/**
 * Names or renames a ticket's delegate (docs/product.md#delegates-and-questions): PUT
 * v1/tickets/{id}/attendee for its buyer, until the event's lock; PUT v1/client/ticket/{id}/attendee
 * for the organiser, without one. A ticket another caller cannot reach, or no longer live (refunded),
 * is a 404; an old id of a ticket re-issued since, a 409. The answers are checked as at booking.
 *
 * A new name or email re-issues the ticket (docs/decisions/0025-rename-reissues-the-code.md): a new
 * e-ticket row, so a new id and a new signed code, the old row marked re-issued so the door
 * refuses its code; nothing else of the booking changes. A ticket already admitted keeps its code:
 * the buyer may not rename it (409), the organiser's correction renames it without a new code.
 * Every change of name or email, and the first naming, is recorded with who made it; a re-issued
 * ticket is mailed to its new delegate, the buyer copied. The delegate's row is locked first, so
 * two changes of one ticket at once take turns: the second finds the old id re-issued (409), and
 * the ticket keeps exactly one live code. Answers the live ticket's id.
 */
export async function changeTicketAttendee(
  ctx: AppContext,
  ticketId: number,
  body: AttendeeDetails,
  by: AttendeeChanger,
  now = new Date(),
): Promise<number> {
  const found = await findTicket(ctx.db, ticketId);
  if (!found || !found.booking.bookingCode || !reaches(by, found)) throw notFound('Ticket');
  const rules = await findEventRules(ctx.db, found.eventId);
  if (!rules) throw notFound('Ticket');
  if (by.kind === 'buyer') {
    const until = changesUntil(rules);
    if (now.getTime() >= until.getTime()) {
      throw conflict(
        `Delegates can no longer be changed: changes closed on ${lockTimeText(until)}`,
        undefined,
        'attendee.changes_locked',
      );
    }
  }
  const details = checkDetails(rules.questions, found.ticketTypeId, body);
  const asked = attendeeQuestionsFor(rules.questions, found.ticketTypeId).map((q) => q.id);
  return ctx.db.transaction(async (tx) => {
    const attendee = await lockAttendee(tx, found, found.booking.fullName);
    // Read again under the lock: a change that went first may have re-issued it.
    const ticket = (await findTicket(tx, ticketId))!;
    if (ticket.reissuedAt !== null) {
      throw conflict(
        'This ticket was re-issued since: reload your tickets and change it there',
        undefined,
        'attendee.ticket_reissued',
      );
    }
    if (ticket.revokedAt !== null || ticket.booking.status !== BOOKING_STATUS.paid) throw notFound('Ticket');
    const renamed = attendee.fullName !== details.fullName || attendee.email !== details.email;
    if (renamed && ticket.admitted && by.kind === 'buyer') {
      throw conflict(
        'This ticket was already used at the entrance, so its delegate can no longer change',
        undefined,
        'attendee.already_admitted',
      );
    }
    const reissue = renamed && !ticket.admitted;
    await updateAttendee(tx, { id: attendee.id, bookingId: ticket.bookingId }, details, asked);
    if (renamed || !attendee.named) {
      await insertAttendeeChange(tx, {
        attendeeId: attendee.id,
        by: by.kind,
        accountId: by.kind === 'organiser' ? by.accountId : (ticket.booking.accountId ?? null),
        byName: by.kind === 'organiser' ? by.name : ticket.booking.fullName,
        from: { fullName: attendee.fullName, email: attendee.email },
        to: { fullName: details.fullName, email: details.email },
        reissued: reissue,
      });
    }
    if (!reissue) {
      if (renamed) await setHolderName(tx, ticket.id, details.fullName);
      await emitAttendeeEvent(tx, 'attendee.updated', ticket.id);
      return ticket.id;
    }
    const newId = await reissueTicket(ctx, tx, ticket, details.fullName);
    await emitAttendeeEvent(tx, 'attendee.updated', newId);
    await enqueueMail(
      tx,
      await delegateTicketMailOf(ctx, tx, { ...ticket, id: newId }, details, await referenceOf(tx, ticket)),
    );
    return newId;
  });
}

/** The ticket's short reference: the booking's and its place among the booking's live tickets. */
async function referenceOf(tx: Tx, ticket: TicketRow) {
  const live = await findETickets(tx, [ticket.bookingId]);
  const number = live.findIndex((t) => t.bookingLineId === ticket.bookingLineId && t.seq === ticket.seq) + 1;
  return ticketReference(ticket.booking.reference, number);
}

/**
 * A ticket re-issued under its delegate's lock: the old row marked, and a new row for the same
 * line and place with a new id and its own code (a code signs its ticket's id, so only a new id
 * gives a new code). Answers the new id.
 */
async function reissueTicket(ctx: AppContext, tx: Tx, old: TicketRow, holderName: string): Promise<number> {
  if (!(await markReissued(tx, old.id))) {
    throw conflict('This ticket was re-issued since', undefined, 'attendee.ticket_reissued');
  }
  const [key, [id]] = await Promise.all([ticketSigningKey(ctx, tx), nextTicketIds(tx, 1)]);
  const code = await signTicketCode(key.privateKey, {
    ticketId: id!,
    eventId: old.eventId,
    bookingRef: old.booking.reference,
    persons: old.admits,
    kind: 'ticket',
  });
  await insertETickets(tx, [
    {
      id: id!,
      bookingId: old.bookingId,
      bookingLineId: old.bookingLineId,
      seq: old.seq,
      eventId: old.eventId,
      code,
      holderName,
      admits: old.admits,
    },
  ]);
  return id!;
}
