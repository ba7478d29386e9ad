import { describe, expect, it } from 'vitest';
import { datePresetRange, DATE_PRESETS } from './date-presets.js';
import { fromNairobiLocal, nairobiDay, startOfNairobiDay, toNairobiLocal } from './nairobi-time.js';

/** An instant given as Nairobi wall time. */
const at = (local: string) => fromNairobiLocal(local);

describe('Nairobi days', () => {
  it('puts 22:30 UTC on the next Nairobi day', () => {
    expect(nairobiDay(new Date('2026-03-11T22:30:00Z'))).toBe('2026-03-12');
    expect(nairobiDay(new Date('2026-03-11T20:59:59Z'))).toBe('2026-03-11');
  });
  it('starts a Nairobi day at 21:00 UTC the day before', () => {
    expect(startOfNairobiDay('2026-03-12').toISOString()).toBe('2026-03-11T21:00:00.000Z');
  });
  it('round-trips datetime-local values as Nairobi wall time', () => {
    expect(at('2026-03-12T09:00').toISOString()).toBe('2026-03-12T06:00:00.000Z');
    expect(toNairobiLocal('2026-03-12T06:00:00.000Z')).toBe('2026-03-12T09:00');
  });
});

describe('date presets (docs/product.md#date-presets)', () => {
  // Wednesday 11 March 2026, 10:00 in Nairobi.
  const wednesday = at('2026-03-11T10:00');

  it('today and tomorrow', () => {
    expect(datePresetRange('today', wednesday)).toEqual({ start: '2026-03-11', end: '2026-03-11' });
    expect(datePresetRange('tomorrow', wednesday)).toEqual({ start: '2026-03-12', end: '2026-03-12' });
  });

  it('weeks run Monday to Sunday', () => {
    expect(datePresetRange('thisWeek', wednesday)).toEqual({ start: '2026-03-09', end: '2026-03-15' });
    expect(datePresetRange('nextWeek', wednesday)).toEqual({ start: '2026-03-16', end: '2026-03-22' });
  });

  it('weekends are Saturday and Sunday', () => {
    expect(datePresetRange('thisWeekend', wednesday)).toEqual({ start: '2026-03-14', end: '2026-03-15' });
    expect(datePresetRange('nextWeekend', wednesday)).toEqual({ start: '2026-03-21', end: '2026-03-22' });
  });

  it('on a Sunday, this week and this weekend still end that day', () => {
    const sunday = at('2026-03-15T20:00');
    expect(datePresetRange('thisWeek', sunday)).toEqual({ start: '2026-03-09', end: '2026-03-15' });
    expect(datePresetRange('thisWeekend', sunday)).toEqual({ start: '2026-03-14', end: '2026-03-15' });
    expect(datePresetRange('nextWeek', sunday)).toEqual({ start: '2026-03-16', end: '2026-03-22' });
  });

  it('on a Monday, this week starts that day', () => {
    const monday = at('2026-03-16T00:05');
    expect(datePresetRange('thisWeek', monday)).toEqual({ start: '2026-03-16', end: '2026-03-22' });
  });

  it('uses the Nairobi day, not the UTC day, near midnight', () => {
    // Sunday 23:30 UTC is already Monday 02:30 in Nairobi.
    const lateSundayUtc = new Date('2026-03-15T23:30:00Z');
    expect(datePresetRange('today', lateSundayUtc)).toEqual({ start: '2026-03-16', end: '2026-03-16' });
    expect(datePresetRange('thisWeek', lateSundayUtc)).toEqual({ start: '2026-03-16', end: '2026-03-22' });
  });

  it('weeks cross month and year boundaries', () => {
    const newYearsEve = at('2026-12-31T12:00');
    expect(datePresetRange('thisWeek', newYearsEve)).toEqual({ start: '2026-12-28', end: '2027-01-03' });
    expect(datePresetRange('nextWeekend', newYearsEve)).toEqual({ start: '2027-01-09', end: '2027-01-10' });
  });

  it('this month and next month, including February and December', () => {
    expect(datePresetRange('thisMonth', wednesday)).toEqual({ start: '2026-03-01', end: '2026-03-31' });
    expect(datePresetRange('nextMonth', wednesday)).toEqual({ start: '2026-04-01', end: '2026-04-30' });
    const january = at('2028-01-31T23:59');
    expect(datePresetRange('nextMonth', january)).toEqual({ start: '2028-02-01', end: '2028-02-29' });
    const december = at('2026-12-15T08:00');
    expect(datePresetRange('nextMonth', december)).toEqual({ start: '2027-01-01', end: '2027-01-31' });
  });

  it('after 21:00 UTC on the last day of a month it is already next month in Nairobi', () => {
    // 31 March 22:00 UTC = 1 April 01:00 Nairobi.
    expect(datePresetRange('thisMonth', new Date('2026-03-31T22:00:00Z'))).toEqual({
      start: '2026-04-01',
      end: '2026-04-30',
    });
  });

  it('every preset gives start ≤ end', () => {
    for (const p of DATE_PRESETS) {
      const r = datePresetRange(p, wednesday);
      expect(r.start <= r.end).toBe(true);
    }
  });
});
