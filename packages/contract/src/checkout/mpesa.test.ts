import { describe, expect, it } from 'vitest';
import { formatAmount } from '../money.js';
import { MPESA_OTHER_FAILURE, MPESA_RESULTS, mpesaFailureKind, mpesaPhone, mpesaResultMessage } from './mpesa.js';

describe('M-Pesa numbers (2547XXXXXXXX / 2541XXXXXXXX)', () => {
  it.each([
    ['0712 345 678', '254712345678'],
    ['+254 712-345-678', '254712345678'],
    ['254712345678', '254712345678'],
    ['712345678', '254712345678'],
    ['0110 123 456', '254110123456'],
    ['(0722) 000111', '254722000111'],
  ])('reads %s as %s', (raw, expected) => {
    expect(mpesaPhone(raw)).toBe(expected);
  });

  it.each(['0812 345 678', '+44 20 7946 0958', '07123', '2547123456789', 'phone', ''])('refuses %s', (raw) => {
    expect(mpesaPhone(raw)).toBeNull();
  });
});

describe('M-Pesa results', () => {
  it('gives each ResultCode the buyer can cause its own message, and one for the rest', () => {
    expect(mpesaResultMessage('1032')).toBe(MPESA_RESULTS[1032].message);
    expect(mpesaResultMessage(2001)).toBe(MPESA_RESULTS[2001].message);
    expect(mpesaResultMessage(9999)).toBe(MPESA_OTHER_FAILURE);
    expect(new Set(Object.values(MPESA_RESULTS).map((r) => r.message)).size).toBe(5);
    expect(mpesaFailureKind(MPESA_RESULTS[1037].message)).toBe('timed_out');
    expect(mpesaFailureKind(MPESA_OTHER_FAILURE)).toBeNull();
  });

  it('shows shillings whole', () => {
    expect(formatAmount(2500, 'KES')).toBe('KES 2,500');
    expect(formatAmount(2500, 'USD')).toBe('USD 2,500.00');
  });
});
