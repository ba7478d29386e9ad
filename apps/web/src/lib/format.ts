import { formatAmount, TIME_ZONE } from '@tikiti/contract';

/** Dates and times in Nairobi time, as people in Kenya read them (docs/product.md#look-and-feel). */
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
const partsFmt = new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, day: 'numeric', month: 'short' });
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

/** Day number and short month for a date chip: { day: '12', month: 'Mar' }. */
export function dateChip(iso: string): { day: string; month: string } {
  const parts = partsFmt.formatToParts(new Date(iso));
  return {
    day: parts.find((p) => p.type === 'day')?.value ?? '',
    month: parts.find((p) => p.type === 'month')?.value ?? '',
  };
}

/** "USD 1,250.00" from an amount in major units, as the API sends prices (the contract's formatter). */
export const formatMoney = (amount: number, currency: string): string => formatAmount(amount, currency);
