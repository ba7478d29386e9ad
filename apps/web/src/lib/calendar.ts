/** One event for a calendar file. Times are ISO 8601 instants (the API sends UTC). */
export interface CalendarEvent {
  /** Unique and stable for this booking, so importing the file twice updates one entry. */
  uid: string;
  start: string;
  end: string;
  summary: string;
  location: string;
  description: string;
  url?: string;
}

/** 2026-03-12T06:00:00.000Z → 20260312T060000Z (RFC 5545 UTC date-time). */
export function icsTime(iso: string): string {
  return new Date(iso)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** RFC 5545 §3.3.11 TEXT: backslash, semicolon and comma escaped; line breaks as \n. */
export function icsText(s: string): string {
  return s.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

const encoder = new TextEncoder();

/** RFC 5545 §3.1: lines longer than 75 octets continue on the next line after CRLF and a space, never splitting a character. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const size = encoder.encode(ch).length;
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += ch;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/**
 * A calendar file with one VEVENT (docs/product.md#e-tickets-and-signed-codes "Add to calendar"): UTC times, CRLF
 * line ends, escaped and folded text, as calendar apps expect.
 */
export function buildIcs(event: CalendarEvent, now: Date = new Date()): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Tikiti//Tickets//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${icsText(event.uid)}`,
    `DTSTAMP:${icsTime(now.toISOString())}`,
    `DTSTART:${icsTime(event.start)}`,
    `DTEND:${icsTime(event.end)}`,
    `SUMMARY:${icsText(event.summary)}`,
    `LOCATION:${icsText(event.location)}`,
    `DESCRIPTION:${icsText(event.description)}`,
    ...(event.url ? [`URL:${event.url}`] : []),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

/** The file as a link target: `<a href={icsHref(ics)} download="….ics">`. */
export const icsHref = (ics: string) => `data:text/calendar;charset=utf-8,${encodeURIComponent(ics)}`;

/** A Google Maps search for a place, as people open it on a phone or a laptop. */
export const mapsSearchUrl = (place: string) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(place)}`;
