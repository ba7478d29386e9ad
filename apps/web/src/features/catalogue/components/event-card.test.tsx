import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { eventFixture } from '../../../test-support/fixtures';
import { renderPage } from '../../../test-support/render';
import { EventCard, priceFromLabel } from './event-card';

describe('event cards (docs/product.md#buyer-side)', () => {
  it('read "From" the lowest price still on sale', () => {
    expect(priceFromLabel(eventFixture({ price_from: 40 }))).toBe('From USD 40.00');
    expect(priceFromLabel(eventFixture({ price_from: null }))).toBe('Tickets not on sale');
  });

  it('say "Sold out" when every ticket type is', () => {
    renderPage(<EventCard event={eventFixture({ sold_out: true, price_from: null })} />);
    expect(screen.getAllByText(/^Sold out$/i)).toHaveLength(2);
    expect(screen.queryByText(/^From /)).toBeNull();
  });
});
