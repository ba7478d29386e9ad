import { formatAmount, TIME_ZONE } from '@tikiti/contract';

export { formatDateRange, formatDay, formatLongDay, formatTime } from '@tikiti/contract';

const partsFmt = new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, day: 'numeric', month: 'short' });

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
