import { formatAmount } from '@tikiti/contract';

export { dateChip, formatDateRange, formatDay, formatLongDay, formatTime } from '@tikiti/contract';

/** "USD 1,250.00" from an amount in major units, as the API sends prices (the contract's formatter). */
export const formatMoney = (amount: number, currency: string): string => formatAmount(amount, currency);
