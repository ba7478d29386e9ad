import { describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../lib/api-client';
import { showAlert, useAlert } from '../lib/alert';
import { useSession } from '../features/accounts';
import { useCheckout, type PendingBooking } from '../features/checkout';
import { useEventDrafts } from '../features/events';
import { answer, mockFetch } from '../test-support/fetch';
import { bookingCreatedFixture } from '../test-support/fixtures';
import { startSession } from './start-session';

const booking: PendingBooking = {
  event_id: 7,
  event_title: 'Summit',
  tickets: [{ id: 1, qty: 2, price: 25, name: 'Delegate' }],
  payment_method: 'card',
  total_price: 50,
  currency: 'USD',
};

describe('start-up wiring of the session', () => {
  it('drops what belonged to a session when it ends: the booking, the event drafts and the banner', () => {
    const stop = startSession(new QueryClient(), () => {});
    useSession.getState().signIn('tok', 'organizer', { fn: 'A', ln: 'B' });
    useCheckout.getState().startBooking(booking);
    useEventDrafts.getState().setDraftEvent({
      title: 'Summit',
      category_id: 1,
      currency: 'USD',
      start_time: '2026-03-12T06:00:00.000Z',
      end_time: '2026-03-12T14:00:00.000Z',
      location: 'KICC',
      id: 9,
    });
    showAlert('success', 'Saved');

    useSession.getState().signOut();
    expect(useCheckout.getState().booking).toBeNull();
    expect(useEventDrafts.getState().draftEvent).toBeNull();
    expect(useAlert.getState().message).toBeNull();
    stop();
  });

  it('drops the payments a guest’s checkout made when the guest signs in, keeping what was picked', () => {
    const stop = startSession(new QueryClient(), () => {});
    useSession.getState().keepCheckoutKey('ck1.TK-7Q2M9X.key');
    useCheckout.getState().startBooking(booking);
    useCheckout.getState().keepPayment('card', bookingCreatedFixture());
    useSession.getState().signIn('tok', 'user', { fn: 'Wanjiku', ln: 'Kamau' });
    expect(useCheckout.getState()).toMatchObject({ booking, payments: {}, paymentSecrets: {} });
    stop();
  });

  it.each([
    ['organiser', '/organizer/login'],
    ['buyer', '/login'],
  ] as const)('on a 401 for a %s call: clears the cache and goes to %s', async (side, path) => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(['organiser', 'self'], { name: 'cached' });
    const navigate = vi.fn();
    const stop = startSession(queryClient, navigate);
    useSession.getState().signIn('tok', side === 'buyer' ? 'user' : 'organizer', { fn: 'A', ln: 'B' });
    mockFetch(() => answer(401, null));
    await expect(api('client/self', { side, schema: z.null() })).rejects.toMatchObject({ status: 401 });
    expect(navigate).toHaveBeenCalledWith(path);
    expect(queryClient.getQueryData(['organiser', 'self'])).toBeUndefined();
    expect(useSession.getState().token).toBeNull();
    stop();
  });
});
