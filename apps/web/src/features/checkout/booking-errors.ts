import type { GuestDetails } from '@tikiti/contract';
import { ApiError, errorMessage } from '../../lib/api-client';
import type { PendingBooking } from './checkout-store';

/** Why a booking call failed, sorted for the form: the message, errors per guest field and per ticket type. */
export interface BookingProblem {
  /** The server's message (docs/product.md#error-messages), shown in the 'Error!' dialog. */
  message: string;
  details: Partial<Record<keyof GuestDetails, string>>;
  /** By ticket type id: the line that ran short (409) or was refused. */
  lines: Record<number, string>;
  /** The M-Pesa number's error (`phone`), when the server refused it. */
  phone?: string;
}

const DETAIL = /^details\.(full_name|email_address|msisdn)$/;
const LINE = /^tickets\.(\d+)(?:\.|$)/;

/**
 * Sorts the answer of a failed POST v1/event/book: `details.email_address` goes to the email
 * field, `tickets.<i>.qty` to the ticket type of the i-th line sent (the booking's lines, in
 * order). A 409 always names the type that ran short, so the buyer knows which to change.
 */
export function bookingErrorOf(err: unknown, booking: Pick<PendingBooking, 'tickets'>): BookingProblem {
  const problem: BookingProblem = { message: errorMessage(err), details: {}, lines: {} };
  if (!(err instanceof ApiError)) return problem;
  for (const { path, message } of err.fieldErrors) {
    const detail = DETAIL.exec(path);
    if (detail) problem.details[detail[1] as keyof GuestDetails] ??= message;
    if (path === 'phone') problem.phone ??= message;
    const line = LINE.exec(path);
    const ticket = line ? booking.tickets[Number(line[1])] : undefined;
    if (ticket) problem.lines[ticket.id] ??= message;
  }
  if (err.status === 409) {
    const short = booking.tickets.filter((t) => problem.lines[t.id] !== undefined);
    const named = short.some((t) => problem.message.includes(t.name));
    if (short.length > 0 && !named) problem.message = `${problem.message} (${short.map((t) => t.name).join(', ')})`;
  }
  return problem;
}
