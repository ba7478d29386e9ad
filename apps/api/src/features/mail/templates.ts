import { LIMITS } from '@tikiti/contract';

/** What a template gives the mailer: one subject, a plain-text body and an HTML body. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Every piece of text that reaches HTML goes through this: names, messages, links alike. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/** The shared frame of every message: brand header, body, footer (docs/product.md#look-and-feel). */
function layout(title: string, bodyHtml: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;background:#F8FAFC;font-family:Inter,Segoe UI,Helvetica,Arial,sans-serif;color:#0F172A">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#F8FAFC;padding:24px 0"><tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;width:100%;background:#ffffff;border-radius:12px;overflow:hidden">
<tr><td style="background:#0F766E;color:#ffffff;padding:16px 24px;font-size:20px;font-weight:700">Tikiti</td></tr>
<tr><td style="padding:24px;font-size:15px;line-height:1.6">${bodyHtml}</td></tr>
<tr><td style="padding:16px 24px;font-size:12px;color:#64748B;border-top:1px solid #E2E8F0">Tikiti · ticketing made easy</td></tr>
</table></td></tr></table></body></html>`;
}

const paragraph = (text: string) => `<p style="margin:0 0 16px">${escapeHtml(text)}</p>`;
const codeBlock = (code: string) =>
  `<p style="margin:0 0 16px;font-size:28px;font-weight:700;letter-spacing:6px;color:#0F766E">${escapeHtml(code)}</p>`;
const button = (href: string, label: string) =>
  `<p style="margin:0 0 16px"><a href="${escapeHtml(href)}" style="display:inline-block;background:#F59E0B;color:#0F172A;padding:10px 18px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(label)}</a></p>`;

const codeMinutes = `${LIMITS.codeTtlMinutes} minutes`;
const greeting = (firstName: string) => (firstName ? `Hello ${firstName},` : 'Hello,');

/** Sent after organiser registration: the code that verifies the email and sets the password. */
export function verificationCodeMail(p: { firstName: string; code: string; resetUrl: string }): MailContent {
  const subject = 'Your Tikiti verification code';
  const lines = [
    greeting(p.firstName),
    'Thank you for registering as an organiser on Tikiti. Use this code to verify your email address and choose your password:',
  ];
  const after = `The code expires in ${codeMinutes}. If you did not register, you can ignore this email.`;
  return {
    subject,
    text: `${lines.join('\n\n')}\n\n${p.code}\n\nEnter it at ${p.resetUrl}\n\n${after}\n`,
    html: layout(
      subject,
      lines.map(paragraph).join('') + codeBlock(p.code) + button(p.resetUrl, 'Verify my account') + paragraph(after),
    ),
  };
}

/** Sent when an organiser invites a teammate: a code valid for days, and a link to the reset page. */
export function teammateInviteMail(p: {
  firstName: string;
  inviterName: string;
  organisationName: string;
  code: string;
  resetUrl: string;
  /** `checkin`: a door-only teammate, who checks tickets in and sees nothing else. */
  role?: 'admin' | 'checkin';
}): MailContent {
  const subject = `${p.inviterName} invited you to ${p.organisationName} on Tikiti`;
  const what =
    p.role === 'checkin'
      ? `check tickets in at the door of ${p.organisationName}'s events`
      : `manage events for ${p.organisationName}`;
  const lines = [
    greeting(p.firstName),
    `${p.inviterName} invited you to ${what} on Tikiti.`,
    'Open the link below, enter this code and choose your password:',
  ];
  const after = `The code is valid for ${LIMITS.inviteTtlDays} days. If you were not expecting this, you can ignore this email.`;
  return {
    subject,
    text: `${lines.join('\n\n')}\n\n${p.code}\n\n${p.resetUrl}\n\n${after}\n`,
    html: layout(
      subject,
      lines.map(paragraph).join('') + codeBlock(p.code) + button(p.resetUrl, 'Accept the invite') + paragraph(after),
    ),
  };
}

/** Sent by "forgot password": a code to choose a new password. */
export function recoveryCodeMail(p: { firstName: string; code: string; resetUrl: string }): MailContent {
  const subject = 'Reset your Tikiti password';
  const lines = [
    greeting(p.firstName),
    'Someone asked to reset the password of your Tikiti organiser account. Use this code to choose a new one:',
  ];
  const after = `The code expires in ${codeMinutes}. If it was not you, ignore this email: your password stays as it is.`;
  return {
    subject,
    text: `${lines.join('\n\n')}\n\n${p.code}\n\nEnter it at ${p.resetUrl}\n\n${after}\n`,
    html: layout(
      subject,
      lines.map(paragraph).join('') +
        codeBlock(p.code) +
        button(p.resetUrl, 'Choose a new password') +
        paragraph(after),
    ),
  };
}

/** Sent to a buyer who signs in by email. */
export function signInCodeMail(p: { firstName: string; code: string }): MailContent {
  const subject = `${p.code} is your Tikiti sign-in code`;
  const lines = [greeting(p.firstName), 'Use this code to sign in to Tikiti and see your tickets:'];
  const after = `The code expires in ${codeMinutes}. If you did not ask for it, you can ignore this email.`;
  return {
    subject,
    text: `${lines.join('\n\n')}\n\n${p.code}\n\n${after}\n`,
    html: layout(subject, lines.map(paragraph).join('') + codeBlock(p.code) + paragraph(after)),
  };
}

/** Sent to a buyer who asked to delete their account (docs/security.md#deleting-an-account). */
export function accountDeletionCodeMail(p: { firstName: string; code: string }): MailContent {
  const subject = `${p.code} is your code to delete your Tikiti account`;
  const lines = [
    greeting(p.firstName),
    'You asked to delete your Tikiti account. Enter this code on the My data page to confirm:',
  ];
  const after =
    `The code expires in ${codeMinutes}. If you did not ask for this, ignore this email: ` +
    'nothing is deleted without the code.';
  return {
    subject,
    text: `${lines.join('\n\n')}\n\n${p.code}\n\n${after}\n`,
    html: layout(subject, lines.map(paragraph).join('') + codeBlock(p.code) + paragraph(after)),
  };
}

/**
 * Told to the organiser when a buyer deleting their account chose to cancel their tickets: the
 * booking by its reference only, since the person's name is gone with their account.
 */
export function bookingCancelledByBuyerMail(p: { reference: string; eventTitle: string; total: string }): MailContent {
  const subject = `Booking ${p.reference} was cancelled by its buyer`;
  const lines = [
    'Hello,',
    `The buyer of booking ${p.reference} for ${p.eventTitle} deleted their Tikiti account and asked for their tickets to be cancelled.`,
    `Their tickets no longer admit anyone, the seats are back on sale, and ${p.total} is being refunded to them.`,
    'Their name and contact details were removed with their account; the booking, its amount and its reference stay in your orders.',
  ];
  return { subject, text: `${lines.join('\n\n')}\n`, html: layout(subject, lines.map(paragraph).join('')) };
}

/** A copy of a Contact page message for the operator. */
export function contactCopyMail(p: { name: string; email: string; message: string }): MailContent {
  const subject = `Contact form: ${p.name}`.slice(0, 200);
  const intro = `${p.name} <${p.email}> wrote through the Contact page:`;
  const messageHtml = escapeHtml(p.message).replace(/\r?\n/g, '<br>');
  return {
    subject,
    text: `${intro}\n\n${p.message}\n\nReply to ${p.email}.\n`,
    html: layout(
      subject,
      paragraph(intro) +
        `<blockquote style="margin:0 0 16px;padding:12px 16px;background:#F8FAFC;border-left:4px solid #0F766E">${messageHtml}</blockquote>` +
        paragraph(`Reply to ${p.email}.`),
    ),
  };
}

/** Sent once when wrong passwords lock sign-in to an organiser account (docs/security.md). */
export function signInLockoutMail(p: { firstName: string; forgotUrl: string }): MailContent {
  const subject = 'Sign-in to your Tikiti account was paused';
  const lines = [
    greeting(p.firstName),
    'Someone tried to sign in to your Tikiti organiser account with a wrong password several times, so we paused sign-in from that place for 15 minutes.',
    'If it was you, wait 15 minutes and try again, or set a new password now. If it was not you, your account is safe: nobody got in. Choosing a new password is still a good idea.',
  ];
  return {
    subject,
    text: `${lines.join('\n\n')}\n\nSet a new password: ${p.forgotUrl}\n`,
    html: layout(subject, lines.map(paragraph).join('') + button(p.forgotUrl, 'Set a new password')),
  };
}

/**
 * Sent when an organiser account signs in from a device none of its earlier sessions used
 * (docs/security.md#new-device-mail): what, where and when, and where to end the session.
 */
export function newDeviceSignInMail(p: {
  firstName: string;
  device: string;
  address: string;
  when: string;
  securityUrl: string;
}): MailContent {
  const subject = 'New sign-in to your Tikiti account';
  const lines = [
    greeting(p.firstName),
    `Your Tikiti organiser account was just signed in to from a device it has not used before: ${p.device}, from the address ${p.address || 'unknown'}, on ${p.when} (Nairobi time).`,
    'If this was you, there is nothing to do. If it was not, end that session and set a new password now: a new password signs every other device out.',
  ];
  return {
    subject,
    text: `${lines.join('\n\n')}\n\nSee and end your sessions: ${p.securityUrl}\n`,
    html: layout(subject, lines.map(paragraph).join('') + button(p.securityUrl, 'See my sessions')),
  };
}

/** What a booking mail tells: the order and its event. Amounts are already formatted. */
export interface BookingSummary {
  firstName: string;
  reference: string;
  eventTitle: string;
  when: string;
  location: string;
  lines: { name: string; quantity: number; amount: string }[];
  total: string;
  ticketsUrl: string;
}

function orderTable(b: BookingSummary): { text: string; html: string } {
  const text = b.lines.map((l) => `${l.quantity} x ${l.name}: ${l.amount}`).join('\n') + `\nTotal: ${b.total}`;
  const rows = b.lines
    .map(
      (l) =>
        `<tr><td style="padding:6px 0">${escapeHtml(`${l.quantity} x ${l.name}`)}</td><td align="right" style="padding:6px 0">${escapeHtml(l.amount)}</td></tr>`,
    )
    .join('');
  const html = `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 16px;border-top:1px solid #E2E8F0">${rows}<tr><td style="padding:8px 0;font-weight:700;border-top:1px solid #E2E8F0">Total</td><td align="right" style="padding:8px 0;font-weight:700;border-top:1px solid #E2E8F0">${escapeHtml(b.total)}</td></tr></table>`;
  return { text, html };
}

/** What the confirmation adds to the summary: where the tickets and the calendar file are. */
export interface BookingConfirmation extends BookingSummary {
  /** The booking's PDF (also attached), for mail clients that drop attachments. */
  pdfUrl: string;
  /** The event as a calendar file (.ics). */
  calendarUrl: string;
}

/** Sent when a booking is paid (and again on request): the order, the event, the e-tickets attached. */
export function bookingConfirmationMail(b: BookingConfirmation): MailContent {
  const subject = `Your tickets for ${b.eventTitle} (${b.reference})`.slice(0, 200);
  const intro = [
    greeting(b.firstName),
    `Thank you for your order. Your payment went through and your tickets for ${b.eventTitle} are booked.`,
  ];
  const event = `${b.eventTitle}\n${b.when}\n${b.location}`;
  const order = orderTable(b);
  const after = [
    `Booking reference: ${b.reference}. Your e-tickets are attached as a PDF, one page per ticket: show each QR code at the entrance, on your phone or printed.`,
    'They are also on the E-tickets page of your Tikiti account: sign in with this email address.',
  ];
  return {
    subject,
    text:
      `${intro.join('\n\n')}\n\n${event}\n\n${order.text}\n\n${after.join('\n\n')}\n\n` +
      `E-tickets: ${b.ticketsUrl}\nDownload the PDF: ${b.pdfUrl}\nAdd to calendar: ${b.calendarUrl}\n`,
    html: layout(
      subject,
      intro.map(paragraph).join('') +
        `<p style="margin:0 0 16px"><strong>${escapeHtml(b.eventTitle)}</strong><br>${escapeHtml(b.when)}<br>${escapeHtml(b.location)}</p>` +
        order.html +
        after.map(paragraph).join('') +
        button(b.ticketsUrl, 'View my e-tickets') +
        `<p style="margin:0 0 16px"><a href="${escapeHtml(b.pdfUrl)}" style="color:#0F766E">Download the PDF</a> · <a href="${escapeHtml(b.calendarUrl)}" style="color:#0F766E">Add to calendar</a></p>`,
    ),
  };
}

/** What a delegate's own ticket mail tells (docs/product.md#delegates-and-questions). */
export interface DelegateTicketNotice {
  firstName: string;
  /** Who booked the ticket (the buyer, copied). */
  buyerName: string;
  eventTitle: string;
  /** Nairobi time, as formatDateRange writes it. */
  when: string;
  location: string;
  /** The ticket's short reference (`TK-ERZVFGJ-2`). */
  reference: string;
  ticketType: string;
  /** The delegate's own ticket page (signed), and the event as a calendar file. */
  ticketUrl: string;
  calendarUrl: string;
}

/**
 * Sent to a delegate when a ticket is named after them (or renamed to them), the buyer copied:
 * their own ticket as a one-page PDF, links to add it to a calendar and to open their ticket page.
 * Nothing else of the booking.
 */
export function delegateTicketMail(d: DelegateTicketNotice): MailContent {
  const subject = `Your ticket for ${d.eventTitle} (${d.reference})`.slice(0, 200);
  const lines = [
    greeting(d.firstName),
    `${d.buyerName} booked a ticket for you: ${d.ticketType} at ${d.eventTitle}.`,
    `Your ticket is attached as a PDF with its QR code: show it at the entrance, on your phone or printed. If the code will not scan, give the reference ${d.reference}.`,
    'It is yours alone: if your name on the ticket changes, this code stops working and the new delegate gets a new one.',
  ];
  const event = `${d.eventTitle}\n${d.when}\n${d.location}`;
  return {
    subject,
    text: `${lines.join('\n\n')}\n\n${event}\n\nYour ticket: ${d.ticketUrl}\nAdd to calendar: ${d.calendarUrl}\n`,
    html: layout(
      subject,
      lines.map(paragraph).join('') +
        `<p style="margin:0 0 16px"><strong>${escapeHtml(d.eventTitle)}</strong><br>${escapeHtml(d.when)}<br>${escapeHtml(d.location)}</p>` +
        button(d.ticketUrl, 'Open my ticket') +
        `<p style="margin:0 0 16px"><a href="${escapeHtml(d.calendarUrl)}" style="color:#0F766E">Add to calendar</a></p>`,
    ),
  };
}

export interface CertificateNotice {
  firstName: string;
  eventTitle: string;
  when: string;
  number: string;
  /** "6.5 CPD points (ICPAK)", or empty when the certificate carries no points. */
  points: string;
  organiser: string;
  verifyUrl: string;
  pdfUrl: string;
}

/**
 * Sent to an attendee when their certificate of attendance is issued (docs/product.md#certificates-of-attendance):
 * the certificate as a PDF, its number, and the page where anyone can check it.
 */
export function certificateMail(c: CertificateNotice): MailContent {
  const subject = `Your certificate of attendance: ${c.eventTitle} (${c.number})`.slice(0, 200);
  const lines = [
    greeting(c.firstName),
    `Thank you for attending ${c.eventTitle}. ${c.organiser} has issued your certificate of attendance${c.points ? ` for ${c.points}` : ''}; it is attached as a PDF.`,
    `Certificate number ${c.number}. Anyone can check it by scanning its QR code or opening the link below.`,
  ];
  return {
    subject,
    text: `${lines.join('\n\n')}\n\n${c.eventTitle}\n${c.when}\n\nCheck it: ${c.verifyUrl}\nDownload it: ${c.pdfUrl}\n`,
    html: layout(
      subject,
      lines.map(paragraph).join('') +
        `<p style="margin:0 0 16px"><strong>${escapeHtml(c.eventTitle)}</strong><br>${escapeHtml(c.when)}</p>` +
        button(c.pdfUrl, 'Download my certificate') +
        `<p style="margin:0 0 16px"><a href="${escapeHtml(c.verifyUrl)}" style="color:#0F766E">Check this certificate</a></p>`,
    ),
  };
}

/** Sent when a payment arrived after the hold ended and the tickets had gone: the money goes back. */
export function lateBookingRefundMail(b: BookingSummary): MailContent {
  const subject = `Your payment for ${b.eventTitle} is being refunded (${b.reference})`.slice(0, 200);
  const lines = [
    greeting(b.firstName),
    `Your payment for ${b.eventTitle} arrived after the 15 minutes we hold tickets for, and by then the tickets you chose had been sold to other buyers.`,
    `We are refunding ${b.total} to the card you paid with. Refunds usually reach your account within 5 to 10 working days. Booking reference: ${b.reference}.`,
    'We are sorry. If tickets are still on sale, you are welcome to book again.',
  ];
  return {
    subject,
    text: `${lines.join('\n\n')}\n`,
    html: layout(subject, lines.map(paragraph).join('')),
  };
}

/**
 * Sent when a payment was for another amount (or currency) than the booking's total: it is not
 * accepted, no tickets are issued, and it goes back (docs/decisions/0024-payment-amount-checked.md).
 */
export function paymentNotAcceptedMail(b: BookingSummary & { received: string }): MailContent {
  const subject = `Your payment for ${b.eventTitle} could not be accepted (${b.reference})`.slice(0, 200);
  const lines = [
    greeting(b.firstName),
    `We received ${b.received} for your booking ${b.reference} for ${b.eventTitle}, but its total is ${b.total}, so we could not accept it as payment and no tickets were issued.`,
    `We are giving the ${b.received} back to the card or M-Pesa account it came from. Card refunds usually reach your account within 5 to 10 working days.`,
    'We are sorry. If tickets are still on sale, you are welcome to book again.',
  ];
  return {
    subject,
    text: `${lines.join('\n\n')}\n`,
    html: layout(subject, lines.map(paragraph).join('')),
  };
}

/** What the refund mail says of a booking whose money went back (an organiser's refund, or its event cancelled). */
export interface RefundNotice {
  firstName: string;
  reference: string;
  eventTitle: string;
  total: string;
  /** Set when the whole event was cancelled. */
  eventCancelled: boolean;
  /** The organiser's words on the cancellation, if any. */
  reason: string | null;
  /** Paid by invoice (bank, cheque, paybill): the organiser returns the money by hand. */
  paidByInvoice?: boolean;
}

/** Sent once the provider has given a refunded booking's money back. */
export function bookingRefundedMail(r: RefundNotice): MailContent {
  const subject = (
    r.eventCancelled
      ? `${r.eventTitle} is cancelled: your ${r.total} is refunded (${r.reference})`
      : `Your booking for ${r.eventTitle} is refunded (${r.reference})`
  ).slice(0, 200);
  const lines = [
    greeting(r.firstName),
    r.eventCancelled
      ? `We are sorry: the organiser has cancelled ${r.eventTitle}.`
      : `The organiser of ${r.eventTitle} has refunded your booking ${r.reference}.`,
    ...(r.reason ? [`The organiser says: “${r.reason}”`] : []),
    r.paidByInvoice
      ? `The organiser returns the ${r.total} you paid on the invoice to the account it came from, and a credit note cancels the tax invoice. Booking reference: ${r.reference}.`
      : `We have refunded ${r.total} to the card you paid with. Refunds usually reach your account within 5 to 10 working days. Booking reference: ${r.reference}.`,
    'Your tickets for this booking no longer admit anyone at the door.',
  ];
  return {
    subject,
    text: `${lines.join('\n\n')}\n`,
    html: layout(subject, lines.map(paragraph).join('')),
  };
}

/** What the pay-by-invoice mails tell (docs/product.md#pay-by-invoice). */
export interface InvoiceBookingNotice extends BookingSummary {
  /** When the booking is released unless paid, in words ("Tue, 8 Dec 2026, 17:00 EAT"). */
  due: string;
  /** What is still owed, in words. */
  owed: string;
  /** The proforma's signed link (also attached to the first mail). */
  proformaUrl: string;
  /** "Pay bill 600000, account TK-…", or null when no paybill is configured. */
  paybill: string | null;
}

/** Sent when a company books with pay by invoice: the proforma attached, the due date, how to pay. */
export function proformaInvoiceMail(b: InvoiceBookingNotice): MailContent {
  const subject = `Proforma invoice for ${b.eventTitle} (${b.reference})`.slice(0, 200);
  const order = orderTable(b);
  const intro = [
    greeting(b.firstName),
    `Your tickets for ${b.eventTitle} are held for you until ${b.due}. The proforma invoice is attached: pay ${b.owed} by then and your e-tickets and tax invoice follow.`,
  ];
  const how = [
    ...(b.paybill ? [`M-Pesa: ${b.paybill}.`] : []),
    'Bank transfer or cheque: see the bank details on the proforma, and quote the booking reference.',
    `Unpaid at ${b.due}, the booking is released and its tickets go back on sale. Booking reference: ${b.reference}.`,
  ];
  return {
    subject,
    text: `${intro.join('\n\n')}\n\n${order.text}\n\n${how.join('\n\n')}\n\nProforma invoice: ${b.proformaUrl}\n`,
    html: layout(
      subject,
      intro.map(paragraph).join('') +
        order.html +
        how.map(paragraph).join('') +
        button(b.proformaUrl, 'Download the proforma invoice'),
    ),
  };
}

/** Sent 3 days and 1 day before the due date of a booking still awaiting payment. */
export function invoiceReminderMail(b: InvoiceBookingNotice): MailContent {
  const subject = `Reminder: ${b.owed} due by ${b.due} for ${b.eventTitle} (${b.reference})`.slice(0, 200);
  const lines = [
    greeting(b.firstName),
    `Your booking ${b.reference} for ${b.eventTitle} is still awaiting payment: ${b.owed} is due by ${b.due}.`,
    ...(b.paybill ? [`M-Pesa: ${b.paybill}.`] : []),
    'Bank transfer or cheque: see the bank details on the proforma invoice, and quote the booking reference.',
    `Unpaid at ${b.due}, the booking is released and its tickets go back on sale.`,
  ];
  return {
    subject,
    text: `${lines.join('\n\n')}\n\nProforma invoice: ${b.proformaUrl}\n`,
    html: layout(subject, lines.map(paragraph).join('') + button(b.proformaUrl, 'Download the proforma invoice')),
  };
}

/** Sent when a booking awaiting payment is released at its due date, unpaid. */
export function invoiceBookingReleasedMail(b: Omit<InvoiceBookingNotice, 'proformaUrl' | 'paybill'>): MailContent {
  const subject = `Your booking for ${b.eventTitle} was released (${b.reference})`.slice(0, 200);
  const lines = [
    greeting(b.firstName),
    `Your booking ${b.reference} for ${b.eventTitle} was not paid by ${b.due}, so it has been released and its tickets are back on sale.`,
    'Please do not pay its proforma invoice any more. If you still want to attend and tickets are on sale, you are welcome to book again.',
  ];
  return { subject, text: `${lines.join('\n\n')}\n`, html: layout(subject, lines.map(paragraph).join('')) };
}

/**
 * An organiser's message to an event's attendees (docs/product.md#messages-to-attendees): their
 * plain text as written, placeholders filled; the organiser named, and the link that puts the
 * address on the organiser's stop list.
 */
export function attendeeMessageMail(m: {
  organiser: string;
  eventTitle: string;
  subject: string;
  body: string;
  stopUrl: string;
}): MailContent {
  const footer = `You get this because you have a ticket to ${m.eventTitle}, from ${m.organiser}, sent through Tikiti.`;
  const stop = `Stop messages from ${m.organiser}: ${m.stopUrl}`;
  return {
    subject: m.subject,
    text: `${m.body}\n\n— ${m.organiser}\n\n${footer}\n${stop}\n`,
    html: layout(
      m.subject,
      m.body
        .split(/\n{2,}/)
        .map((p) => `<p style="margin:0 0 16px;white-space:pre-wrap">${escapeHtml(p)}</p>`)
        .join('') +
        paragraph(`— ${m.organiser}`) +
        `<p style="margin:24px 0 0;font-size:12px;color:#64748B">${escapeHtml(footer)} <a href="${escapeHtml(m.stopUrl)}" style="color:#64748B">Stop messages from ${escapeHtml(m.organiser)}</a></p>`,
    ),
  };
}

/** To an organisation's owners when a webhook endpoint failed too often in a row and was turned off (docs/api.md#webhooks). */
export function webhookDisabledMail(w: { url: string; failures: number; integrationsUrl: string }): MailContent {
  const subject = 'A webhook endpoint was turned off';
  const lines = [
    `Tikiti could not deliver to ${w.url} ${w.failures} times in a row, so the endpoint was turned off and gets nothing more.`,
    'When it works again, turn it back on from Integrations; the failed deliveries can be sent again from its log.',
  ];
  return {
    subject,
    text: `${lines.join('\n\n')}\n\n${w.integrationsUrl}\n`,
    html: layout(subject, lines.map(paragraph).join('') + button(w.integrationsUrl, 'Open Integrations')),
  };
}
