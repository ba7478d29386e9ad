import { describe, expect, it } from 'vitest';
import type { AppliedCode } from '@tikiti/contract';
import { bookingCreatedFixture } from '../../test-support/fixtures';
import { codePriceOf, summaryOfBooking, summaryOfPicked } from './price-summary';

const code = (over: Partial<AppliedCode> = {}): AppliedCode => ({
  code: 'SAVE15',
  kind: 'discount',
  percent_off: 15,
  amount_off: null,
  ticket_type_ids: [],
  max_per_booking: null,
  uses_left: null,
  ...over,
});
const delegate = { id: 11, name: 'Delegate', price: 19.99, qty: 2, tiers: [{ min_qty: 5, percent_off: 10 }] };

describe('the price summary lines (docs/product.md#discount-codes, #team-pricing)', () => {
  it('shows a code’s saving on its own line, rounded per ticket to the cent as the server does', () => {
    // 15 % of 19.99 is 2.9985: 3.00 off each ticket, 2 tickets.
    expect(summaryOfPicked([delegate], code(), 'USD')).toEqual({
      list: 39.98,
      savings: [{ key: 'code', label: 'Code SAVE15', amount: 6 }],
      fee: null,
      total: 33.98,
      currency: 'USD',
    });
  });

  it('rounds a shilling price to whole shillings (KES 2,333 at 15 % is 350 off)', () => {
    const summary = summaryOfPicked([{ ...delegate, price: 2333, qty: 3 }], code(), 'KES');
    expect(summary.savings).toEqual([{ key: 'code', label: 'Code SAVE15', amount: 1050 }]);
    expect(summary.total).toBe(5949);
  });

  it('says the team price applied from exactly its quantity, and picks it over a smaller code', () => {
    expect(summaryOfPicked([{ ...delegate, qty: 4 }], undefined, 'USD').savings).toEqual([]);
    const five = summaryOfPicked([{ ...delegate, qty: 5 }], code({ percent_off: 5 }), 'USD');
    expect(five.savings).toEqual([{ key: 'tier-Delegate', label: 'Team price: Delegate, 10 % off', amount: 10 }]);
    expect(five.total).toBe(89.95);
  });

  it('never makes a price negative: an amount larger than the price makes the ticket free', () => {
    const summary = summaryOfPicked([{ ...delegate, qty: 1 }], code({ percent_off: null, amount_off: 25 }), 'USD');
    expect(summary).toMatchObject({ total: 0, savings: [{ label: 'Code SAVE15', amount: 19.99 }] });
  });

  it('leaves types the code does not cover at their price', () => {
    const vip = { id: 12, name: 'VIP', price: 33.33, qty: 1, tiers: [] };
    const summary = summaryOfPicked([delegate, vip], code({ ticket_type_ids: [12] }), 'USD');
    expect(summary).toMatchObject({ list: 73.31, total: 68.31, savings: [{ amount: 5 }] });
    expect(codePriceOf({ id: 11, price_per_ticket: 19.99 }, code({ ticket_type_ids: [12] }), 'USD')).toBeNull();
    expect(codePriceOf({ id: 12, price_per_ticket: 33.33 }, code({ ticket_type_ids: [12] }), 'USD')).toBe(28.33);
  });

  it('shows the server’s own lines once booked: its code, its tiers, its price', () => {
    const summary = summaryOfBooking(
      bookingCreatedFixture({
        currency: 'USD',
        price: 96.63,
        list_price: 106.63,
        discount: 10,
        code: 'SAVE15',
        lines: [
          {
            ticket_type_id: 11,
            name: 'Delegate',
            quantity: 5,
            list_price: 19.99,
            discount: 2,
            price_per_ticket: 17.99,
            applied: 'tier',
            tier_percent_off: 10,
          },
          {
            ticket_type_id: 12,
            name: 'VIP',
            quantity: 1,
            list_price: 6.68,
            discount: 0,
            price_per_ticket: 6.68,
            applied: null,
            tier_percent_off: null,
          },
        ],
      }),
    );
    expect(summary).toEqual({
      list: 106.63,
      savings: [{ key: 'tier-Delegate', label: 'Team price: Delegate, 10 % off', amount: 10 }],
      fee: null,
      total: 96.63,
      currency: 'USD',
    });
  });
});
