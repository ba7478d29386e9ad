import { CURRENCIES, type Currency } from './constants.js';

/**
 * Money, one way everywhere (docs/product.md, "Money"): the database keeps integer minor
 * units, the API speaks major units (prices are plain numbers such as 49.5), and
 * people read "USD 1,250.00". A currency is a property of the event, never a default.
 */
export interface Money {
  /** Integer minor units (cents for USD). */
  amount_minor: number;
  currency: Currency;
}

/** Minor units per major unit for each currency (ISO 4217 exponents). */
export const MINOR_PER_MAJOR: Record<Currency, number> = { USD: 100, KES: 100 };

/**
 * Currencies priced and shown in whole major units: KES ("KES 2,500"), since M-Pesa takes whole
 * shillings only. Their minor units stay ISO 4217's (cents), so a card provider is charged right.
 */
const WHOLE_UNITS: ReadonlySet<Currency> = new Set<Currency>(['KES']);

/** True when prices in this currency are whole units (KES). */
export const isWholeUnitCurrency = (currency: string): boolean => isCurrency(currency) && WHOLE_UNITS.has(currency);

export const isCurrency = (value: string): value is Currency => (CURRENCIES as readonly string[]).includes(value);

/** Major units (49.5) to integer minor units (4950), rounding away float noise. */
export const toMinor = (major: number, currency: Currency): number => Math.round(major * MINOR_PER_MAJOR[currency]);

/** Integer minor units (4950) to major units (49.5), as the API sends them. */
export const toMajor = (minor: number, currency: Currency): number => minor / MINOR_PER_MAJOR[currency];

export const money = (amountMinor: number, currency: Currency): Money => ({ amount_minor: amountMinor, currency });

/** "USD 1,250.00" from an amount in major units, as the API sends prices. */
export function formatAmount(major: number, currency: string): string {
  const whole = isWholeUnitCurrency(currency);
  const digits = whole ? 0 : 2;
  const text = major.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
  return `${currency} ${text}`;
}

/** "USD 1,250.00" from Money. */
export const formatMoney = (m: Money): string => formatAmount(toMajor(m.amount_minor, m.currency), m.currency);
