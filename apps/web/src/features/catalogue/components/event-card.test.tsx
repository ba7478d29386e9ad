import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { eventFixture } from '../../../test-support/fixtures';
import { renderPage } from '../../../test-support/render';
import { CARD_SIZES, EventCard, priceFromLabel } from './event-card';

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

  it('let the browser pick the picture’s width: WebP srcset with the card’s sizes, lazy unless in the first row', () => {
    const pictured = eventFixture({
      image: '/media/k.jpg',
      image_card: '/media/k/card.jpg',
      image_card_srcset: '/media/k/card/400.webp 400w, /media/k/card/800.webp 800w',
    });
    const { unmount } = renderPage(<EventCard event={pictured} />);
    let img = screen.getByRole('img', { name: pictured.title });
    expect(img.getAttribute('src')).toBe('/media/k/card.jpg');
    expect(img.getAttribute('srcset')).toBe(pictured.image_card_srcset);
    expect(img.getAttribute('sizes')).toBe(CARD_SIZES);
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('fetchpriority')).toBeNull();
    unmount();
    renderPage(<EventCard event={pictured} priority />);
    img = screen.getByRole('img', { name: pictured.title });
    expect(img.getAttribute('loading')).toBe('eager');
    expect(img.getAttribute('fetchpriority')).toBe('high');
  });
});
