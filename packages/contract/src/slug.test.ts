import { describe, expect, it } from 'vitest';
import { slugify } from './slug.js';

describe('slugify (docs/product.md#buyer-side)', () => {
  it('lower-cases and turns spaces into hyphens', () => {
    expect(slugify('Nairobi Tech Summit')).toBe('nairobi-tech-summit');
  });
  it('removes non-word characters', () => {
    expect(slugify('AI & Data: What’s Next? (2026)')).toBe('ai-data-whats-next-2026');
  });
  it('collapses repeated hyphens and trims edge hyphens', () => {
    expect(slugify('  -- Fintech   --  Week --  ')).toBe('fintech-week');
  });
  it('keeps underscores and digits, which are word characters', () => {
    expect(slugify('CFO_Forum 2026')).toBe('cfo_forum-2026');
  });
  it('gives an empty slug for a title of symbols only', () => {
    expect(slugify('!!! ???')).toBe('');
  });
});
