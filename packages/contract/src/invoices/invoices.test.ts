import { describe, expect, it } from 'vitest';
import { vatInside } from '../money.js';
import { kraPinSchema } from './kra-pin.js';
import { invoiceDueAt, invoicePaymentUntil } from './due-date.js';

describe('vatInside', () => {
  it('is 16/116 of a VAT-inclusive amount, rounded half up to the minor unit', () => {
    expect(vatInside(466600, 16)).toBe(64359); // KES 4,666.00 → 643.586… → 643.59
    expect(vatInside(150000, 16)).toBe(20690); // KES 1,500.00 → 206.896… → 206.90
    expect(vatInside(1999, 16)).toBe(276); // USD 19.99 → 2.757… → 2.76
    expect(vatInside(3333, 16)).toBe(460); // USD 33.33 → 4.597… → 4.60
    expect(vatInside(29, 16)).toBe(4); // 4.0 exactly: 29 × 16 / 116
    expect(vatInside(0, 16)).toBe(0);
    expect(vatInside(1000, 0)).toBe(0);
  });

  it('agrees with the exact fraction for every amount up to KES 1,000.00', () => {
    for (let minor = 0; minor <= 100000; minor++) {
      const exact = (minor * 16) / 116;
      const got = vatInside(minor, 16);
      expect(Math.abs(got - exact)).toBeLessThanOrEqual(0.5);
      if (Math.abs(got - exact) === 0.5) expect(got).toBeGreaterThan(exact);
    }
  });

  it('refuses fractions of a minor unit', () => {
    expect(() => vatInside(10.5, 16)).toThrow(RangeError);
  });
});

describe('kraPinSchema', () => {
  it('takes a letter, nine digits and a letter, trimmed and upper-cased', () => {
    expect(kraPinSchema.parse(' p051234567x ')).toBe('P051234567X');
    expect(kraPinSchema.parse('A123456789B')).toBe('A123456789B');
  });
  it.each(['A12345678', 'P0512345678', '0P51234567X', 'P05123456XX', 'P 051234567X', ''])('refuses %j', (pin) => {
    expect(kraPinSchema.safeParse(pin).success).toBe(false);
  });
});

describe('the pay-by-invoice due date', () => {
  const now = Date.parse('2026-11-27T09:00:00Z');
  const day = 86_400_000;
  it('is the days after booking, never later than 2 days before the start', () => {
    expect(invoiceDueAt(7, new Date(now + 30 * day), now)?.getTime()).toBe(now + 7 * day);
    expect(invoiceDueAt(14, new Date(now + 10 * day), now)?.getTime()).toBe(now + 8 * day);
  });
  it('is not offered at 0 days, or within 2 days of the start', () => {
    expect(invoiceDueAt(0, new Date(now + 30 * day), now)).toBeNull();
    expect(invoicePaymentUntil(7, new Date(now + 2 * day), now)).toBeNull();
    expect(invoicePaymentUntil(7, new Date(now + 2 * day + 1000), now)?.getTime()).toBe(now + 1000);
  });
});
