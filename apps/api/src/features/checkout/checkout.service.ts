import { createHash, randomInt } from 'node:crypto';
import {
  BOOKING_MESSAGES,
  BOOKING_STATUS,
  EVENT_STATUS,
  formatTime,
  type Currency,
  formatAmount,
  formatDateRange,
  parseCurrency,
  MPESA_PHONE_MESSAGE,
  mpesaPhone,
  slugify,
  toMajor,
  type BookEventBody,
  type BookingCreated,
  type FieldError,
  type PaymentProviderName,
  type StoredBooking,
} from '@tikiti/contract';
import type { AppContext } from '../../app-context.js';
import type { Tx } from '../../db/client.js';
import {
  AppError,
  badRequest,
  causeChain,
  conflict,
  invalidField,
  isDatabaseUnavailable,
  notFound,
  serviceUnavailable,
} from '../../http/errors.js';
import { findOrCreateBuyer, normaliseMsisdn } from '../accounts/index.js';
import { recordCheckoutConsent } from '../consent/index.js';
import { newCheckoutKey } from './checkout-keys.js';
import type { CheckoutCaller } from './checkout-caller.js';
import { enqueueMail, lateBookingRefundMail, paymentNotAcceptedMail, type BookingSummary } from '../mail/index.js';
import { issueETickets, revokeBookingTickets, ticketsConfirmationMail, ticketsSmsText } from '../etickets/index.js';
import { enqueueSms } from '../sms/index.js';
import { publicImageUrls } from '../media/index.js';
import {
  findLatestPayment,
  findPaymentBySecret,
  insertPayment,
  setPaymentReceived,
  updatePaymentState,
  type Intent,
  type PaymentRow,
} from '../payments/index.js';
import { invalidatePublicCatalogue } from '../catalogue/index.js';
import { findEventRules, planBookingAttendees, saveBookingAttendees, type AttendeePlan } from '../attendees/index.js';
import { providerNamed } from './providers.js';
import { awaitInvoicePayment, keepCompany, withInvoice } from './invoice-bookings.js';
import {
  amountOwedMinor,
  bookingDocumentLinks,
  documentUrlSigner,
  invoiceTermsFor,
  payToOf,
} from '../invoices/index.js';
import { requestRefund } from './refunds.js';
import { receivedMismatch, receivedText } from './received-amount.js';
import {
  bookTickets,
  findBooking,
  findBookingEvent,
  findLines,
  isEventCancelled,
  lockBooking,
  releaseHeld,
  sellHeld,
  sellIfRoom,
  setBookingAccount,
  setBookingStatus,
  setTicketsBySms,
  type BookedTickets,
  type BookingRow,
} from './checkout.repo.js';
import { emitBookingEvent } from '../webhooks/index.js';

/** Booking references: TK- and 7 characters that cannot be misread (no 0/O, 1/I/L); fits M-Pesa's 12. */
const REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const newReference = () =>
  `TK-${Array.from({ length: 7 }, () => REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)]).join('')}`;

/** E.164 with a Kenyan number's shape checked: +254 then 7xx or 1xx and 8 digits. */
function phoneOf(raw: string): string {
  const phone = normaliseMsisdn(raw);
  const valid = phone.startsWith('+254') ? /^\+254[17]\d{8}$/.test(phone) : /^\+[1-9]\d{7,14}$/.test(phone);
  if (!valid) {
    throw invalidField('details.msisdn', 'Enter a phone number such as 0712 345 678 or +44 20 7946 0958');
  }
  return phone;
}

/**
 * Who is buying: a signed-in buyer with the account's details; a guest coming back with their
 * checkout key, for whoever the details they typed name (the key says which checkout it is, and
 * so whose unpaid hold a new booking replaces: docs/product.md#guest-checkout); or a new guest,
 * whose details are checked and who gets a new checkout key. A guest's account is made when
 * they pay.
 */
