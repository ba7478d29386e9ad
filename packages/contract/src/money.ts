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

/** A currency Tikiti does not sell in, met where one it does was expected: a fault in the data. */
export class UnknownCurrencyError extends Error {
  constructor(readonly value: string) {
    super(`Unknown currency "${value.slice(0, 10)}"`);
    this.name = 'UnknownCurrencyError';
  }
}

/**
 * The currency named by a stored or received value. An unknown one is an error, never quietly
 * another currency: a price read in the wrong currency is a wrong price.
 */
export function parseCurrency(value: string): Currency {
  if (!isCurrency(value)) throw new UnknownCurrencyError(value);
  return value;
}

/** Major units (49.5) to integer minor units (4950), rounding away float noise. */
export const toMinor = (major: number, currency: Currency): number => Math.round(major * MINOR_PER_MAJOR[currency]);

/** Integer minor units (4950) to major units (49.5), as the API sends them. */
export const toMajor = (minor: number, currency: Currency): number => minor / MINOR_PER_MAJOR[currency];

/** True when the amount is a whole number of major units (M-Pesa takes whole shillings only). */
export const isWholeMajor = (minor: number, currency: Currency): boolean => minor % MINOR_PER_MAJOR[currency] === 0;

/**
 * True when a major-unit amount has no more decimals than the currency's minor units allow
 * (two for USD and KES): 19.99 does, 19.999 does not.
 */
export function fitsMinorUnits(major: number, currency: Currency): boolean {
  const minor = major * MINOR_PER_MAJOR[currency];
  return Math.abs(Math.round(minor) - minor) < 1e-6;
}

/** Adds minor-unit amounts, the only way amounts are added: 1999 + 3333 = 5332, never 19.99 + 33.33. */
export const sumMinor = (amounts: readonly number[]): number => amounts.reduce((sum, a) => sum + a, 0);

/**
 * A line's total in major units from a major-unit unit price, multiplied in minor units:
 * 19.99 × 7 is 139.93, where the float product is 139.92999999999998.
 */
export const lineTotal = (price: number, quantity: number, currency: Currency): number =>
  toMajor(toMinor(price, currency) * quantity, currency);

/** An order's total in major units from its lines' major-unit prices, added in minor units. */
export const orderTotal = (lines: readonly { price: number; qty: number }[], currency: Currency): number =>
  toMajor(sumMinor(lines.map((l) => toMinor(l.price, currency) * l.qty)), currency);

export const money = (amountMinor: number, currency: Currency): Money => ({ amount_minor: amountMinor, currency });

/** "USD 1,250.00" from an amount in major units, as the API sends prices. */
export function formatAmount(major: number, currency: string): string {
  return `${currency} ${formatNumber(major, isWholeUnitCurrency(currency) ? 0 : 2)}`;
}

/**
 * "1,250.00": a number with `digits` decimals and thousands separated by commas, as
 * `toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })` writes
 * it (the number's shortest decimal form rounded half away from zero), without `Intl`, whose first
 * use loads locale data on a browser's main thread (decision 0022). money.test.ts holds the two to
 * the same output.
 */
export function formatNumber(value: number, digits: number): string {
  const text = String(Math.abs(value));
  // Exponent forms (below 1e-6 or from 1e21) are not amounts; Intl still writes them right.
  if (!Number.isFinite(value) || text.includes('e')) {
    return value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
  }
  const [whole = '0', fraction = ''] = text.split('.');
  // Round the decimal digits themselves, so 1.005 is 1.01 as written, not as stored in binary.
  const kept = `${whole}${fraction.padEnd(digits, '0').slice(0, digits)}`;
  const roundUp = (fraction[digits] ?? '0') >= '5';
  const digitsOut = roundUp ? (BigInt(kept) + 1n).toString().padStart(kept.length, '0') : kept;
  const intPart = digitsOut.slice(0, digitsOut.length - digits) || '0';
  const grouped = intPart.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return `${sign}${grouped}${digits ? `.${digitsOut.slice(-digits)}` : ''}`;
}

/** "USD 1,250.00" from Money. */
export const formatMoney = (m: Money): string => formatAmount(toMajor(m.amount_minor, m.currency), m.currency);

/**
 * The VAT inside a VAT-inclusive amount in minor units: `amount × rate / (100 + rate)`, rounded
 * half up to a whole minor unit, in integers (docs/product.md#vat-arithmetic). A document's VAT
 * is the sum of its lines' VAT, so its lines always add up to its totals.
 */
export function vatInside(amountMinor: number, ratePercent: number): number {
  if (!Number.isInteger(amountMinor) || !Number.isInteger(ratePercent) || ratePercent < 0) {
    throw new RangeError('vatInside takes whole minor units and a whole rate');
  }
  const divisor = 100 + ratePercent;
  const sign = amountMinor < 0 ? -1 : 1;
  const abs = Math.abs(amountMinor);
  return sign * Math.floor((2 * abs * ratePercent + divisor) / (2 * divisor));
}

/**
 * The discount on one ticket of `listMinor` for `percent` % off (docs/product.md#discount-codes):
 * rounded half up to the currency's price step (a cent for USD, a whole shilling for KES, which
 * M-Pesa takes whole), in integers, never more than the price. The page, the booking and the
 * provider's amount all use it (through `priceTicket`), so they never differ by a minor unit.
 */
export function percentOffMinor(listMinor: number, percent: number, currency: Currency): number {
  if (!Number.isInteger(listMinor) || listMinor < 0 || !Number.isInteger(percent) || percent < 0 || percent > 100) {
    throw new RangeError('percentOffMinor takes whole minor units and a whole percent from 0 to 100');
  }
  const step = WHOLE_UNITS.has(currency) ? MINOR_PER_MAJOR[currency] : 1;
  const steps = Math.floor((2 * listMinor * percent + 100 * step) / (200 * step));
  return Math.min(steps * step, listMinor);
}

/** An amount off one ticket of `listMinor`: the amount, never more than the price. */
export const amountOffMinor = (listMinor: number, offMinor: number): number =>
  Math.max(0, Math.min(offMinor, listMinor));
