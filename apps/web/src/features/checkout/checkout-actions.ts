import {
  bookEventBodySchema,
  mpesaPhone,
  type BookEventBody,
  type BookingCreated,
  type PaymentMethod,
} from '@tikiti/contract';
import { bookEvent } from './api/book-event';
import { problemOf, type BookingProblem } from './booking-errors';
import { isLive, useCheckout, type PendingBooking } from './checkout-store';
import type { CompanyDraft } from './company';
import { answerProblemsOf, delegatesBody } from './delegates';

export { bookingErrorOf } from './booking-errors';

/** How a payment is asked for: `newPrompt` sends M-Pesa a new prompt for the same hold. */
export interface PaymentOptions {
  newPrompt?: boolean;
}

/**
 * The body of POST v1/event/book for a pending booking: only what the call takes, the delegates
 * and answers made from what was typed in the cards (docs/product.md#delegates-and-questions).
 */
export function bookingBody(booking: PendingBooking, method: PaymentMethod, opts: PaymentOptions = {}): BookEventBody {
  const mpesa = method === 'mpesa';
  const delegates = booking.delegates && delegatesBody(booking.delegates);
  return {
    event_id: booking.event_id,
    tickets: booking.tickets.map(({ id, qty, price }) => ({ id, qty, price })),
    payment_method: method,
    ...(booking.details ? { details: booking.details } : {}),
    ...(mpesa && booking.phone !== undefined ? { phone: booking.phone } : {}),
    ...(mpesa && opts.newPrompt ? { new_prompt: true } : {}),
    ...(delegates?.attendees.length ? { attendees: delegates.attendees } : {}),
    ...(delegates?.answers.length ? { answers: delegates.answers } : {}),
    ...(booking.company ? { company: companyBody(booking.company) } : {}),
    ...(booking.marketing_consent ? { marketing_consent: true } : {}),
    ...(booking.code ? { code: booking.code } : {}),
    ...(booking.offer ? { offer: booking.offer } : {}),
    ...(booking.tickets_by_sms ? { tickets_by_sms: true } : {}),
  };
}

/** The company as the call takes it: the optional address and PO number only when typed. */
function companyBody({ name, kra_pin, address, po_number }: CompanyDraft): NonNullable<BookEventBody['company']> {
  return {
    name,
    kra_pin,
    ...(address.trim() ? { address } : {}),
    ...(po_number.trim() ? { po_number } : {}),
  };
}

/**
 * The checks of docs/product.md#validation-rules, before anything is sent: at least one ticket,
 * a guest's full name, email and phone, an M-Pesa number that M-Pesa can prompt, each delegate's
 * name and email, the company's name and KRA PIN (and that pay by invoice has a company), and every answer to the organiser's questions (the contract's `answerProblem`,
 * as the server checks them). The booking as it will be sent (details and number trimmed as the
 * server reads them), or the problem, each message beside its field.
 */
export function checkBooking(
  booking: PendingBooking,
  method: PaymentMethod,
): { booking: PendingBooking } | { problem: BookingProblem } {
  const form = bookEventBodySchema.safeParse(bookingBody(booking, method));
  const answers = booking.delegates ? answerProblemsOf(booking.delegates) : {};
  if (form.success && Object.keys(answers).length === 0) {
    const { details, phone, company } = form.data;
    return {
      booking: {
        ...booking,
        details,
        ...(phone !== undefined ? { phone } : {}),
        // The PIN upper-cased and the texts trimmed, as the server stores them.
        ...(company
          ? { company: { ...company, address: company.address ?? '', po_number: company.po_number ?? '' } }
          : {}),
      },
    };
  }
  const errors = form.success ? [] : form.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  const message = form.success ? Object.values(answers)[0]! : form.error.issues[0]!.message;
  const problem = problemOf(message, errors, booking);
  return { problem: { ...problem, delegates: { ...answers, ...problem.delegates } } };
}

/** The booking with the guest's own phone as its M-Pesa number, when M-Pesa can prompt that phone. */
export function withGuestPhone(booking: PendingBooking): PendingBooking | null {
  const phone = booking.details?.msisdn;
  return phone && mpesaPhone(phone) ? { ...booking, phone } : null;
}

/**
 * The payment of a booking (docs/product.md#checkout-and-payments): a live payment already
 * created for this booking and method is reused; otherwise the booking call holds the tickets
 * (replacing the buyer's own unpaid hold of the event) and creates one. The booking and its
 * payment go to the checkout store. Callers run it one at a time (`useStartPayment`), so repeat
 * clicks never create a second payment.
 */
export async function startPayment(
  booking: PendingBooking,
  method: PaymentMethod,
  opts: PaymentOptions = {},
): Promise<BookingCreated> {
  useCheckout.getState().startBooking(booking);
  const existing = useCheckout.getState().payments[method];
  if (!opts.newPrompt && isLive(existing)) return existing;
  const payment = await bookEvent(bookingBody(booking, method, opts));
  useCheckout.getState().keepPayment(method, payment);
  return payment;
}
