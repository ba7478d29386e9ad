import { describe, expect, it } from 'vitest';
import { STORAGE_KEY } from '../../lib/persisted-state';
import { bookingCreatedFixture } from '../../test-support/fixtures';
import { isLive, useCheckout, type PendingBooking } from './checkout-store';

const booking: PendingBooking = {
  event_id: 7,
  event_title: 'East Africa Fintech Summit',
  tickets: [{ id: 11, name: 'Delegate', price: 25, qty: 2 }],
  payment_method: 'card',
  details: { full_name: 'Wanjiku Kamau', email_address: 'wanjiku@example.co.ke', msisdn: '+254712345678' },
  total_price: 50,
  currency: 'USD',
};

describe('the checkout store', () => {
  it('reads back the booking and payment secrets saved before the store split', async () => {
    localStorage.setItem(
      STORAGE_KEY,
      JSON.stringify({ state: { token: 't', booking, paymentSecrets: { card: 'pi_1_secret' } }, version: 1 }),
    );
    await useCheckout.persist.rehydrate();
    expect(useCheckout.getState().booking).toEqual(booking);
    expect(useCheckout.getState().paymentSecrets).toEqual({ card: 'pi_1_secret' });
    expect(useCheckout.getState()).not.toHaveProperty('token');
  });

  it('never reuses a payment started for an earlier booking', () => {
    useCheckout.setState({ booking, paymentSecrets: { card: 'pi_1_secret' } });
    useCheckout.getState().startBooking({ ...booking, total_price: 25, tickets: [{ ...booking.tickets[0]!, qty: 1 }] });
    expect(useCheckout.getState().paymentSecrets).toEqual({});
    expect(JSON.parse(localStorage.getItem(STORAGE_KEY)!).state).toMatchObject({ booking: { total_price: 25 } });
  });

  it('keeps the payment of the same booking, picked again, for reuse', () => {
    const payment = bookingCreatedFixture();
    useCheckout.getState().startBooking(booking);
    useCheckout.getState().keepPayment('card', payment);
    expect(useCheckout.getState().paymentSecrets).toEqual({ card: payment.client_secret });
    useCheckout.getState().startBooking({ ...booking });
    expect(useCheckout.getState().payments).toEqual({ card: payment });
    // Other details (a typo fixed, or someone else): a new payment.
    useCheckout
      .getState()
      .startBooking({ ...booking, details: { ...booking.details!, email_address: 'x@example.co.ke' } });
    expect(useCheckout.getState().payments).toEqual({});
    expect(JSON.parse(localStorage.getItem(STORAGE_KEY)!).state).toMatchObject({ payments: {}, paymentSecrets: {} });
  });

  it('keeps one payment: a new one took the place of the other method’s hold', () => {
    useCheckout.getState().startBooking(booking);
    useCheckout.getState().keepPayment('card', bookingCreatedFixture({ client_secret: 'pi_card' }));
    const mpesa = bookingCreatedFixture({ client_secret: 'mp_1', payment_method: 'mpesa', provider: 'mpesa' });
    useCheckout.getState().keepPayment('mpesa', mpesa);
    expect(useCheckout.getState()).toMatchObject({ paymentSecrets: { mpesa: 'mp_1' }, payments: { mpesa } });
  });

  it('remembers the guest’s details after payment, for the next booking on this device', () => {
    useCheckout.getState().startBooking(booking);
    useCheckout.getState().keepPayment('card', bookingCreatedFixture({ client_secret: 'pi_paid' }));
    useCheckout.getState().settled('pi_paid');
    expect(useCheckout.getState()).toMatchObject({ booking: null, payments: {}, guestDetails: booking.details });
    useCheckout.getState().clear();
    expect(useCheckout.getState().guestDetails).toBeNull();
  });

  it('forgets the payments when the buyer starts again, keeping the booking', () => {
    useCheckout.setState({
      booking,
      paymentSecrets: { card: 'pi_1_secret' },
      payments: { card: bookingCreatedFixture() },
    });
    useCheckout.getState().dropPayments();
    expect(useCheckout.getState()).toMatchObject({ booking, paymentSecrets: {}, payments: {} });
  });

  it('knows whether a hold still lasts', () => {
    const now = Date.parse('2026-03-01T08:00:00.000Z');
    expect(isLive(bookingCreatedFixture({ hold_expires_at: '2026-03-01T08:00:01.000Z' }), now)).toBe(true);
    expect(isLive(bookingCreatedFixture({ hold_expires_at: '2026-03-01T08:00:00.000Z' }), now)).toBe(false);
    expect(isLive(undefined, now)).toBe(false);
  });

  it('clears the booking and the secrets', () => {
    useCheckout.setState({
      booking,
      paymentSecrets: { card: 'pi_1_secret' },
      payments: { card: bookingCreatedFixture() },
    });
    useCheckout.getState().clear();
    expect(useCheckout.getState()).toMatchObject({ booking: null, paymentSecrets: {}, payments: {} });
  });
});