function buyerOf(body: BookEventBody, who: CheckoutCaller | undefined, reference: string) {
  if (who?.kind === 'account' && who.caller.type === 'user') {
    const c = who.caller;
    return {
      accountId: c.accountId as number | null,
      keyHash: null as string | null,
      token: undefined as string | undefined,
      newGuest: false,
      fullName: `${c.firstName} ${c.lastName}`.trim() || c.email,
      email: c.email,
      msisdn: c.msisdn,
    };
  }
  const d = body.details;
  if (who?.kind === 'checkout') {
    return {
      accountId: null,
      keyHash: who.keyHash,
      token: undefined,
      newGuest: false,
      fullName: d?.full_name ?? who.fullName,
      email: d?.email_address ?? who.email,
      msisdn: d ? phoneOf(d.msisdn) : who.msisdn,
    };
  }
  if (!d) {
    throw badRequest(BOOKING_MESSAGES.noDetails, [{ path: 'details', message: BOOKING_MESSAGES.noDetails }]);
  }
  const key = newCheckoutKey(reference);
  return {
    accountId: null,
    keyHash: key.keyHash,
    token: key.token as string | undefined,
    newGuest: true,
    fullName: d.full_name,
    email: d.email_address,
    msisdn: phoneOf(d.msisdn),
  };
}

/** One key per buyer (by email), event, method and lines: a second click while the hold lives finds the first booking. */
function dedupeKeyOf(email: string, body: BookEventBody) {
  const lines = body.tickets
    .map((t) => `${t.id}x${t.qty}`)
    .sort()
    .join(',');
  return createHash('sha256').update(`${email}|${body.event_id}|${body.payment_method}|${lines}`).digest('hex');
}

/** The SQLSTATE of a refusal raised by book_tickets(), wherever Drizzle wrapped it. */
function bookingRefusal(err: unknown) {
  for (const e of causeChain(err)) {
    const x = e as { code?: unknown; message?: unknown; detail?: unknown; hint?: unknown };
    if (typeof x.code === 'string' && x.code.startsWith('TK')) {
      return { code: x.code, name: String(x.message ?? ''), left: Number(x.detail), ticketId: Number(x.hint) };
    }
  }
  return undefined;
}

function refusalError(refusal: NonNullable<ReturnType<typeof bookingRefusal>>, body: BookEventBody): AppError {
  switch (refusal.code) {
    case 'TK404':
      return notFound('Event');
    case 'TK410':
      return badRequest('This event has ended; its tickets are no longer on sale', undefined, 'booking.event_ended');
    case 'TK422':
      return invalidField('tickets', 'A ticket type in this order is not on sale for this event');
    default: {
      const index = body.tickets.findIndex((t) => t.id === refusal.ticketId);
      const message =
        refusal.left > 0
          ? `Only ${refusal.left} ${refusal.name} ${refusal.left === 1 ? 'ticket is' : 'tickets are'} left`
          : `${refusal.name} is sold out`;
      const errors: FieldError[] = [{ path: `tickets.${Math.max(index, 0)}.qty`, message }];
      return conflict(message, errors, refusal.left > 0 ? 'booking.only_n_left' : 'booking.sold_out');
    }
  }
}

/**
 * POST v1/event/book (docs/api.md#checkout): holds the tickets for HOLD_MINUTES and creates
 * the payment at the provider. Prices come from the ticket types, never from the client. A
 * guest becomes (or is found as) a buyer account and gets a checkout session's token.
 */
