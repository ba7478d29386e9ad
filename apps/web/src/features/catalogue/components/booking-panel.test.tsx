import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { useSession } from '../../accounts';
import { useCheckout } from '../../checkout';
import { eventFixture } from '../../../test-support/fixtures';
import { renderPage } from '../../../test-support/render';
import { BookingPanel } from './booking-panel';

const event = eventFixture();
const renderPanel = () => renderPage(<BookingPanel event={event} />, { path: '/details/:id', at: '/details/7' });

async function pay(user: ReturnType<typeof renderPanel>['user']) {
  await user.click(screen.getByRole('button', { name: 'Credit / Debit' }));
}

describe('booking (docs/product.md#validation-rules)', () => {
  it('asks for at least one ticket before paying', async () => {
    const { user } = renderPanel();
    await pay(user);
    const dialog = await screen.findByRole('dialog', { name: 'Error!' });
    expect(within(dialog).getByText('Pick a ticket to book this event')).toBeTruthy();
    expect(useCheckout.getState().booking).toBeNull();
  });

  it('asks a guest for full name, email and phone, each of them', async () => {
    const { user } = renderPanel();
    await user.click(screen.getByRole('button', { name: 'One more Delegate ticket' }));
    await user.type(screen.getByLabelText('Full name'), 'Wanjiku Kamau');
    await user.type(screen.getByLabelText('Email'), 'wanjiku@example.co.ke');
    await user.type(screen.getByLabelText('Phone'), '   ');
    await pay(user);
    const dialog = await screen.findByRole('dialog', { name: 'Error!' });
    expect(within(dialog).getByText('Personal details is required to proceed with payment')).toBeTruthy();
    expect(useCheckout.getState().booking).toBeNull();
  });

  it('adds up the lines and keeps only those above 0, with the guest’s details, for the payment page', async () => {
    const { user } = renderPanel();
    await user.click(screen.getByRole('button', { name: 'One more Delegate ticket' }));
    await user.click(screen.getByRole('button', { name: 'One more Delegate ticket' }));
    await user.click(screen.getByRole('button', { name: 'One more VIP ticket' }));
    expect(screen.getByTestId('subtotal-11').textContent).toBe('USD 50.00');
    expect(screen.getByTestId('order-total').textContent).toBe('USD 170.50');
    await user.type(screen.getByLabelText('Full name'), ' Wanjiku Kamau ');
    await user.type(screen.getByLabelText('Email'), 'wanjiku@example.co.ke');
    await user.type(screen.getByLabelText('Phone'), '+254712345678');
    await user.click(screen.getByRole('button', { name: 'One fewer VIP ticket' }));
    await pay(user);

    expect((await screen.findByTestId('landed')).textContent).toBe('/payment/method');
    expect(useCheckout.getState().booking).toEqual({
      event_id: 7,
      event_title: 'East Africa Fintech Summit',
      tickets: [{ id: 11, name: 'Delegate', price: 25, qty: 2 }],
      payment_method: 'card',
      details: { full_name: 'Wanjiku Kamau', email_address: 'wanjiku@example.co.ke', msisdn: '+254712345678' },
      total_price: 50,
      currency: 'USD',
    });
  });

  it('asks a signed-in buyer for no personal details', async () => {
    useSession.getState().signIn('tok', 'user', { fn: 'Wanjiku', ln: 'Kamau' });
    const { user } = renderPanel();
    expect(screen.queryByLabelText('Full name')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'One more VIP ticket' }));
    await pay(user);
    expect((await screen.findByTestId('landed')).textContent).toBe('/payment/method');
    expect(useCheckout.getState().booking).toMatchObject({ tickets: [{ id: 12, qty: 1 }], total_price: 120.5 });
    expect(useCheckout.getState().booking?.details).toBeUndefined();
  });

  it('starts from what was picked when the buyer comes back from the payment page', () => {
    useCheckout.getState().startBooking({
      event_id: 7,
      event_title: event.title,
      tickets: [{ id: 12, name: 'VIP', price: 120.5, qty: 3 }],
      payment_method: 'card',
      details: { full_name: 'Wanjiku Kamau', email_address: 'w@example.co.ke', msisdn: '0712345678' },
      total_price: 361.5,
      currency: 'USD',
    });
    renderPanel();
    expect((screen.getByLabelText('Number of VIP tickets') as HTMLInputElement).value).toBe('3');
    expect((screen.getByLabelText('Full name') as HTMLInputElement).value).toBe('Wanjiku Kamau');
    expect(screen.getByTestId('order-total').textContent).toBe('USD 361.50');
  });
});
