import { describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { DELAYS_MS, SANDBOX_UNKNOWN_CARD } from '@tikiti/contract';
import { answer, mockFetch } from '../../../test-support/fetch';
import { renderPage } from '../../../test-support/render';
import { SandboxCardForm } from './sandbox-card-form';

function renderForm() {
  const settled = vi.fn();
  const view = renderPage(<SandboxCardForm clientSecret="pi_sbx_1_secret_abc" formId="card" onSettled={settled} />);
  return { ...view, settled };
}

async function fill(user: ReturnType<typeof renderForm>['user'], card: string, expiry = '1234', cvc = '123') {
  await user.type(screen.getByLabelText('Card number'), card);
  await user.type(screen.getByLabelText('Expiry (MM / YY)'), expiry);
  await user.type(screen.getByLabelText('CVC'), cvc);
}

const value = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;

describe('the sandbox card form (docs/product.md#checkout-and-payments)', () => {
  it('has the card number, expiry and CVC fields, formatted as they are typed', async () => {
    mockFetch(() => answer(500, null));
    const { user } = renderForm();
    await fill(user, '4242424242424242', '1234', '12a3');
    expect(value('Card number')).toBe('4242 4242 4242 4242');
    expect(value('Expiry (MM / YY)')).toBe('12 / 34');
    expect(value('CVC')).toBe('123');
    expect(screen.getByRole('button', { name: 'Pay now' })).toBeTruthy();
  });

  it.each(['4111 1111 1111 1111', '5555 5555 5555 4444', '4242 4242 4242 4241'])(
    'refuses %s, not a test card, without sending anything, and keeps what was typed',
    async (card) => {
      const seen = mockFetch(() => answer(200, { status: 'succeeded', message: null }));
      const { user, settled } = renderForm();
      await fill(user, card);
      await user.click(screen.getByRole('button', { name: 'Pay now' }));
      expect(await screen.findByText(SANDBOX_UNKNOWN_CARD)).toBeTruthy();
      expect(screen.getByLabelText('Card number').getAttribute('aria-invalid')).toBe('true');
      expect(seen).toEqual([]);
      expect(vi.mocked(fetch)).not.toHaveBeenCalled();
      expect(settled).not.toHaveBeenCalled();
      expect(value('Card number')).toBe(card);
    },
  );

  it('checks the expiry and the CVC before sending', async () => {
    const seen = mockFetch(() => answer(500, null));
    const { user } = renderForm();
    await fill(user, '4242424242424242', '1320', '12');
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(await screen.findByText('Enter the expiry as MM / YY')).toBeTruthy();
    expect(screen.getByText('Enter the 3 or 4 digits on the back')).toBeTruthy();
    await user.clear(screen.getByLabelText('Expiry (MM / YY)'));
    await user.type(screen.getByLabelText('Expiry (MM / YY)'), '0120');
    await user.type(screen.getByLabelText('CVC'), '3');
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(await screen.findByText('This card has expired')).toBeTruthy();
    expect(seen).toEqual([]);
  });

  it('pays with 4242 4242 4242 4242 and hands the secret on to the success page', async () => {
    const seen = mockFetch(() => answer(200, { status: 'succeeded', message: null }));
    const { user, settled } = renderForm();
    await fill(user, '4242 4242 4242 4242');
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(await screen.findByText('Payment succeeded!')).toBeTruthy();
    expect(seen).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/v1/payments/sandbox/confirm',
        body: { client_secret: 'pi_sbx_1_secret_abc', card_number: '4242424242424242', expiry: '12 / 34', cvc: '123' },
      }),
    ]);
    expect(settled).toHaveBeenCalledWith('pi_sbx_1_secret_abc');
  });

  it('goes on with a payment still processing, saying so', async () => {
    mockFetch(() => answer(200, { status: 'processing', message: null }));
    const { user, settled } = renderForm();
    await fill(user, '4000000000000077');
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(await screen.findByText('Your payment is processing.')).toBeTruthy();
    expect(settled).toHaveBeenCalledOnce();
  });

  it('shows a declined card’s own message for 4 s, keeps the card typed, and lets the buyer try again', async () => {
    let status = 'requires_payment_method';
    const seen = mockFetch(() =>
      answer(200, { status, message: status === 'succeeded' ? null : 'Your card was declined.' }, { description: 'x' }),
    );
    const { user, settled } = renderForm();
    await fill(user, '4000 0000 0000 0002');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(await screen.findByText('Your card was declined.')).toBeTruthy();
    expect(settled).not.toHaveBeenCalled();
    expect(value('Card number')).toBe('4000 0000 0000 0002');
    expect(value('CVC')).toBe('123');
    await act(() => vi.advanceTimersByTimeAsync(DELAYS_MS.cardMessage - 500));
    expect(screen.getByText('Your card was declined.')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(600));
    expect(screen.queryByText('Your card was declined.')).toBeNull();
    vi.useRealTimers();

    status = 'succeeded';
    await user.clear(screen.getByLabelText('Card number'));
    await user.type(screen.getByLabelText('Card number'), '4242424242424242');
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    await screen.findByText('Payment succeeded!');
    expect(seen).toHaveLength(2);
    expect(settled).toHaveBeenCalledOnce();
  });

  it('puts the server’s field errors on their fields', async () => {
    mockFetch(() =>
      answer(
        400,
        { errors: [{ path: 'expiry', message: 'Enter the expiry as MM / YY' }] },
        { description: 'Check the card' },
      ),
    );
    const { user } = renderForm();
    await fill(user, '4242424242424242');
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(await screen.findByText('Enter the expiry as MM / YY')).toBeTruthy();
    expect(screen.getByText('Check the card')).toBeTruthy();
    expect(value('Expiry (MM / YY)')).toBe('12 / 34');
  });

  it('sends one confirmation however often Pay now is clicked while it runs', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const seen = mockFetch(async () => {
      await gate;
      return answer(200, { status: 'succeeded', message: null });
    });
    const { user } = renderForm();
    await fill(user, '4242424242424242');
    const pay = screen.getByRole('button', { name: 'Pay now' });
    await user.click(pay);
    await user.click(pay);
    release();
    await screen.findByText('Payment succeeded!');
    expect(seen).toHaveLength(1);
  });
});
