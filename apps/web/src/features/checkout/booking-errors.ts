import type { ErrorCode, GuestDetails } from '@tikiti/contract';
import { ApiError, errorMessage } from '../../lib/api-client';
import type { PendingBooking } from './checkout-store';

/** Why a booking call failed, sorted for the form: the message, errors per guest field and per ticket type. */
export interface BookingProblem {
  /** The server's message (docs/product.md#error-messages), shown in the 'Error!' dialog. */
  message: string;
  details: Partial<Record<keyof GuestDetails, string>>;
  /** By ticket type id, ready to show beside it: the line that ran short (409) or was refused. */
  lines: Record<number, string>;
  /** The M-Pesa number's error (`phone`), when the server refused it. */
  phone?: string;
}

const DETAIL = /^details\.(full_name|email_address|msisdn)$/;
const LINE = /^tickets\.(\d+)(?:\.|$)/;

/** The refusals whose line message names its ticket type ('VIP is sold out', docs/api.md#error-codes). */
const NAMES_THE_TYPE: readonly ErrorCode[] = ['booking.sold_out', 'booking.only_n_left'];

/**
 * Sorts the answer of a failed POST v1/event/book: `details.email_address` goes to the email
 * field, `tickets.<i>.qty` to the ticket type of the i-th line sent (the booking's lines, in
 * order). By the error's code, never its words: a sold-out or only-N-left line says which type
 * it is; any other refusal of a line gets the type's name before it.
 */
export function bookingErrorOf(err: unknown, booking: Pick<PendingBooking, 'tickets'>): BookingProblem {
  const problem: BookingProblem = { message: errorMessage(err), details: {}, lines: {} };
  if (!(err instanceof ApiError)) return problem;
  const named = err.code !== null && NAMES_THE_TYPE.includes(err.code);
  for (const { path, message } of err.fieldErrors) {
    const detail = DETAIL.exec(path);
    if (detail) problem.details[detail[1] as keyof GuestDetails] ??= message;
    if (path === 'phone') problem.phone ??= message;
    const line = LINE.exec(path);
    const ticket = line ? booking.tickets[Number(line[1])] : undefined;
    if (ticket) problem.lines[ticket.id] ??= named ? message : `${ticket.name}: ${message}`;
  }
  return problem;
}
