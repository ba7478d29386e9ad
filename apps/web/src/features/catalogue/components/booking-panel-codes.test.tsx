import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { useSession } from '../../accounts';
import { useCheckout } from '../../checkout';
import { answer, mockFetch } from '../../../test-support/fetch';
import { bookingCreatedFixture, eventFixture, ticketFixture } from '../../../test-support/fixtures';
import { renderPage } from '../../../test-support/render';
import { BookingPanel } from './booking-panel';

const saver = {
  code: 'SAVE15',
  kind: 'discount' as const,
  percent_off: 15,
  amount_off: null,
  ticket_type_ids: [],
  max_per_booking: null,
  uses_left: null,
};
const codeBox = { onApply: vi.fn(), onRemove: vi.fn() };

describe('the booking panel with codes and team prices (docs/product.md#discount-codes)', () => {
  it('shows the code’s lower price, the saving on its own line naming the code, and books with the code', async () => {
    useSession.getState().signIn('tok', 'user', { fn: 'Wanjiku', ln: 'Kamau' });
    const seen = mockFetch(() => answer(201, bookingCreatedFixture()));
    const event = eventFixture({ applied_code: saver });
    const { user } = renderPage(<BookingPanel event={event} code={{ ...codeBox, applied: saver }} />, {
      path: '/details/:id',
      at: '/details/7',
    });
    expect(screen.getByText('Code SAVE15 applied')).toBeTruthy();
    expect(screen.getByTestId('code-price-11').textContent).toBe('USD 16.99');
    await user.click(screen.getByRole('button', { name: 'One more Delegate ticket' }));
    await user.click(screen.getByRole('button', { name: 'One more Delegate ticket' }));
    const savings = screen.getByLabelText('Price');
    expect(within(savings).getByText('Code SAVE15')).toBeTruthy();
    expect(screen.getByTestId('list-total').textContent).toBe('USD 39.98');
    expect(screen.getByTestId('saving-code').textContent).toBe('−USD 6.00');
    expect(screen.getByTestId('order-total').textContent).toBe('USD 33.98');
    await user.click(screen.getByRole('button', { name: 'Credit / Debit' }));
    expect((await screen.findByTestId('landed')).textContent).toBe('/payment/method');
    expect(seen[0]!.body).toMatchObject({ code: 'SAVE15', tickets: [{ id: 11, qty: 2 }] });
    expect(useCheckout.getState().booking).toMatchObject({ code: 'SAVE15', total_price: 33.98 });
  });

  it('shows a type’s team prices and the saving once the quantity reaches one', async () => {
    const event = eventFixture({ tickets: [ticketFixture({ tiers: [{ min_qty: 3, percent_off: 10 }] })] });
    const { user } = renderPage(<BookingPanel event={event} code={codeBox} />, {
      path: '/details/:id',
      at: '/details/7',
    });
    expect(screen.getByText('3+ places: 10 % off')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'One more Delegate ticket' }));
    await user.click(screen.getByRole('button', { name: 'One more Delegate ticket' }));
    expect(screen.queryByLabelText('Price')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'One more Delegate ticket' }));
    expect(screen.getByText('Team price: Delegate, 10 % off')).toBeTruthy();
    expect(screen.getByTestId('order-total').textContent).toBe('USD 53.97');
  });

  it('offers the waiting list on a sold-out type and the code field under Have a code?', async () => {
    const event = eventFixture({
      tickets: [ticketFixture({ available: 0, tickets_bought: 100, waitlist: true })],
    });
    const { user } = renderPage(<BookingPanel event={event} code={codeBox} />, {
      path: '/details/:id',
      at: '/details/7',
    });
    await user.click(screen.getByRole('button', { name: 'Have a code?' }));
    await user.type(screen.getByLabelText('Discount or access code'), 'speakers');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(codeBox.onApply).toHaveBeenCalledWith('speakers');
    await user.click(screen.getByRole('button', { name: 'Join the waiting list for Delegate' }));
    expect(await screen.findByRole('form', { name: 'Join the waiting list for Delegate' })).toBeTruthy();
  });
});
