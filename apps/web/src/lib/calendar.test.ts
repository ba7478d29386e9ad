import { describe, expect, it } from 'vitest';
import { bookingCalendarFile } from '@tikiti/contract';
import { icsHref, mapsSearchUrl } from './calendar';

describe('calendar and map links', () => {
  it('makes a download link of a calendar file and a maps search', () => {
    const ics = bookingCalendarFile(
      {
        reference: 'TK-7Q2M9X',
        eventId: 12,
        title: 'East Africa Fintech Summit',
        shortDescription: 'Payments, lending & regulation: 100% of it',
        location: 'KICC, Nairobi',
        start: '2026-03-12T06:00:00.000Z',
        end: '2026-03-12T14:00:00.000Z',
      },
      'http://localhost:3000',
    );
    expect(decodeURIComponent(icsHref(ics).replace('data:text/calendar;charset=utf-8,', ''))).toBe(ics);
    expect(mapsSearchUrl('KICC, Nairobi')).toBe('https://www.google.com/maps/search/?api=1&query=KICC%2C%20Nairobi');
  });
});
