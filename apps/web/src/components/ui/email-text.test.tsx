import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { EmailText } from './email-text';

describe('EmailText', () => {
  it('offers line breaks only after the @ and before the domain’s dots, and reads as the address', () => {
    const { container } = render(<EmailText email="wanjiku.kamau@example.co.ke" />);
    const span = container.firstElementChild!;
    expect(span.textContent).toBe('wanjiku.kamau@example.co.ke');
    // The text between break opportunities: never inside a name.
    const pieces = span.innerHTML.split('<wbr>').map((p) => p.replace(/<[^>]+>/g, ''));
    expect(pieces).toEqual(['wanjiku.kamau@', 'example', '.co', '.ke']);
    expect(span.className).not.toContain('break-all');
  });

  it('keeps a text without an @ whole', () => {
    const { container } = render(<EmailText email="not-an-address" />);
    expect(container.innerHTML).not.toContain('<wbr>');
    expect(container.textContent).toBe('not-an-address');
  });
});
