import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { answer, mockFetch } from '../../../test-support/fetch';
import { bookingCreatedFixture } from '../../../test-support/fixtures';
import { renderPage } from '../../../test-support/render';
import { CardPayment } from './card-payment';

/** Stripe.js cannot load here (no internet, and tests never reach Stripe): its loader and React bindings are stand-ins. */
const stripe = vi.hoisted(() => ({
  loadStripe: vi.fn(),
  confirmPayment: vi.fn(),
  elements: { id: 'elements' },
  seen: { options: null as unknown, layout: null as unknown },
}));
vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: stripe.loadStripe }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children, options }: { children: ReactNode; options: unknown }) => {
    stripe.seen.options = options;
    return <div data-testid="stripe-elements">{children}</div>;
  },
  PaymentElement: ({ options }: { options: { layout: unknown } }) => {
    stripe.seen.layout = options.layout;
    return <div data-testid="payment-element" />;
  },
  useStripe: () => ({ confirmPayment: stripe.confirmPayment }),
  useElements: () => stripe.elements,
}));

const payment = bookingCreatedFixture({ provider: 'stripe', client_secret: 'pi_3Q_secret_x' });
const renderCard = (p = payment) =>
  renderPage(<CardPayment payment={p} formId="card" onSettled={() => {}} />, { path: '/payment/method' });

beforeEach(() => {
  stripe.loadStripe.mockReset();
  stripe.confirmPayment.mockReset();
  stripe.loadStripe.mockResolvedValue({ id: 'stripe' });
});

describe('the card form of the provider that holds the payment', () => {
  it('is the sandbox’s own form for a sandbox payment, and Stripe is never loaded', async () => {
    const seen = mockFetch(() => answer(500, null));
    renderCard(bookingCreatedFixture());
    expect(screen.getByLabelText('Card number')).toBeTruthy();
    expect(stripe.loadStripe).not.toHaveBeenCalled();
    expect(seen).toEqual([]);
  });

  it('is Stripe’s Payment Element (tabs, the site’s teal and Inter) with the configured key', async () => {
    mockFetch(() => answer(200, { provider: 'stripe', publishable_key: 'pk_test_1', mpesa: 'simulator' }));
    renderCard();
    await screen.findByTestId('payment-element');
    expect(stripe.loadStripe).toHaveBeenCalledWith('pk_test_1');
    expect(stripe.seen.layout).toBe('tabs');
    expect(stripe.seen.options).toMatchObject({
      clientSecret: 'pi_3Q_secret_x',
      appearance: { variables: { colorPrimary: '#0F766E', fontFamily: expect.stringContaining('Inter') } },
    });
    expect(screen.queryByLabelText('Card number')).toBeNull();
  });

  it('confirms with Stripe, returning to the success page, and shows Stripe’s card errors', async () => {
    mockFetch(() => answer(200, { provider: 'stripe', publishable_key: 'pk_test_1', mpesa: 'simulator' }));
    stripe.confirmPayment.mockResolvedValueOnce({ error: { type: 'card_error', message: 'Your card was declined.' } });
    stripe.confirmPayment.mockResolvedValueOnce({ error: { type: 'api_connection_error', message: 'Network down' } });
    const { user } = renderCard();
    await screen.findByTestId('payment-element');
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(await screen.findByText('Your card was declined.')).toBeTruthy();
    expect(stripe.confirmPayment).toHaveBeenCalledWith({
      elements: stripe.elements,
      confirmParams: { return_url: 'http://localhost:3000/payment/success' },
    });
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(await screen.findByText('An unexpected error occurred.')).toBeTruthy();
  });

  it('says so, with a retry, when Stripe.js cannot load', async () => {
    mockFetch(() => answer(200, { provider: 'stripe', publishable_key: 'pk_test_2', mpesa: 'simulator' }));
    stripe.loadStripe.mockRejectedValueOnce(new Error('Failed to load Stripe.js'));
    const { user } = renderCard();
    expect(await screen.findByText(/could not load the card form/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByTestId('payment-element');
    expect(stripe.loadStripe).toHaveBeenCalledTimes(2);
  });
});
