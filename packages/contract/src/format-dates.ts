import { TIME_ZONE } from './constants.js';

/** Dates and times in Nairobi time, as people in Kenya read them (docs/product.md#look-and-feel); the web app and the mails share them. */
const dayFmt = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});
const timeFmt = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});
const longDayFmt = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/** "Thu, 12 Mar 2026" */
export const formatDay = (iso: string) => dayFmt.format(new Date(iso)).replace(/^(\w+) /, '$1, ');
/** "Thursday, 12 March 2026" */
export const formatLongDay = (iso: string) => longDayFmt.format(new Date(iso)).replace(/^(\w+) /, '$1, ');
/** "09:00" */
export const formatTime = (iso: string) => timeFmt.format(new Date(iso));

/** "Thu, 12 Mar 2026 · 09:00–17:00 EAT", or both days when the event spans several. */
export function formatDateRange(startIso: string, endIso: string): string {
  const sameDay = formatDay(startIso) === formatDay(endIso);
  return sameDay
    ? `${formatDay(startIso)} · ${formatTime(startIso)}–${formatTime(endIso)} EAT`
    : `${formatDay(startIso)} ${formatTime(startIso)} – ${formatDay(endIso)} ${formatTime(endIso)} EAT`;
}
