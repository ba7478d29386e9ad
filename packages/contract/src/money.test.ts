import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatAmount, formatNumber } from './money.js';

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