export async function bookEvent(
  ctx: AppContext,
  body: BookEventBody,
  who: CheckoutCaller | undefined,
): Promise<{ created: BookingCreated; token?: string }> {
  const { plan, invoice } = await checkBookingRequest(ctx, body);
  const mpesa = body.payment_method === 'mpesa';
  const provider = providerNamed(ctx, mpesa ? 'mpesa' : invoice ? 'invoice' : 'card');
  // Signing reads the application's secret: made before the hold's transaction.
  const sign = invoice ? await documentUrlSigner(ctx.db, 'mail') : undefined;
  const pageSign = invoice ? await documentUrlSigner(ctx.db, 'page') : undefined;
  const reference = newReference();
  const buyer = buyerOf(body, who, reference);
  const phone = mpesa ? mpesaPhoneOf(body, buyer) : undefined;
  const intentFor = (amountMinor: number, currency: Currency, ref: string, attempt = 0) =>
    provider.createIntent({
      amountMinor,
      currency,
      reference: ref,
      idempotencyKey: attempt ? `booking-${ref}-${attempt}` : `booking-${ref}`,
      email: buyer.email,
      description: `Tikiti booking ${ref}`,
      phone,
    });
  // A provider that needs no round trip (the sandbox) has its payment recorded with the booking.
  const local = provider.localIntent ? await provider.localIntent(`booking-${reference}`) : undefined;
  const booked = await holdTickets(
    ctx,
    body,
    buyer,
    reference,
    local ? { provider: provider.name, intent: local } : null,
    plan,
    async (tx, held) => {
      await keepCompany(tx, held.bookingId, body);
      if (body.tickets_by_sms) await setTicketsBySms(tx, held.bookingId);
      if (invoice && !held.existing) {
        await awaitInvoicePayment(ctx, tx, held.bookingId, invoice.event, invoice.dueAt, sign!);
      }
    },
  );
  // The unticked box, ticked (docs/security.md#consent): recorded once the tickets are held.
  if (body.marketing_consent) {
    await recordCheckoutConsent(ctx.db, { email: buyer.email, accountId: buyer.accountId, eventId: body.event_id });
  }
  const currency = parseCurrency(booked.currency);
  const clientSecret = await paymentOf(
    ctx,
    booked,
    phone ? { phone, newPrompt: body.new_prompt === true } : undefined,
    provider.name,
    (attempt) => intentFor(booked.totalMinor, currency, booked.reference, attempt),
  );
  return {
    token: buyer.token,
    created: {
      client_secret: clientSecret,
      booking_reference: booked.reference,
      hold_expires_at: (invoice?.dueAt ?? booked.holdExpiresAt).toISOString(),
      payment_method: body.payment_method,
      provider: provider.name,
      price: toMajor(booked.totalMinor, currency),
      currency,
      due_at: invoice ? invoice.dueAt.toISOString() : null,
      proforma_url: pageSign ? pageSign(`proforma:${booked.reference}`) : null,
    },
  };
}

/**
 * What is refused before anything is written: a ticket type listed twice, PayPal, M-Pesa
 * for an event not priced in shillings (M-Pesa takes shillings only: refused before anything is
 * held or any prompt sent), and delegates or answers the event's rules refuse
 * (docs/product.md#delegates-and-questions). Answers the delegates and answers to keep.
 */
async function checkBookingRequest(ctx: AppContext, body: BookEventBody) {
  const seen = new Set<number>();
  body.tickets.forEach((t, i) => {
    if (seen.has(t.id)) throw invalidField(`tickets.${i}.id`, 'This ticket type is listed twice');
    seen.add(t.id);
  });
  if (body.payment_method === 'paypal') {
    throw invalidField('payment_method', 'Pay by card or M-Pesa');
  }
  // An event not on sale is the same 404 whether or not delegates came with the booking.
  const rules = await findEventRules(ctx.db, body.event_id);
  if (!rules || rules.status !== EVENT_STATUS.published) throw notFound('Event');
  const plan = planBookingAttendees(rules, body);
  if (body.payment_method === 'invoice') {
    // Pay by invoice (docs/product.md#pay-by-invoice): for a company, when the event offers it.
    if (!body.company) throw invalidField('company', BOOKING_MESSAGES.companyForInvoice);
    const event = await findBookingEvent(ctx.db, body.event_id);
    if (!event) throw notFound('Event');
    const dueAt = await invoiceTermsFor(ctx.db, event);
    return { plan, invoice: { event, dueAt } };
  }
  if (body.payment_method === 'mpesa') {
    const event = await findBookingEvent(ctx.db, body.event_id);
    if (!event) throw notFound('Event');
    if (event.currency !== 'KES') {
      throw invalidField(
        'payment_method',
        'M-Pesa takes Kenyan shillings only; pay for this event by card',
        'payment.mpesa_kes_only',
      );
    }
  }
  return { plan, invoice: undefined };
}

