import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { mockFetch, answer } from '../../../test-support/fetch';
import { eventFixture, ticketFixture } from '../../../test-support/fixtures';
import { renderPage } from '../../../test-support/render';
import { BookingPanel } from './booking-panel';

/** An event that passes the service fee: each ticket type carries its fee plus VAT (docs/product.md#service-fees). */
const passing = eventFixture({
  service_fee: 'pass',
  tickets: [
    ticketFixture({ service_fee: 1.05 }),
    ticketFixture({ id: 12, name: 'VIP', price_per_ticket: 33.33, max_tickets: 50, available: 50, service_fee: 1.55 }),
  ],
});

const renderPanel = (event = passing) =>
  renderPage(<BookingPanel event={event} />, { path: '/details/:id', at: '/details/7' });

describe('the service fee on the event page (docs/product.md#service-fees)', () => {
  it('shows a passed fee as its own line before payment, and the total includes it', async () => {
    mockFetch(() => answer(500, null));
    const { user } = renderPanel();
    expect(screen.getByText('+ USD 1.05 service fee')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'One more Delegate ticket' }));
    await user.click(screen.getByRole('button', { name: 'One more Delegate ticket' }));
    await user.click(screen.getByRole('button', { name: 'One more VIP ticket' }));
    // 2 × 19.99 + 33.33 = 73.31; fee 2 × 1.05 + 1.55 = 3.65; no float drift in the sum.
    expect(screen.getByTestId('order-subtotal').textContent).toBe('USD 73.31');
    expect(screen.getByTestId('service-fee').textContent).toBe('USD 3.65');
    expect(screen.getByTestId('order-total').textContent).toBe('USD 76.96');
  });

  it('adds shillings too (KES 2,333 with a fee of KES 118)', async () => {
    mockFetch(() => answer(500, null));
    const { user } = renderPanel(
      eventFixture({
        currency: 'KES',
        service_fee: 'pass',
        tickets: [ticketFixture({ price_per_ticket: 2333, service_fee: 118 })],
      }),
    );
    for (let i = 0; i < 3; i++) await user.click(screen.getByRole('button', { name: 'One more Delegate ticket' }));
    expect(screen.getByTestId('service-fee').textContent).toBe('KES 354');
    expect(screen.getByTestId('order-total').textContent).toBe('KES 7,353');
  });

  it('shows no fee when the organiser absorbs it', async () => {
    mockFetch(() => answer(500, null));
    const { user } = renderPanel(eventFixture({ service_fee: 'absorb' }));
    await user.click(screen.getByRole('button', { name: 'One more Delegate ticket' }));
    expect(screen.queryByText(/service fee/i)).toBeNull();
    expect(screen.getByTestId('order-total').textContent).toBe('USD 19.99');
  });
});
