import { describe, expect, it } from 'vitest';
import { formatPhone, normaliseMsisdn } from './phone.js';

describe('phone numbers, kept in one form and shown in one form', () => {
  it.each(['0712345678', '0712 345 678', '254712345678', '+254 712-345-678', '712345678'])(
    '%s is kept as +254712345678 and shown as +254 712 345 678',
    (raw) => {
      expect(normaliseMsisdn(raw)).toBe('+254712345678');
      expect(formatPhone(raw)).toBe('+254 712 345 678');
    },
  );

  it('reads Safaricom 01xx numbers as Kenyan too', () => {
    expect(formatPhone('0110 123456')).toBe('+254 110 123 456');
  });

  it('shows another country’s number as + and its digits', () => {
    expect(formatPhone('+44 20 7946 0958')).toBe('+442079460958');
    expect(formatPhone('+1 415-555-2671')).toBe('+14155552671');
  });

  it('leaves text without digits as it came', () => {
    expect(formatPhone('—')).toBe('—');
  });
});