type Buyer = ReturnType<typeof buyerOf>;

/** Another checkout's live booking of the same email and tickets, answered by book_tickets() unchanged. */
const heldForOther = (booked: BookedTickets, buyer: Buyer) =>
  booked.existing && (buyer.newGuest || booked.checkoutKeyHash !== buyer.keyHash);

/** The phone an M-Pesa prompt goes to: the one typed for it, else the buyer's. */
function mpesaPhoneOf(body: BookEventBody, buyer: Buyer): string {
  const raw = body.phone ?? buyer.msisdn ?? '';
  const phone = mpesaPhone(raw);
  if (!phone) throw invalidField(body.phone ? 'phone' : 'details.msisdn', MPESA_PHONE_MESSAGE);
  return phone;
}

/**
 * The hold, through `book_tickets()`: a new booking, or the same buyer's live one for the same
 * lines. Its refusals become the caller's errors; another checkout's live hold is a conflict.
 */
async function holdTickets(
  ctx: AppContext,
  body: BookEventBody,
  buyer: Buyer,
  reference: string,
  local: { provider: PaymentProviderName; intent: Pick<Intent, 'id' | 'clientSecret'> } | null,
  plan: AttendeePlan,
  within: (tx: Tx, held: BookedTickets) => Promise<void>,
) {
  let booked;
  try {
    // The delegates and answers are written with the hold, in its transaction: a hold carries its
    // names, and a booking answered again (the same buyer's, resumed) takes this request's.
    booked = await ctx.db.transaction(async (tx) => {
      const held = await bookTickets(tx, {
        eventId: body.event_id,
        accountId: buyer.accountId,
        checkoutKeyHash: buyer.keyHash,
        fullName: buyer.fullName,
        email: buyer.email,
        msisdn: buyer.msisdn,
        paymentMethod: body.payment_method,
        reference,
        dedupeKey: dedupeKeyOf(buyer.email, body),
        holdMinutes: ctx.config.holdMinutes,
        lines: body.tickets.map((t) => ({ ticketTypeId: t.id, quantity: t.qty })),
        payment: local
          ? { provider: local.provider, intentId: local.intent.id, clientSecret: local.intent.clientSecret }
          : null,
      });
      if (!heldForOther(held, buyer)) {
        await saveBookingAttendees(tx, held.bookingId, buyer.fullName, plan, held.existing);
        await within(tx, held);
      }
      return held;
    });
  } catch (err) {
    const refusal = bookingRefusal(err);
    if (refusal) throw refusalError(refusal, body);
    throw err;
  }
  if (heldForOther(booked, buyer)) {
    // Someone typed this email for these tickets a moment ago and has not paid yet: only their
    // own checkout session may carry on with that booking.
    // Named on the email, where the way forward is: proving it by signing in with a mailed code
    // replaces that hold (book_tickets(), migrations/0012_own_hold_replaced.sql).
    const message =
      `These tickets are already held for ${buyer.email} until ${formatTime(booked.holdExpiresAt.toISOString())}. ` +
      'Finish that payment, or book again once the hold ends.';
    throw conflict(message, [{ path: 'details.email_address', message }], 'booking.held_for_buyer');
  }
  // The catalogue shows what is left; a hold changes it.
  if (!booked.existing) invalidatePublicCatalogue(ctx.db);
  return booked;
}

/**
 * The client secret of the booking's payment: the one recorded with it, or a new payment at the
 * provider. A new booking whose payment cannot be created is given up.
 */
