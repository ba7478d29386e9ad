import { answerText, type ETicketItem, type TicketAttendee } from '@tikiti/contract';
import { ticketReference } from '@tikiti/ticket-codes';
import type { AttendeeRow } from '../attendees/index.js';
import type { ETicketRow } from './etickets.repo.js';
import type { SignedFile } from './ticket-urls.js';

/**
 * A ticket's delegate (docs/product.md#delegates-and-questions). A ticket without a delegate row
 * (issued before delegates existed) is to be named, in its holder's name.
 */
export function attendeeOf(row: AttendeeRow | undefined, holderName: string): TicketAttendee {
  if (!row) {
    return {
      full_name: holderName,
      email: null,
      msisdn: null,
      company: null,
      job_title: null,
      named: false,
      answers: [],
    };
  }
  return {
    full_name: row.fullName,
    email: row.email,
    msisdn: row.msisdn,
    company: row.company,
    job_title: row.jobTitle,
    named: row.named,
    answers: row.answers.map((a) => ({ question_id: a.questionId, label: a.label, text: answerText(a.value) })),
  };
}

/** The delegate of a ticket among these rows: keyed like the ticket, by line and place. */
export const attendeeFor = (rows: AttendeeRow[], t: { bookingLineId: number; seq: number }) =>
  rows.find((a) => a.bookingLineId === t.bookingLineId && a.seq === t.seq);

/** One e-ticket as the buyer's and the delegate's views show it: `number` is its place in its booking. */
export function ticketItem(
  t: ETicketRow,
  booking: { reference: string; revoked: boolean },
  number: number,
  attendee: AttendeeRow | undefined,
  sign: (file: SignedFile) => string,
  certificate: ETicketItem['certificate'] = null,
): ETicketItem {
  return {
    id: t.id,
    code: t.code,
    qr: sign(`qr:${t.id}`),
    reference: ticketReference(booking.reference, number),
    ticket_type: t.ticketType,
    ticket_type_id: t.ticketTypeId,
    admits: t.admits,
    holder_name: t.holderName,
    revoked: booking.revoked || t.revokedAt !== null,
    attendee: attendeeOf(attendee, t.holderName),
    certificate,
  };
}
