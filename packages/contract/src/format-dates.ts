import { NAIROBI_OFFSET_MINUTES } from './constants.js';

/**
 * Dates and times in Nairobi time, as people in Kenya read them (docs/product.md#look-and-feel);
 * the web app, the server-drawn first screen and the mails share them.
 *
 * Written out by hand rather than with `Intl.DateTimeFormat`: Kenya is UTC+3 with no daylight
 * saving, so a fixed offset is exact, and a browser's first `Intl` formatter loads its locale and
 * time-zone data on the main thread (30–40 ms on a phone, measured in decision 0022). The words are
 * en-GB's as `Intl` spells them (September is "Sept"); format-dates.test.ts holds the two to the
 * same output for any instant.
 */
const OFFSET_MS = NAIROBI_OFFSET_MINUTES * 60_000;
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
const shortMonth = (m: number) => (m === 8 ? 'Sept' : MONTHS[m]!.slice(0, 3));
const twoDigits = (n: number) => String(n).padStart(2, '0');

/** The Nairobi wall-clock reading of an instant; throws a RangeError for an unreadable date, as `Intl` does. */
export function nairobiParts(iso: string | Date) {
  const ms = new Date(iso).getTime();
  if (Number.isNaN(ms)) throw new RangeError('Invalid time value');
  const d = new Date(ms + OFFSET_MS);
  return {
    year: d.getUTCFullYear(),
    /** 0 January … 11 December */
    month: d.getUTCMonth(),
    day: d.getUTCDate(),
    /** 0 Sunday … 6 Saturday */
    weekday: d.getUTCDay(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
  };
}

/** "Thu, 12 Mar 2026" */
export function formatDay(iso: string): string {
  const p = nairobiParts(iso);
  return `${WEEKDAYS[p.weekday]!.slice(0, 3)}, ${p.day} ${shortMonth(p.month)} ${p.year}`;
}
/** "Thursday, 12 March 2026" */
export function formatLongDay(iso: string): string {
  const p = nairobiParts(iso);
  return `${WEEKDAYS[p.weekday]}, ${p.day} ${MONTHS[p.month]} ${p.year}`;
}
/** "12 Mar 2026" */
export function formatShortDate(iso: string): string {
  const p = nairobiParts(iso);
  return `${p.day} ${shortMonth(p.month)} ${p.year}`;
}
/** "09:00" */
export function formatTime(iso: string): string {
  const p = nairobiParts(iso);
  return `${twoDigits(p.hour)}:${twoDigits(p.minute)}`;
}
/** Day number and short month for a date chip: { day: '12', month: 'Mar' }. */
export function dateChip(iso: string): { day: string; month: string } {
  const p = nairobiParts(iso);
  return { day: String(p.day), month: shortMonth(p.month) };
}

/** "Thu, 12 Mar 2026 · 09:00–17:00 EAT", or both days when the event spans several. */
export function formatDateRange(startIso: string, endIso: string): string {
  const sameDay = formatDay(startIso) === formatDay(endIso);
  return sameDay
    ? `${formatDay(startIso)} · ${formatTime(startIso)}–${formatTime(endIso)} EAT`
    : `${formatDay(startIso)} ${formatTime(startIso)} – ${formatDay(endIso)} ${formatTime(endIso)} EAT`;
}