async function paymentOf(
  ctx: AppContext,
  booked: BookedTickets,
  mpesa: { phone: string; newPrompt: boolean } | undefined,
  providerName: PaymentProviderName,
  createIntent: (attempt: number) => Promise<Intent>,
): Promise<string> {
  let clientSecret = booked.clientSecret;
  let attempt = 0;
  if (mpesa && booked.existing) {
    // The same buyer trying M-Pesa again while the hold lasts: a prompt still on the phone is
    // waited for, unless the buyer asks for a new one (it never came) or for another number;
    // one that failed (cancelled, timed out, wrong PIN…) gives way to a new prompt.
    const latest = await findLatestPayment(ctx.db, booked.bookingId);
    clientSecret = latest?.clientSecret ?? null;
    const failed = latest?.status === 'requires_payment_method' && Boolean(latest.lastError);
    const otherNumber = latest?.phone != null && latest.phone !== mpesa.phone;
    if (latest && (failed || otherNumber || mpesa.newPrompt)) {
      clientSecret = null;
      attempt = latest.id;
    }
  }
  if (clientSecret) return clientSecret;
  try {
    const intent = await createIntent(attempt);
    await insertPayment(ctx.db, {
      bookingId: booked.bookingId,
      provider: providerName,
      intentId: intent.id,
      clientSecret: intent.clientSecret,
      status: intent.status,
      amountMinor: intent.amountMinor,
      currency: intent.currency,
      phone: intent.phone ?? null,
    });
    return intent.clientSecret;
  } catch (err) {
    // No payment, no hold: the tickets go straight back on sale (best effort: the sweep
    // releases the hold anyway when it runs out). A failed retry keeps the hold.
    if (!booked.existing) await abandonBooking(ctx, booked.bookingId).catch(() => undefined);
    if (err instanceof AppError || isDatabaseUnavailable(err)) throw err;
    throw serviceUnavailable(
      mpesa
        ? 'M-Pesa is unavailable right now, please try again in a moment'
        : 'Card payments are unavailable right now, please try again in a moment',
      'payment.unavailable',
    );
  }
}

/** A pending booking given up (its payment could not be created): failed, tickets back on sale. */
async function abandonBooking(ctx: AppContext, bookingId: number) {
  await ctx.db.transaction(async (tx) => {
    const found = await lockBooking(tx, bookingId);
    if (!found || found.booking.status !== BOOKING_STATUS.pending) return;
    await releaseHeld(tx, found.lines);
    await setBookingStatus(tx, bookingId, BOOKING_STATUS.failed);
  });
  invalidatePublicCatalogue(ctx.db);
}

/** The late-refund mail's view of a booking (read in the settling transaction: PGlite has one connection). */
async function summaryOf(ctx: AppContext, tx: Tx, booking: BookingRow, lines: Awaited<ReturnType<typeof findLines>>) {
  const event = await findBookingEvent(tx, booking.eventId);
  const currency = parseCurrency(booking.currency);
  const money = (minor: number) => formatAmount(toMajor(minor, currency), currency);
  const summary: BookingSummary = {
    firstName: booking.fullName.split(/\s+/)[0] ?? '',
    reference: booking.reference,
    eventTitle: event?.title ?? 'your event',
    when: event ? formatDateRange(event.startTime.toISOString(), event.endTime.toISOString()) : '',
    location: event?.location ?? '',
    lines: lines.map((l) => ({ name: l.name, quantity: l.quantity, amount: money(l.unitPriceMinor * l.quantity) })),
    total: money(booking.totalMinor),
    ticketsUrl: `${ctx.config.publicUrl}/account/tickets`,
  };
  return summary;
}

/** A booking a payment may still settle: held, or its hold ended or cancelled (the late-payment rules). */
const OPEN_STATUSES: readonly number[] = [BOOKING_STATUS.pending, BOOKING_STATUS.failed, BOOKING_STATUS.cancelled];

