import type { ErrorCode, FieldError, GuestDetails } from '@tikiti/contract';
import { ApiError, errorMessage } from '../../lib/api-client';
import type { PendingBooking } from './checkout-store';
import { COMPANY_FIELDS, type CompanyField } from './company';
import { delegateProblemsOf } from './delegates';

/** Why a booking call failed, sorted for the form: the message, errors per guest field and per ticket type. */
export interface BookingProblem {
  /** The server's message (docs/product.md#error-messages), shown in the 'Error!' dialog. */
  message: string;
  details: Partial<Record<keyof GuestDetails, string>>;
  /** By ticket type id, ready to show beside it: the line that ran short (409) or was refused. */
  lines: Record<number, string>;
  /** The M-Pesa number's error (`phone`), when the server refused it. */
  phone?: string;
  /** Why the server refused the buyer's code (`code.*`, docs/product.md#discount-codes), shown beside "Have a code?". */
  code?: string;
  /**
   * Errors of the delegate cards and the order questions, by where they show
   * (`{card key}.{field}`, `order.q{id}`: checkout/delegates.ts).
   */
  delegates: Record<string, string>;
  /** Errors of "Buying for a company", by field (`company` alone: pay by invoice without one, on the name). */
  company: Partial<Record<CompanyField, string>>;
  /**
   * The email whose tickets another checkout holds (a 409 on `details.email_address`): signing
   * in with a code mailed to it proves it is the buyer's, and their next booking replaces that
   * hold (docs/product.md#guest-checkout).
   */
  heldFor?: string;
}

const DETAIL = /^details\.(full_name|email_address|msisdn)$/;
const LINE = /^tickets\.(\d+)(?:\.|$)/;

/** The refusals whose line message names its ticket type ('VIP is sold out', docs/api.md#error-codes). */
const NAMES_THE_TYPE: readonly ErrorCode[] = ['booking.sold_out', 'booking.only_n_left'];

/**
 * Sorts field errors onto the form: `details.email_address` goes to the email field,
 * `tickets.<i>.qty` to the ticket type of the i-th line sent (the booking's lines, in order),
 * `phone` to the M-Pesa number, `attendees.<i>.…` and `answers.<i>.…` to the delegate card or
 * order question they came from. A line's message gets its type's name before it unless it names
 * the type itself (`named`).
 */
export function problemOf(
  message: string,
  errors: FieldError[],
  booking: Pick<PendingBooking, 'tickets' | 'delegates'>,
  named = false,
): BookingProblem {
  const problem: BookingProblem = {
    message,
    details: {},
    lines: {},
    delegates: booking.delegates ? delegateProblemsOf(errors, booking.delegates) : {},
    company: {},
  };
  for (const { path, message: said } of errors) {
    const detail = DETAIL.exec(path);
    if (detail) problem.details[detail[1] as keyof GuestDetails] ??= said;
    if (path === 'phone') problem.phone ??= said;
    if (path === 'code') problem.code ??= said;
    if (path === 'company') problem.company.name ??= said;
    const companyField = COMPANY_FIELDS.find((f) => path === `company.${f}`);
    if (companyField) problem.company[companyField] ??= said;
    const line = LINE.exec(path);
    const ticket = line ? booking.tickets[Number(line[1])] : undefined;
    if (ticket) problem.lines[ticket.id] ??= named ? said : `${ticket.name}: ${said}`;
  }
  return problem;
}

/**
 * Sorts the answer of a failed POST v1/event/book, by the error's code, never its words: a
 * sold-out or only-N-left line says which type it is; any other refusal of a line gets the
 * type's name before it; tickets another checkout holds for the typed email offer to prove it.
 */
export function bookingErrorOf(
  err: unknown,
  booking: Pick<PendingBooking, 'tickets' | 'details' | 'delegates'>,
): BookingProblem {
  if (!(err instanceof ApiError)) return problemOf(errorMessage(err), [], booking);
  const named = err.code !== null && NAMES_THE_TYPE.includes(err.code);
  const problem = problemOf(errorMessage(err), err.fieldErrors, booking, named);
  if (err.code === 'booking.held_for_buyer' && booking.details) problem.heldFor = booking.details.email_address;
  return problem;
}
