import type { FieldError, GuestDetails } from '@tikiti/contract';
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
  /**
   * The email whose tickets another checkout holds (a 409 on `details.email_address`): signing
   * in with a code mailed to it proves it is the buyer's, and their next booking replaces that
   * hold (docs/product.md#guest-checkout).
   */
  heldFor?: string;
}

const DETAIL = /^details\.(full_name|email_address|msisdn)$/;
const LINE = /^tickets\.(\d+)(?:\.|$)/;

/**
 * Sorts field errors onto the form: `details.email_address` goes to the email field,
 * `tickets.<i>.qty` to the ticket type of the i-th line sent (the booking's lines, in order),
 * `phone` to the M-Pesa number.
 */
export function problemOf(
  message: string,
  errors: FieldError[],
  booking: Pick<PendingBooking, 'tickets'>,
): BookingProblem {
  const problem: BookingProblem = { message, details: {}, lines: {} };
  for (const { path, message: said } of errors) {
    const detail = DETAIL.exec(path);
    if (detail) problem.details[detail[1] as keyof GuestDetails] ??= said;
    if (path === 'phone') problem.phone ??= said;
    const line = LINE.exec(path);
    const ticket = line ? booking.tickets[Number(line[1])] : undefined;
    if (ticket) problem.lines[ticket.id] ??= said;
  }
  return problem;
}

/**
 * Sorts the answer of a failed POST v1/event/book. A 409 always names the type that ran short,
 * so the buyer knows which to change, or the email whose tickets another checkout holds.
 */
export function bookingErrorOf(err: unknown, booking: Pick<PendingBooking, 'tickets' | 'details'>): BookingProblem {
  if (!(err instanceof ApiError)) return problemOf(errorMessage(err), [], booking);
  const problem = problemOf(errorMessage(err), err.fieldErrors, booking);
  if (err.status === 409) {
    const short = booking.tickets.filter((t) => problem.lines[t.id] !== undefined);
    const named = short.some((t) => problem.message.includes(t.name));
    if (short.length > 0 && !named) problem.message = `${problem.message} (${short.map((t) => t.name).join(', ')})`;
    if (problem.details.email_address && booking.details) problem.heldFor = booking.details.email_address;
  }
  return problem;
}