/**
 * Settles a booking by what the provider says of its payment (the source of truth; a webhook
 * or a page that calls retrieve only prompts the question). Idempotent and safe under any
 * race: the booking row is locked, and a paid or refunded booking is left as it is.
 * - succeeded for another amount or currency than the booking's total: never settles (see
 *   `refuseMismatchedPayment`);
 * - succeeded and still held: the held tickets become sold, status 2, e-tickets issued and mailed;
 * - succeeded after the hold ended: sold again if they still fit, else refunded (status 5)
 *   through the provider by a job, and the buyer mailed;
 * - any other state: only the payment's record changes.
 */
export async function settleBooking(ctx: AppContext, bookingId: number, payment: PaymentRow, intent: Intent) {
  let soldOrReleased = false;
  await ctx.db.transaction(async (tx) => {
    const found = await lockBooking(tx, bookingId);
    if (!found) return;
    const { booking, lines } = found;
    const received = { minor: intent.amountReceivedMinor, currency: intent.currency };
    const mismatch = intent.status === 'succeeded' ? receivedMismatch(booking, received) : null;
    const refused = mismatch !== null && OPEN_STATUSES.includes(booking.status);
    const lastError = refused
      ? `${mismatch} It was not accepted, and the money is being refunded.`
      : (mismatch ?? intent.lastError);
    if (payment.status !== intent.status || payment.lastError !== lastError) {
      await updatePaymentState(tx, payment.id, { status: intent.status, lastError });
    }
    if (intent.status !== 'succeeded') return;
    if (payment.receivedMinor !== received.minor || payment.receivedCurrency !== received.currency) {
      await setPaymentReceived(tx, payment.id, received.minor, received.currency);
    }
    if (mismatch) {
      soldOrReleased = await refuseMismatchedPayment(ctx, tx, booking, lines, payment, received);
      return;
    }
    // A guest who pays gets the buyer account of their email (made on first use).
    if (booking.accountId === null) {
      const account = await findOrCreateBuyer(tx, booking.email, booking.fullName);
      await setBookingAccount(tx, booking.id, account.id);
    }
    if (booking.status === BOOKING_STATUS.pending && (await isEventCancelled(tx, booking.eventId))) {
      // Its event was cancelled before the cancellation's job reached this hold: the hold is
      // released now and the payment refunded below, never honoured.
      await releaseHeld(tx, lines);
      await setBookingStatus(tx, booking.id, BOOKING_STATUS.cancelled);
      booking.status = BOOKING_STATUS.cancelled;
      soldOrReleased = true;
    }
    if (booking.status === BOOKING_STATUS.pending || booking.status === BOOKING_STATUS.awaiting_payment) {
      // The hot ticket_types rows are locked last, just before commit: signing the codes and
      // building the mail happen under the booking's lock only (docs/decisions/0018-hot-rows-last.md).
      // The invoice's number is taken just before them (its counter row is the organisation's hot row).
      await setBookingStatus(tx, booking.id, BOOKING_STATUS.paid, true);
      await issueETickets(ctx, tx, booking.id);
      const mail = await ticketsConfirmationMail(ctx, booking.id, tx);
      await enqueueMail(tx, await withInvoice(tx, booking, lines, payment, mail));
      await afterPaid(ctx, tx, booking);
      await sellHeld(tx, lines);
      soldOrReleased = true;
      return;
    }
    if (booking.status === BOOKING_STATUS.failed || booking.status === BOOKING_STATUS.cancelled) {
      // Paid after the hold ended: honoured if the tickets still fit. A cancelled booking (its
      // event cancelled) is never honoured: the money goes back.
      // Made paid with its e-tickets and mail in a savepoint whose last statement takes the
      // tickets if they still fit (the hot rows last); no room undoes it all.
      const kept =
        booking.status === BOOKING_STATUS.failed &&
        (await tx
          .transaction(async (sp) => {
            await setBookingStatus(sp, booking.id, BOOKING_STATUS.paid, true);
            await issueETickets(ctx, sp, booking.id);
            const mail = await ticketsConfirmationMail(ctx, booking.id, sp);
            // Undone with the rest when the tickets no longer fit: no invoice number is used.
            await enqueueMail(sp, await withInvoice(sp, booking, lines, payment, mail));
            await afterPaid(ctx, sp, booking);
            if (!(await sellIfRoom(sp, lines))) throw new NoRoom();
            return true;
          })
          .catch((err: unknown) => {
            if (err instanceof NoRoom) return false;
            throw err;
          }));
      if (kept) {
        soldOrReleased = true;
      } else {
        await setBookingStatus(tx, booking.id, BOOKING_STATUS.refunded);
        await revokeBookingTickets(tx, booking.id);
        await requestRefund(tx, booking, { paymentId: payment.id });
        await enqueueMail(tx, {
          to: booking.email,
          ...lateBookingRefundMail(await summaryOf(ctx, tx, booking, lines)),
        });
      }
    }
  });
  if (soldOrReleased) invalidatePublicCatalogue(ctx.db);
}

