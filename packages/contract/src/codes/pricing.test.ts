import { describe, expect, it } from 'vitest';
import { percentOffMinor } from '../money.js';
import { priceBooking, priceLine, tierFor } from './pricing.js';

describe('percentOffMinor', () => {
  it('rounds half up to a cent for USD and to a whole shilling for KES, never above the price', () => {
    expect(percentOffMinor(1999, 15, 'USD')).toBe(300); // 2.9985
    expect(percentOffMinor(3333, 10, 'USD')).toBe(333); // 3.333
    expect(percentOffMinor(1999, 50, 'USD')).toBe(1000); // 9.995 rounds up
    expect(percentOffMinor(233300, 15, 'KES')).toBe(35000); // 349.95 → 350
    expect(percentOffMinor(233300, 10, 'KES')).toBe(23300); // 233.30 → 233
    expect(percentOffMinor(1999, 100, 'USD')).toBe(1999);
    expect(() => percentOffMinor(19.99, 10, 'USD')).toThrow(RangeError);
  });
});

describe('priceBooking', () => {
  const code = { percent_off: null, amount_off_minor: 2500, ticket_type_ids: [] };
  it('never makes a price negative, and the total is the sum of its lines', () => {
    const priced = priceBooking(
      [
        { ticketTypeId: 1, quantity: 3, listMinor: 1999, tiers: [] },
        { ticketTypeId: 2, quantity: 2, listMinor: 3333, tiers: [] },
      ],
      code,
      'USD',
    );
    expect(priced.lines.map((l) => l.unitMinor)).toEqual([0, 833]);
    expect(priced.totalMinor).toBe(priced.lines.reduce((s, l) => s + l.unitMinor * l.quantity, 0));
    expect(priced.totalMinor).toBe(1666);
    expect(priced.listTotalMinor - priced.discountMinor).toBe(priced.totalMinor);
  });

  it('applies a tier from exactly min_qty and gives the better of code and tier, the tier on a tie', () => {
    const tiers = [
      { min_qty: 5, percent_off: 10 },
      { min_qty: 10, percent_off: 15 },
    ];
    expect(tierFor(tiers, 4)).toBeNull();
    expect(tierFor(tiers, 5)?.percent_off).toBe(10);
    expect(tierFor(tiers, 12)?.percent_off).toBe(15);
    const line = { ticketTypeId: 1, quantity: 5, listMinor: 1999, tiers };
    expect(priceLine(line, { percent_off: 10, amount_off_minor: null, ticket_type_ids: [] }, 'USD').applied).toBe(
      'tier',
    );
    expect(priceLine(line, { percent_off: 11, amount_off_minor: null, ticket_type_ids: [] }, 'USD').applied).toBe(
      'code',
    );
    expect(priceLine(line, { percent_off: 50, amount_off_minor: null, ticket_type_ids: [2] }, 'USD')).toMatchObject({
      applied: 'tier',
      tierPercent: 10,
    });
  });
});
