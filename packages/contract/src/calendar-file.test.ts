import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import {
  bookingCalendarFile,
  calendarBookingOfETicket,
  calendarBookingOfStoredBooking,
  foldLine,
  icsText,
  icsTime,
  type CalendarBooking,
} from './calendar-file.js';
import type { StoredBooking } from './checkout/index.js';
import type { ETicket } from './etickets/index.js';

const booking: CalendarBooking = {
  reference: 'TK-7Q2M9X',
  eventId: 12,
  title: 'East Africa Fintech Summit',
  shortDescription: 'Payments; lending, regulation.\nAnd a back\\slash.',
  location: 'KICC, Nairobi',
  start: '2026-03-12T09:00:00+03:00',
  end: '2026-03-12T14:00:00.000Z',
};
const now = new Date('2026-03-01T08:03:00.000Z');
const SITE = 'https://tikiti.example.com';

/** The file read back by a calendar library (ical.js), as a calendar app would. */
function readBack(ics: string) {
  const event = new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent('vevent')!;
  const text = (name: string) => event.getFirstPropertyValue(name)?.toString();
  return {
    uid: text('uid'),
    summary: text('summary'),
    location: text('location'),
    description: text('description'),
    url: text('url'),
    start: (event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString(),
    end: (event.getFirstPropertyValue('dtend') as ICAL.Time).toJSDate().toISOString(),
  };
}

describe('a booking’s calendar file (RFC 5545)', () => {
  const ics = bookingCalendarFile(booking, SITE, now);

  it('holds one VEVENT in UTC with the reference as its UID, and CRLF line ends', () => {
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = ics.split('\r\n');
    expect(lines.slice(0, 3)).toEqual(['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Tikiti//E-tickets//EN']);
    expect(lines).toEqual(
      expect.arrayContaining([
        'UID:TK-7Q2M9X@tikiti.co.ke',
        'DTSTAMP:20260301T080300Z',
        'DTSTART:20260312T060000Z',
        'DTEND:20260312T140000Z',
        'SUMMARY:East Africa Fintech Summit',
        'LOCATION:KICC\\, Nairobi',
      ]),
    );
    expect(lines.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(1);
    expect(lines.at(-2)).toBe('END:VCALENDAR');
  });

  it('reads back as written: the text with its commas, semicolons, backslashes and line breaks, the times, the event’s page', () => {
    expect(readBack(ics)).toEqual({
      uid: 'TK-7Q2M9X@tikiti.co.ke',
      summary: 'East Africa Fintech Summit',
      location: 'KICC, Nairobi',
      description:
        'Payments; lending, regulation.\nAnd a back\\slash.\n\nBooking reference: TK-7Q2M9X\n\nYour e-tickets: https://tikiti.example.com/account/tickets',
      url: 'https://tikiti.example.com/details/12/east-africa-fintech-summit',
      start: '2026-03-12T06:00:00.000Z',
      end: '2026-03-12T14:00:00.000Z',
    });
  });

  it('folds long lines at 75 octets without splitting a character, and they read back whole', () => {
    const title = `Ngong’ Road 🎟️ Mkutano wa Teknolojia, ${'Kilimo na Biashara '.repeat(8)}`;
    const long = bookingCalendarFile({ ...booking, title, shortDescription: null }, SITE, now);
    const lines = long.split('\r\n');
    expect(lines.some((l) => l.startsWith(' '))).toBe(true);
    for (const line of lines) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(readBack(long).summary).toBe(title);
    expect(readBack(long).description).toBe(
      'Booking reference: TK-7Q2M9X\n\nYour e-tickets: https://tikiti.example.com/account/tickets',
    );
    const folded = foldLine(`DESCRIPTION:${'é'.repeat(80)}`);
    expect(
      folded
        .split('\r\n')
        .map((p, i) => (i > 0 ? p.slice(1) : p))
        .join(''),
    ).toBe(`DESCRIPTION:${'é'.repeat(80)}`);
  });

  it('has one UID whatever address the site is reached at; the links follow the address', () => {
    const read = (site: string) => readBack(bookingCalendarFile(booking, site, now));
    for (const site of [
      'http://localhost:3000',
      'http://127.0.0.1:3000',
      'https://www.tikiti.co.ke/',
      'http://[::1]:3000',
    ])
      expect(read(site).uid).toBe('TK-7Q2M9X@tikiti.co.ke');
    expect(read('https://tikiti.co.ke/').url).toBe('https://tikiti.co.ke/details/12/east-africa-fintech-summit');
  });

  it('is the same file from the e-tickets page’s answer and the success page’s, for the same booking', () => {
    const event = {
      title: booking.title,
      slug: 'east-africa-fintech-summit',
      start_time: '2026-03-12T06:00:00.000Z',
      end_time: booking.end,
      location: booking.location,
      short_description: booking.shortDescription!,
    };
    const eticket = {
      ...event,
      event_id: booking.eventId,
      booking: { booking_id: booking.reference },
    } as unknown as ETicket;
    const stored = {
      reference: booking.reference,
      event: { ...event, id: booking.eventId, image_card: null },
    } as unknown as StoredBooking;
    const fromTickets = bookingCalendarFile(calendarBookingOfETicket(eticket), SITE, now);
    expect(bookingCalendarFile(calendarBookingOfStoredBooking(stored), SITE, now)).toBe(fromTickets);
    expect(fromTickets).toBe(ics);
  });

  it('escapes and formats the parts', () => {
    expect(icsTime('2026-03-12T09:00:00+03:00')).toBe('20260312T060000Z');
    expect(icsText('a\\b;c,d\r\ne\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
  });
});