class NoRoom extends Error {}

/**
 * What else a booking's becoming paid sets off, in the settling transaction (issue 29): the
 * tickets' SMS when the buyer asked for it (docs/product.md#messages-to-attendees), and the
 * `booking.paid` webhook (docs/api.md#webhooks).
 */
async function afterPaid(
  ctx: AppContext,
  tx: Tx,
  booking: { id: number; ticketsBySms: boolean; msisdn: string | null },
) {
  await emitBookingEvent(tx, 'booking.paid', booking.id);
  if (booking.ticketsBySms && booking.msisdn) {
    const to = booking.msisdn.startsWith('+') ? booking.msisdn : `+${booking.msisdn}`;
    await enqueueSms(
      tx,
      { to, text: await ticketsSmsText(ctx, booking.id, tx) },
      { dedupeKey: `tickets-sms:${booking.id}` },
    );
  }
}

/**
 * A payment that took another amount (or currency) than the booking's total
 * (docs/decisions/0024-payment-amount-checked.md): it settles nothing and issues no tickets.
 * A booking still open is refused with it: a live hold is released (status 3), the money is
 * refunded by the refund job (once per payment, however often the payment is settled again),
 * and the buyer is mailed, all in the settling transaction. The mismatch stays on the payment
 * (`received_minor`, `last_error`) for the organiser. A booking already paid (an M-Pesa callback
 * naming another amount after the query settled it) keeps its tickets: the organiser sees the
 * mismatch and decides. True when a hold was released.
 */
async function refuseMismatchedPayment(
  ctx: AppContext,
  tx: Tx,
  booking: BookingRow,
  lines: Awaited<ReturnType<typeof findLines>>,
  payment: PaymentRow,
  received: { minor: number; currency: string },
): Promise<boolean> {
  if (!OPEN_STATUSES.includes(booking.status) || payment.refundedAt) return false;
  const held = booking.status === BOOKING_STATUS.pending;
  if (held) {
    await releaseHeld(tx, lines);
    await setBookingStatus(tx, booking.id, BOOKING_STATUS.failed);
  }
  if (await requestRefund(tx, booking, { paymentId: payment.id }, `refund-payment-${payment.id}`)) {
    const summary = await summaryOf(ctx, tx, booking, lines);
    await enqueueMail(tx, {
      to: booking.email,
      ...paymentNotAcceptedMail({ ...summary, received: receivedText(received) }),
    });
  }
  return held;
}

/** May this caller read this booking? Its buyer's account may; a guest's token only the bookings made with it. */
function ownsBooking(who: CheckoutCaller, booking: BookingRow) {
  if (who.kind === 'checkout') return booking.checkoutKeyHash !== null && booking.checkoutKeyHash === who.keyHash;
  return booking.accountId !== null && booking.accountId === who.caller.accountId;
}

