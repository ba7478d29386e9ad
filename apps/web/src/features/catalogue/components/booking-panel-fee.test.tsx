import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { mockFetch, answer } from '../../../test-support/fetch';
import { eventFixture, ticketFixture } from '../../../test-support/fixtures';
import { renderPage } from '../../../test-support/render';
import { BookingPanel } from './booking-panel';

/**
 * An event that passes the service fee (docs/product.md#service-fees): 3.5 % plus USD 0.30, and
 * 16 % VAT on it. Each type carries its fee at its own price as the server sends it: 19.99 → 1.00
 * + 0.16; 33.33 → 1.47 + 0.24.
 */
const rule = { percent_basis_points: 350, fixed: 0.3 };
const passing = eventFixture({
  service_fee: 'pass',
  service_fee_rule: rule,
  tickets: [
    ticketFixture({ service_fee: 1.16 }),
    ticketFixture({ id: 12, name: 'VIP', price_per_ticket: 33.33, max_tickets: 50, available: 50, service_fee: 1.71 }),
  ],
});

const renderPanel = (event = passing) =>
  renderPage(<BookingPanel event={event} />, { path: '/details/:id', at: '/details/7' });

describe('the service fee on the event page (docs/product.md#service-fees)', () => {
  it('shows a passed fee as its own line before payment, and the total includes it', async () => {
    mockFetch(() => answer(500, null));
    const { user } = renderPanel();
    expect(screen.getByText('+ USD 1.16 service fee')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'One more Delegate ticket' }));
    await user.click(screen.getByRole('button', { name: 'One more Delegate ticket' }));
    await user.click(screen.getByRole('button', { name: 'One more VIP ticket' }));
    // 2 × 19.99 + 33.33 = 73.31; fee 2 × 1.16 + 1.71 = 4.03; no float drift in the sum.
    expect(screen.getByTestId('list-total').textContent).toBe('USD 73.31');
    expect(screen.getByTestId('service-fee').textContent).toBe('USD 4.03');
    expect(screen.getByTestId('order-total').textContent).toBe('USD 77.34');
  });

  it('adds shillings too (KES 2,333 with a fee of KES 112 and VAT of KES 18)', async () => {
    mockFetch(() => answer(500, null));
    const { user } = renderPanel(
      eventFixture({
        currency: 'KES',
        service_fee: 'pass',
        service_fee_rule: { percent_basis_points: 350, fixed: 30 },
        tickets: [ticketFixture({ price_per_ticket: 2333, service_fee: 130 })],
      }),
    );
    for (let i = 0; i < 3; i++) await user.click(screen.getByRole('button', { name: 'One more Delegate ticket' }));
    expect(screen.getByTestId('service-fee').textContent).toBe('KES 390');
    expect(screen.getByTestId('order-total').textContent).toBe('KES 7,389');
  });

  it('works the fee out on the price a code lowered, as the booking will (USD 5 off 19.99)', async () => {
    mockFetch(() => answer(500, null));
    const code = {
      code: 'FIVE-OFF',
      kind: 'discount' as const,
      percent_off: null,
      amount_off: 5,
      ticket_type_ids: [],
      max_per_booking: null,
      uses_left: null,
    };
    const { user } = renderPanel({ ...passing, applied_code: code });
    // 14.99 × 3.5 % = 0.52465 → 0.52, + 0.30 = 0.82; VAT 0.1312 → 0.13: 0.95 a ticket, not 1.16.
    expect(screen.getByText('+ USD 0.95 service fee')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'One more Delegate ticket' }));
    await user.click(screen.getByRole('button', { name: 'One more Delegate ticket' }));
    expect(screen.getByTestId('list-total').textContent).toBe('USD 39.98');
    expect(screen.getByTestId('saving-code').textContent).toBe('−USD 10.00');
    expect(screen.getByTestId('service-fee').textContent).toBe('USD 1.90');
    expect(screen.getByTestId('order-total').textContent).toBe('USD 31.88');
  });

  it('shows no fee when the organiser absorbs it', async () => {
    mockFetch(() => answer(500, null));
    const { user } = renderPanel(eventFixture({ service_fee: 'absorb' }));
    await user.click(screen.getByRole('button', { name: 'One more Delegate ticket' }));
    expect(screen.queryByText(/service fee/i)).toBeNull();
    expect(screen.getByTestId('order-total').textContent).toBe('USD 19.99');
  });
});
