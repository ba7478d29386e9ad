import { describe, expect, it } from 'vitest';
import { buildIcs, foldLine, icsHref, icsText, icsTime, mapsSearchUrl } from './calendar';

describe('calendar files (RFC 5545)', () => {
  const ics = buildIcs(
    {
      uid: 'TK-7Q2M9X@tikiti.co.ke',
      start: '2026-03-12T06:00:00.000Z',
      end: '2026-03-12T14:00:00.000Z',
      summary: 'East Africa Fintech Summit',
      location: 'KICC, Nairobi',
      description: 'Payments; lending, regulation.\nBooking reference: TK-7Q2M9X',
    },
    new Date('2026-03-01T08:03:00.000Z'),
  );

  it('holds one VEVENT with UTC times, the reference as UID, escaped text and CRLF line ends', () => {
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = ics.split('\r\n');
    expect(lines.slice(0, 2)).toEqual(['BEGIN:VCALENDAR', 'VERSION:2.0']);
    expect(lines).toContain('BEGIN:VEVENT');
    expect(lines).toContain('UID:TK-7Q2M9X@tikiti.co.ke');
    expect(lines).toContain('DTSTAMP:20260301T080300Z');
    expect(lines).toContain('DTSTART:20260312T060000Z');
    expect(lines).toContain('DTEND:20260312T140000Z');
    expect(lines).toContain('SUMMARY:East Africa Fintech Summit');
    expect(lines).toContain('LOCATION:KICC\\, Nairobi');
    expect(lines).toContain('DESCRIPTION:Payments\\; lending\\, regulation.\\nBooking reference: TK-7Q2M9X');
    expect(lines.filter((l) => l === 'END:VEVENT')).toHaveLength(1);
    expect(lines.at(-2)).toBe('END:VCALENDAR');
  });

  it('escapes and formats the parts', () => {
    expect(icsTime('2026-03-12T09:00:00+03:00')).toBe('20260312T060000Z');
    expect(icsText('a\\b')).toBe('a\\\\b');
  });

  it('folds lines longer than 75 octets without splitting a character', () => {
    const long = `DESCRIPTION:${'Ngong’ Road, '.repeat(12)}`;
    const folded = foldLine(long);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(1);
    for (const [i, part] of parts.entries()) {
      expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75);
      if (i > 0) expect(part.startsWith(' ')).toBe(true);
    }
    expect(parts.map((p, i) => (i > 0 ? p.slice(1) : p)).join('')).toBe(long);
  });

  it('makes a download link and a maps search', () => {
    expect(decodeURIComponent(icsHref(ics).replace('data:text/calendar;charset=utf-8,', ''))).toBe(ics);
    expect(mapsSearchUrl('KICC, Nairobi')).toBe('https://www.google.com/maps/search/?api=1&query=KICC%2C%20Nairobi');
  });
});
