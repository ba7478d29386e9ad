import { describe, expect, it } from 'vitest';
import { dateChip, formatDateRange, formatDay, formatLongDay, formatMoney, formatTime } from './format';

describe('dates in Nairobi time (docs/product.md#look-and-feel)', () => {
  // 06:00–14:00 UTC is 09:00–17:00 in Nairobi (UTC+3 all year).
  const start = '2026-03-12T06:00:00Z';
  const end = '2026-03-12T14:00:00Z';

  it('reads a one-day event as its day and hours, in EAT', () => {
    expect(formatDateRange(start, end)).toBe('Thu, 12 Mar 2026 · 09:00–17:00 EAT');
  });

  it('names both days when the event spans several', () => {
    expect(formatDateRange(start, '2026-03-13T15:30:00Z')).toBe('Thu, 12 Mar 2026 09:00 – Fri, 13 Mar 2026 18:30 EAT');
  });

  it('counts the day in Nairobi, not in UTC: 22:30 UTC is already the next morning', () => {
    expect(formatDay('2026-03-11T22:30:00Z')).toBe('Thu, 12 Mar 2026');
    expect(formatTime('2026-03-11T22:30:00Z')).toBe('01:30');
    expect(dateChip('2026-03-11T22:30:00Z')).toEqual({ day: '12', month: 'Mar' });
  });

  it('writes the long day out in full', () => {
    expect(formatLongDay(start)).toBe('Thursday, 12 March 2026');
  });
});

describe('money', () => {
  it('shows the currency and two decimals with thousands separators', () => {
    expect(formatMoney(1250, 'USD')).toBe('USD 1,250.00');
    expect(formatMoney(49.5, 'USD')).toBe('USD 49.50');
    expect(formatMoney(0, 'USD')).toBe('USD 0.00');
  });

  it('writes the event’s own currency, never a default', () => {
    expect(formatMoney(10, 'EUR')).toBe('EUR 10.00');
  });

  it('writes shillings whole: KES 2,500, no cents', () => {
    expect(formatMoney(2500, 'KES')).toBe('KES 2,500');
    expect(formatMoney(125000, 'KES')).toBe('KES 125,000');
  });
});
