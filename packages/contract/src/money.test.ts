import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  fitsMinorUnits,
  formatAmount,
  formatNumber,
  isWholeMajor,
  lineTotal,
  orderTotal,
  parseCurrency,
  sumMinor,
  toMajor,
  toMinor,
  UnknownCurrencyError,
} from './money.js';

const intl = (value: number, digits: number) =>
  value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

describe('amounts written without Intl (decision 0022)', () => {
  it('match toLocaleString en-US for any amount, with 0 or 2 decimals', () => {
    const amounts = fc.oneof(
      fc.double({ min: -1e13, max: 1e13, noNaN: true }),
      fc.integer({ min: -1e9, max: 1e9 }).map((cents) => cents / 100),
      fc.integer({ min: -1e9, max: 1e9 }).map((tenths) => tenths / 1000),
    );
    fc.assert(
      fc.property(amounts, fc.constantFrom(0, 2), (value, digits) => {
        expect(formatNumber(value, digits)).toBe(intl(value, digits));
      }),
      { numRuns: 5000 },
    );
  });

  it('rounds the written decimal half away from zero, carrying into the thousands', () => {
    expect(formatNumber(1.005, 2)).toBe('1.01');
    expect(formatNumber(999_999.995, 2)).toBe('1,000,000.00');
    expect(formatNumber(-2.5, 0)).toBe('-3');
    expect(formatNumber(0.1 + 0.2, 2)).toBe('0.30');
  });

  it('writes dollars with cents and shillings whole', () => {
    expect(formatAmount(1250, 'USD')).toBe('USD 1,250.00');
    expect(formatAmount(2500.4, 'KES')).toBe('KES 2,500');
  });
});

describe('minor units and totals (docs/decisions/0007-money-type.md)', () => {
  it('converts prices that floats get wrong to exact minor units and back', () => {
    expect(19.99 * 100).not.toBe(1999);
    expect(toMinor(19.99, 'USD')).toBe(1999);
    expect(toMinor(33.33, 'USD')).toBe(3333);
    expect(toMinor(0.1 + 0.2, 'USD')).toBe(30);
    expect(toMinor(2333, 'KES')).toBe(233_300);
    expect(toMajor(1999, 'USD')).toBe(19.99);
    expect(toMajor(3333, 'USD')).toBe(33.33);
    expect(toMajor(233_300, 'KES')).toBe(2333);
  });

  it('round-trips every two-decimal amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.constantFrom('USD' as const, 'KES' as const), (minor, c) => {
        expect(toMinor(toMajor(minor, c), c)).toBe(minor);
      }),
      { numRuns: 2000 },
    );
  });

  it('adds in minor units: lines and orders come out exact', () => {
    expect(19.99 * 7).not.toBe(139.93);
    expect(lineTotal(19.99, 7, 'USD')).toBe(139.93);
    expect(0.1 * 3).not.toBe(0.3);
    expect(lineTotal(0.1, 3, 'USD')).toBe(0.3);
    expect(lineTotal(33.33, 3, 'USD')).toBe(99.99);
    expect(lineTotal(2333, 3, 'KES')).toBe(6999);
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(
      orderTotal(
        [
          { price: 0.1, qty: 1 },
          { price: 0.2, qty: 1 },
        ],
        'USD',
      ),
    ).toBe(0.3);
    expect(
      orderTotal(
        [
          { price: 19.99, qty: 2 },
          { price: 33.33, qty: 1 },
        ],
        'USD',
      ),
    ).toBe(73.31);
    expect(sumMinor([1999, 3333, 10, 20])).toBe(5362);
    expect(sumMinor([])).toBe(0);
  });

  it('knows whole shillings and the decimals a currency can hold', () => {
    expect(isWholeMajor(233_300, 'KES')).toBe(true);
    expect(isWholeMajor(233_350, 'KES')).toBe(false);
    expect(fitsMinorUnits(19.99, 'USD')).toBe(true);
    expect(fitsMinorUnits(0.1 + 0.2, 'USD')).toBe(true);
    expect(fitsMinorUnits(19.999, 'USD')).toBe(false);
  });

  it('refuses a currency it does not know instead of reading it as another', () => {
    expect(parseCurrency('KES')).toBe('KES');
    expect(parseCurrency('USD')).toBe('USD');
    expect(() => parseCurrency('EUR')).toThrow(UnknownCurrencyError);
    expect(() => parseCurrency('')).toThrow('Unknown currency ""');
    expect(() => parseCurrency('usd')).toThrow(UnknownCurrencyError);
  });
});
