import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { useCheckout } from '../../checkout';
import { answer, mockFetch } from '../../../test-support/fetch';
import { eventFixture } from '../../../test-support/fixtures';
import { renderPage } from '../../../test-support/render';
import { BookingPanel } from './booking-panel';

// The booking's checks and call load on demand (docs/decisions/0022-main-thread-on-a-phone.md): here their
// file cannot be fetched, as on a connection that dropped after the page arrived.
vi.mock('../../checkout/checkout-actions', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

describe('booking when its checks cannot be loaded', () => {
  it('says the connection failed, sends nothing, and lets the buyer try again', async () => {
    const seen = mockFetch(() => answer(500, null));
    const { user } = renderPage(<BookingPanel event={eventFixture()} />, { path: '/details/:id', at: '/details/7' });
    await user.click(screen.getByRole('button', { name: 'One more Delegate ticket' }));
    await user.click(screen.getByRole('button', { name: 'Credit / Debit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Error!' });
    expect(within(dialog).getByText('We could not reach Tikiti. Check your connection and try again.')).toBeTruthy();
    expect(seen).toEqual([]);
    expect(useCheckout.getState().booking).toBeNull();
    expect((screen.getByRole('button', { name: 'Credit / Debit', hidden: true }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });
});
