import type { StoredBooking } from './checkout/index.js';
import type { ETicket } from './etickets/index.js';
import { slugify } from './slug.js';

/**
 * A booking's event as a calendar file (RFC 5545). This is the one writer: the API's file behind
 * the confirmation mail's link and the web's on the success and e-tickets pages are the same text
 * with the same UID, so adding one booking from the mail and from a page updates one calendar
 * entry instead of making two (docs/product.md#e-tickets-and-signed-codes). Pure, without `Intl`
 * or any platform API, so the browser's pages carry nothing more for it
 * (docs/decisions/0022-main-thread-on-a-phone.md).
 */
export interface CalendarBooking {
  reference: string;
  eventId: number;
  title: string;
  shortDescription: string | null | undefined;
  location: string;
  /** ISO 8601 instants (the API sends UTC). */
  start: string;
  end: string;
}

/** What the e-tickets page has of a booking (GET v1/tickets/view). */
export const calendarBookingOfETicket = (t: ETicket): CalendarBooking => ({
  reference: t.booking.booking_id,
  eventId: t.event_id,
  title: t.title,
  shortDescription: t.short_description,
  location: t.location,
  start: t.start_time,
  end: t.end_time,
});

/** What the success page has of a booking (POST v1/booking/retrieve). */
export const calendarBookingOfStoredBooking = (b: StoredBooking): CalendarBooking => ({
  reference: b.reference,
  eventId: b.event.id,
  title: b.event.title,
  shortDescription: b.event.short_description,
  location: b.event.location,
  start: b.event.start_time,
  end: b.event.end_time,
});

/** 2026-03-12T09:00:00+03:00 → 20260312T060000Z (a UTC DATE-TIME). */
export const icsTime = (iso: string) =>
  new Date(iso)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** TEXT (§3.3.11): backslash, semicolon and comma escaped, line breaks as \n. */
export const icsText = (s: string) =>
  s
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n?|\n/g, '\\n');

/** The octets of a character in UTF-8. */
const octets = (ch: string) => {
  const cp = ch.codePointAt(0)!;
  return cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
};

/** §3.1: a line longer than 75 octets continues on the next after CRLF and a space, never inside a character. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let size = 0;
  for (const ch of line) {
    if (size + octets(ch) > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
      size = 0;
    }
    current += ch;
    size += octets(ch);
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/**
 * The UID's domain: Tikiti's own, not the address the file came from, which differs between the
 * server's PUBLIC_URL and whatever address a browser reached the site by (a `www.`, an IP): a
 * booking's UID must be one whichever side wrote it. References are random, so it stays unique.
 */
const CALENDAR_UID_DOMAIN = 'tikiti.co.ke';

/**
 * The calendar file of `booking`'s event: one VEVENT in UTC with `{reference}@tikiti.co.ke` as its
 * UID, the event's page as its URL, CRLF line ends and folded lines. `siteUrl` is the address
 * people use: PUBLIC_URL on the server, the page's origin in the browser.
 */
export function bookingCalendarFile(booking: CalendarBooking, siteUrl: string, now = new Date()): string {
  const site = siteUrl.replace(/\/+$/, '');
  const description = [
    booking.shortDescription,
    `Booking reference: ${booking.reference}`,
    `Your e-tickets: ${site}/account/tickets`,
  ]
    .filter(Boolean)
    .join('\n\n');
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Tikiti//E-tickets//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${icsText(`${booking.reference}@${CALENDAR_UID_DOMAIN}`)}`,
    `DTSTAMP:${icsTime(now.toISOString())}`,
    `DTSTART:${icsTime(booking.start)}`,
    `DTEND:${icsTime(booking.end)}`,
    `SUMMARY:${icsText(booking.title)}`,
    `LOCATION:${icsText(booking.location)}`,
    `DESCRIPTION:${icsText(description)}`,
    `URL:${site}/details/${booking.eventId}/${slugify(booking.title)}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
