import { randomBytes } from 'node:crypto';
import {
  ACCOUNT_CONSENT_WORDING,
  BOOKING_STATUS,
  answerText,
  normaliseMsisdn,
  parseCurrency,
  toMajor,
  type AnswerValue,
  type DeleteAccountBody,
  type FutureBooking,
  type MyData,
  type UpdateAccountBody,
} from '@tikiti/contract';
import type { AppContext } from '../../app-context.js';
import type { Db } from '../../db/client.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { toCsv, phoneCell } from '../../lib/csv.js';
import { hitRateLimit } from '../../lib/rate-limit.js';
import { zip } from '../../lib/zip.js';
import { CODE_GROUPS, consumeCode, issueCode, type Caller } from '../accounts/index.js';
import { recordBuyerAudit } from '../audit/index.js';
import { invalidatePublicCatalogue } from '../catalogue/index.js';
import { consentHistory, forgetConsents, hasMarketingConsent, setAccountConsent } from '../consent/index.js';
import { accountDeletionCodeMail, enqueueMail, ERASED_MAIL_DOMAIN } from '../mail/index.js';
import { cancelForDeletedAccount } from '../orders/index.js';
import {
  countBookings,
  eraseBuyer,
  exportAnswers,
  exportAttendees,
  exportBookings,
  exportLines,
  exportMails,
  exportPayments,
  exportSessions,
  exportTickets,
  findBuyer,
  futureBookings,
  phoneTaken,
  updateBuyerDetails,
  type BuyerRow,
} from './privacy.repo.js';

/**
 * A buyer's rights over their data (docs/security.md#your-data, Kenya's Data Protection Act
 * 2019): to see it (My data), to take a copy (the ZIP), to correct it, to take back their
 * consent to news, and to have it deleted, with the books kept
 * (docs/decisions/0028-deletion-keeps-the-books.md).
 */

async function buyerOf(db: Db, caller: Caller): Promise<BuyerRow> {
  const buyer = await findBuyer(db, caller.accountId);
  if (!buyer) throw notFound('Account');
  return buyer;
}

const futureOf = (rows: Awaited<ReturnType<typeof futureBookings>>): FutureBooking[] =>
  rows.map((r) => ({
    reference: r.reference,
    event_title: r.eventTitle,
    organiser: r.organiser,
    starts_at: r.startsAt.toISOString(),
    tickets: r.tickets,
  }));

/** GET v1/account/privacy. */
export async function myData(ctx: AppContext, caller: Caller, now = new Date()): Promise<MyData> {
  const buyer = await buyerOf(ctx.db, caller);
  return {
    first_name: buyer.firstName,
    last_name: buyer.lastName,
    email: buyer.email,
    msisdn: buyer.msisdn,
    created_at: buyer.createdAt.toISOString(),
    marketing_consent: await hasMarketingConsent(ctx.db, buyer.email),
    consent_wording: ACCOUNT_CONSENT_WORDING,
    bookings: await countBookings(ctx.db, buyer.id, buyer.email),
    future_bookings: futureOf(await futureBookings(ctx.db, buyer.id, buyer.email, now)),
  };
}

/**
 * PUT v1/account: the name and phone corrected. Bookings already made keep the name they were
 * made with (what the organiser and the tickets show); the next ones use the new one.
 */
export async function updateAccount(ctx: AppContext, caller: Caller, body: UpdateAccountBody): Promise<MyData> {
  const buyer = await buyerOf(ctx.db, caller);
  const msisdn = body.msisdn === null ? null : normaliseMsisdn(body.msisdn);
  if (msisdn && (await phoneTaken(ctx.db, buyer.id, msisdn))) {
    throw conflict('Another account uses this phone number', [
      { path: 'msisdn', message: 'Another account uses this phone number' },
    ]);
  }
  await updateBuyerDetails(ctx.db, buyer.id, { firstName: body.first_name, lastName: body.last_name, msisdn });
  return myData(ctx, caller);
}

