import { describe, expect, it } from 'vitest';
import { daySchema, moneySchema } from './common.js';
import { listEventsQuerySchema } from './catalogue/list-events.js';

describe('shared schemas', () => {
  it('accepts real days only', () => {
    expect(daySchema.safeParse('2026-02-28').success).toBe(true);
    expect(daySchema.safeParse('2026-02-30').success).toBe(false);
    expect(daySchema.safeParse('2026-13-01').success).toBe(false);
    expect(daySchema.safeParse('26-1-1').success).toBe(false);
  });
  it('accepts money with at most two decimals', () => {
    expect(moneySchema.safeParse(12.5).success).toBe(true);
    expect(moneySchema.safeParse('99.99').success).toBe(true);
    expect(moneySchema.safeParse(1.234).success).toBe(false);
  });
  it('defaults the public list to page 1 and 6 events and ignores empty filters', () => {
    expect(listEventsQuerySchema.parse({ category_id: '', filter: '' })).toEqual({ page: 1, limit: 6 });
  });
  it('refuses an end day before the start day', () => {
    const r = listEventsQuerySchema.safeParse({ start: '2026-03-10', end: '2026-03-09' });
    expect(r.success).toBe(false);
  });
});