/**
 * POST v1/booking/retrieve: the booking behind a payment's client secret, for its buyer only
 * (404 to anyone else). While it is not settled, the provider is asked and the booking
 * settled on the spot: this call and the webhook both settle, whichever comes first.
 */
export async function retrieveBooking(
  ctx: AppContext,
  clientSecret: string,
  who: CheckoutCaller,
): Promise<StoredBooking> {
  const payment = await findPaymentBySecret(ctx.db, clientSecret);
  let booking = payment ? await findBooking(ctx.db, payment.bookingId) : undefined;
  if (!payment || !booking || !ownsBooking(who, booking)) throw notFound('Booking');
  // A failed M-Pesa prompt never turns paid (a new prompt is a new payment): Daraja is not asked
  // again. Nor is a provider about a payment already given back.
  const finished =
    (payment.provider === 'mpesa' && payment.status === 'requires_payment_method' && payment.lastError) ||
    payment.refundedAt !== null;
  const awaiting = booking.status === BOOKING_STATUS.awaiting_payment;
  if ((OPEN_STATUSES.includes(booking.status) || awaiting) && payment.status !== 'canceled' && !finished) {
    const intent = await providerNamed(ctx, payment.provider).retrieveIntent(payment.intentId);
    await settleBooking(ctx, booking.id, payment, intent);
    booking = (await findBooking(ctx.db, booking.id))!;
  }
  return storedBookingView(ctx, booking);
}

async function storedBookingView(ctx: AppContext, booking: BookingRow): Promise<StoredBooking> {
  const [lines, event, payment, documents, owedMinor] = await Promise.all([
    findLines(ctx.db, booking.id),
    findBookingEvent(ctx.db, booking.eventId),
    findLatestPayment(ctx.db, booking.id),
    bookingDocumentLinks(ctx, [booking]),
    booking.paymentMethod === 'invoice' ? amountOwedMinor(ctx.db, booking.reference) : Promise.resolve(0),
  ]);
  const docs = documents.get(booking.id);
  const currency = parseCurrency(booking.currency);
  const awaiting = booking.status === BOOKING_STATUS.awaiting_payment;
  return {
    reference: booking.reference,
    status: booking.status,
    currency,
    price: toMajor(booking.totalMinor, currency),
    payment_method: booking.paymentMethod,
    payment_status: (payment?.status ?? 'requires_payment_method') as StoredBooking['payment_status'],
    payment_error: payment?.lastError ?? null,
    receipt_number: booking.status === BOOKING_STATUS.paid ? (payment?.receiptNumber ?? null) : null,
    hold_expires_at: booking.holdExpiresAt.toISOString(),
    paid_at: booking.paidAt?.toISOString() ?? null,
    full_name: booking.fullName,
    company: docs?.company ?? null,
    invoice_url: docs?.invoiceUrl ?? null,
    proforma_url: docs?.proformaUrl ?? null,
    due_at: docs?.dueAt?.toISOString() ?? null,
    amount_owed: awaiting ? toMajor(owedMinor, currency) : 0,
    pay_to:
      awaiting && event
        ? await payToOf(ctx, { organisationId: event.organisationId, reference: booking.reference, currency })
        : null,
    tickets: lines.map((l) => ({
      name: l.name,
      no_of_persons: l.noOfPersons,
      price_per_ticket: toMajor(l.unitPriceMinor, currency),
      quantity: l.quantity,
    })),
    event: {
      id: booking.eventId,
      title: event?.title ?? '',
      slug: slugify(event?.title ?? ''),
      start_time: event?.startTime.toISOString() ?? '',
      end_time: event?.endTime.toISOString() ?? '',
      location: event?.location ?? '',
      short_description: event?.shortDescription ?? '',
      image_card: event?.imageKey ? publicImageUrls(event.imageKey).image_card : null,
    },
  };
}