/** PUT v1/account/consent: the account's toggle, recorded with its words. */
export async function setConsent(ctx: AppContext, caller: Caller, marketing: boolean) {
  const buyer = await buyerOf(ctx.db, caller);
  await setAccountConsent(ctx.db, { email: buyer.email, accountId: buyer.id, granted: marketing });
  return { marketing_consent: marketing, consent_wording: ACCOUNT_CONSENT_WORDING };
}

/** Codes asking to delete an account, per account: as many as a sign-in may ask for. */
const DELETION_CODES = { limit: 5, windowSeconds: 15 * 60 };

/** POST v1/account/deletion: the code that confirms it is mailed; the bookings to decide about are answered. */
export async function requestDeletion(ctx: AppContext, caller: Caller, now = new Date()) {
  const buyer = await buyerOf(ctx.db, caller);
  // As many codes as a sign-in may ask for (5 in 15 minutes); keyed by the account id, not the
  // email, so nothing of the person stays in the counters once the account is gone.
  await hitRateLimit(ctx.db, `erase-mail:account:${buyer.id}`, DELETION_CODES.limit, DELETION_CODES.windowSeconds);
  await ctx.db.transaction(async (tx) => {
    const code = await issueCode(tx, buyer.id, 'erase', CODE_GROUPS.accountDeletion, now);
    await enqueueMail(tx, { to: buyer.email, ...accountDeletionCodeMail({ firstName: buyer.firstName, code }) });
  });
  return { future_bookings: futureOf(await futureBookings(ctx.db, buyer.id, buyer.email, now)) };
}

const CODE_REJECTED = 'That code is not right or has expired. Ask for a new one.';

/**
 * DELETE v1/account: with the mailed code, the account goes. Tickets for events to come are
 * cancelled and refunded (their organisers told) or kept, as the person chose; then every name,
 * email and phone of theirs is removed or replaced by one pseudonym, in one transaction with the
 * code's use. A wrong code spends a try, as a sign-in code does.
 */
export async function deleteAccount(ctx: AppContext, caller: Caller, body: DeleteAccountBody, now = new Date()) {
  const buyer = await buyerOf(ctx.db, caller);
  const tag = randomBytes(4).toString('hex');
  const result = await ctx.db.transaction(async (tx) => {
    if (!(await consumeCode(tx, buyer.id, CODE_GROUPS.accountDeletion, body.code, now))) return null;
    const future = await futureBookings(tx, buyer.id, buyer.email, now);
    const cancelled: string[] = [];
    if (body.future_tickets === 'cancel') {
      for (const b of future) {
        if (await cancelForDeletedAccount(tx, b.id, { email: b.organiserEmail, eventTitle: b.eventTitle })) {
          cancelled.push(b.reference);
          await recordBuyerAudit(tx, b.organisationId, {
            action: 'booking.cancelled_by_buyer',
            target: { type: 'booking', id: b.reference, label: b.eventTitle },
            details: { amount: amount(b.totalMinor, b.currency), currency: b.currency },
          });
        }
      }
    }
    const typed = (await exportBookings(tx, buyer.id, buyer.email)).map((b) => b.fullName);
    const names = [...new Set([`${buyer.firstName} ${buyer.lastName}`, ...typed].map((n) => n.trim().toLowerCase()))];
    await forgetConsents(tx, buyer.email);
    await eraseBuyer(tx, {
      accountId: buyer.id,
      email: buyer.email,
      names: names.filter(Boolean),
      pseudonym: `Deleted account ${tag.toUpperCase()}`,
      pseudoEmail: `deleted-${tag}@${ERASED_MAIL_DOMAIN}`,
    });
    return cancelled;
  });
  if (result === null)
    throw badRequest(CODE_REJECTED, [{ path: 'code', message: CODE_REJECTED }], 'auth.code_rejected');
  if (result.length) invalidatePublicCatalogue(ctx.db);
  return { cancelled_bookings: result };
}

const STATUS_NAMES: Record<number, string> = {
  [BOOKING_STATUS.pending]: 'pending',
  [BOOKING_STATUS.paid]: 'paid',
  [BOOKING_STATUS.failed]: 'failed',
  [BOOKING_STATUS.cancelled]: 'cancelled',
  [BOOKING_STATUS.refunded]: 'refunded',
};
const iso = (d: Date | null) => (d ? d.toISOString() : null);
const amount = (minor: number, currency: string) => toMajor(minor, parseCurrency(currency));

