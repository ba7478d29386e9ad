import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TIME_ZONE } from './constants.js';
import { dateChip, formatDay, formatLongDay, formatShortDate, formatTime } from './format-dates.js';

/** What `Intl` writes for the same instant: the formatters are held to it (decision 0022). */
const intl = (options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, ...options });
const intlDay = intl({ weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' });
const intlLongDay = intl({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
const intlShort = intl({ day: 'numeric', month: 'short', year: 'numeric' });
const intlTime = intl({ hour: '2-digit', minute: '2-digit', hour12: false });
const intlChip = intl({ day: 'numeric', month: 'short' });

// 1970 to 2200, to the minute and second.
const instants = fc.integer({ min: 0, max: 7_258_118_400_000 }).map((ms) => new Date(ms).toISOString());

describe('Nairobi dates written without Intl', () => {
  it('match Intl en-GB in Africa/Nairobi for any instant', () => {
    fc.assert(
      fc.property(instants, (iso) => {
        const d = new Date(iso);
        expect(formatDay(iso)).toBe(intlDay.format(d).replace(/^(\w+) /, '$1, '));
        expect(formatLongDay(iso)).toBe(intlLongDay.format(d).replace(/^(\w+) /, '$1, '));
        expect(formatShortDate(iso)).toBe(intlShort.format(d));
        expect(formatTime(iso)).toBe(intlTime.format(d));
        const parts = intlChip.formatToParts(d);
        expect(dateChip(iso)).toEqual({
          day: parts.find((p) => p.type === 'day')?.value,
          month: parts.find((p) => p.type === 'month')?.value,
        });
      }),
      { numRuns: 2000 },
    );
  });

  it('turns the day at 21:00 UTC, midnight in Nairobi, and writes midnight as 00:00', () => {
    expect(formatDay('2026-09-03T20:59:00Z')).toBe('Thu, 3 Sept 2026');
    expect(formatDay('2026-09-03T21:00:00Z')).toBe('Fri, 4 Sept 2026');
    expect(formatTime('2026-09-03T21:00:00Z')).toBe('00:00');
  });

  it('refuses an unreadable date as Intl does', () => {
    expect(() => formatDay('not a date')).toThrow(RangeError);
  });
});
