import { formatAmount } from '@tikiti/contract';

export { dateChip, formatDateRange, formatDay, formatLongDay, formatTime } from '@tikiti/contract';

/** "1 booking", "48 bookings": a count with its noun, plural unless it is one. */
export const countOf = (n: number, singular: string, plural = `${singular}s`): string =>
  `${n} ${n === 1 ? singular : plural}`;

/** "USD 1,250.00" from an amount in major units, as the API sends prices (the contract's formatter). */
export const formatMoney = (amount: number, currency: string): string => formatAmount(amount, currency);