const README = `Your data at Tikiti

This archive holds everything Tikiti keeps about you, as it was when you downloaded it.

account.json     your account: name, email, phone, when it was made and last used
bookings.json    every booking: event, organiser, amounts, tickets, delegates, answers, payments
bookings.csv     the same bookings, one line each
tickets.csv      your e-tickets: who each is for, whether it was used at the door
delegates.csv    who each ticket is for, and tickets others bought in your name
answers.csv      your answers to organisers' questions
mails.json       the emails we sent you
consents.csv     every time you said yes or no to news, with the words you were shown
sign-ins.csv     your sign-ins: device, address and when

To correct your name or phone, stop news, or delete your account, open My data in your
account. The privacy policy (/privacy-policy) says what we keep, why and for how long.
`;

/** GET v1/account/export: a ZIP of JSON and CSV holding everything kept about the buyer. */
export async function exportMyData(ctx: AppContext, caller: Caller): Promise<Buffer> {
  const { db } = ctx;
  const buyer = await buyerOf(db, caller);
  const bookingRows = await exportBookings(db, buyer.id, buyer.email);
  const ids = bookingRows.map((b) => b.id);
  const [lines, tickets, attendees, paymentRows, mails, consents, signIns] = await Promise.all([
    exportLines(db, ids),
    exportTickets(db, ids),
    exportAttendees(db, ids, buyer.email),
    exportPayments(db, ids),
    exportMails(db, buyer.email),
    consentHistory(db, buyer.email),
    exportSessions(db, buyer.id),
  ]);
  const answers = await exportAnswers(
    db,
    ids,
    attendees.map((a) => a.id),
  );
  const refOf = new Map(bookingRows.map((b) => [b.id, b]));
  const attendeeName = new Map(attendees.map((a) => [a.id, a.fullName]));

  const bookingsJson = bookingRows.map((b) => ({
    reference: b.reference,
    event: { title: b.eventTitle, starts_at: iso(b.eventStart), location: b.eventLocation, organiser: b.organiser },
    status: STATUS_NAMES[b.status] ?? String(b.status),
    buyer: { full_name: b.fullName, email: b.email, msisdn: b.msisdn },
    total: amount(b.totalMinor, b.currency),
    currency: b.currency,
    payment_method: b.paymentMethod,
    created_at: iso(b.createdAt),
    paid_at: iso(b.paidAt),
    lines: lines
      .filter((l) => l.bookingId === b.id)
      .map((l) => ({
        ticket_type: l.name,
        unit_price: amount(l.unitPriceMinor, b.currency),
        quantity: l.quantity,
        persons_per_ticket: l.persons,
      })),
    tickets: tickets
      .filter((t) => t.bookingId === b.id)
      .map((t) => ({
        id: t.id,
        holder_name: t.holderName,
        admits: t.admits,
        checked_in_at: iso(t.checkedInAt),
        revoked_at: iso(t.revokedAt),
        replaced_at: iso(t.reissuedAt),
      })),
    delegates: attendees
      .filter((a) => a.bookingId === b.id)
      .map((a) => ({
        full_name: a.fullName,
        email: a.email,
        msisdn: a.msisdn,
        company: a.company,
        job_title: a.jobTitle,
        named: a.named,
      })),
    answers: answers
      .filter((a) => a.bookingId === b.id)
      .map((a) => ({
        question: a.question,
        answer: answerText(a.value as AnswerValue),
        delegate: a.attendeeId ? (attendeeName.get(a.attendeeId) ?? null) : null,
      })),
    payments: paymentRows
      .filter((p) => p.bookingId === b.id)
      .map((p) => ({
        provider: p.provider,
        status: p.status,
        amount: amount(p.amountMinor, p.currency),
        currency: p.currency,
        phone: p.phone,
        receipt: p.receiptNumber,
        created_at: iso(p.createdAt),
        refunded_at: iso(p.refundedAt),
      })),
  }));
  const forYou = attendees.filter((a) => !refOf.has(a.bookingId));

  const files = [
    { name: 'README.txt', content: README },
    {
      name: 'account.json',
      content: json({
        first_name: buyer.firstName,
        last_name: buyer.lastName,
        email: buyer.email,
        msisdn: buyer.msisdn,
        google_sign_in_linked: buyer.googleLinked,
        created_at: iso(buyer.createdAt),
        last_sign_in_at: iso(buyer.lastLoginAt),
      }),
    },
    {
      name: 'bookings.json',
      content: json({
        bookings: bookingsJson,
        tickets_in_your_name: forYou.map((a) => ({
          booking_reference: a.reference,
          event: a.eventTitle,
          full_name: a.fullName,
          email: a.email,
          msisdn: a.msisdn,
          company: a.company,
          job_title: a.jobTitle,
        })),
      }),
    },
    {
      name: 'bookings.csv',
      content: toCsv(
        [
          'Reference',
          'Event',
          'Organiser',
          'Event starts',
          'Status',
          'Total',
          'Currency',
          'Booked',
          'Paid',
          'Name',
          'Email',
          'Phone',
        ],
        bookingRows.map((b) => [
          b.reference,
          b.eventTitle,
          b.organiser,
          iso(b.eventStart),
          STATUS_NAMES[b.status] ?? String(b.status),
          amount(b.totalMinor, b.currency).toFixed(2),
          b.currency,
          iso(b.createdAt),
          iso(b.paidAt),
          b.fullName,
          b.email,
          phoneCell(b.msisdn),
        ]),
      ),
    },
    {
      name: 'tickets.csv',
      content: toCsv(
        ['Ticket', 'Booking', 'Event', 'For', 'Admits', 'Checked in', 'Revoked'],
        tickets.map((t) => [
          t.id,
          refOf.get(t.bookingId)?.reference,
          refOf.get(t.bookingId)?.eventTitle,
          t.holderName,
          t.admits,
          iso(t.checkedInAt),
          iso(t.revokedAt),
        ]),
      ),
    },
    {
      name: 'delegates.csv',
      content: toCsv(
        ['Booking', 'Event', 'Name', 'Email', 'Phone', 'Company', 'Job title', 'Named', 'Bought by you'],
        attendees.map((a) => [
          a.reference,
          a.eventTitle,
          a.fullName,
          a.email,
          phoneCell(a.msisdn),
          a.company,
          a.jobTitle,
          a.named ? 'yes' : 'no',
          refOf.has(a.bookingId) ? 'yes' : 'no',
        ]),
      ),
    },
    {
      name: 'answers.csv',
      content: toCsv(
        ['Booking', 'Delegate', 'Question', 'Answer', 'Given'],
        answers.map((a) => [
          refOf.get(a.bookingId)?.reference ?? attendees.find((x) => x.id === a.attendeeId)?.reference,
          a.attendeeId ? attendeeName.get(a.attendeeId) : '',
          a.question,
          answerText(a.value as AnswerValue),
          iso(a.createdAt),
        ]),
      ),
    },
    {
      name: 'mails.json',
      content: json(
        mails.map((m) => ({
          to: m.to,
          cc: m.cc,
          from: m.from,
          subject: m.subject,
          text: m.text,
          sent_at: iso(m.createdAt),
        })),
      ),
    },
    {
      name: 'consents.csv',
      content: toCsv(
        ['When', 'Answer', 'Words shown', 'Where'],
        consents.map((c) => [iso(c.createdAt), c.granted ? 'yes' : 'no', c.wording, c.source]),
      ),
    },
    {
      name: 'sign-ins.csv',
      content: toCsv(
        ['Device', 'Address', 'Signed in', 'Last used', 'Expires', 'Ended'],
        signIns.map((s) => [
          s.device,
          s.address,
          iso(s.createdAt),
          iso(s.lastUsedAt),
          iso(s.expiresAt),
          iso(s.revokedAt),
        ]),
      ),
    },
  ];
  return zip(files);
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
