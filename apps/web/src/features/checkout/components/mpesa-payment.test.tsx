import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { MPESA_RESULTS } from '@tikiti/contract';
import { answer, mockFetch } from '../../../test-support/fetch';
import { bookingCreatedFixture, storedBookingFixture } from '../../../test-support/fixtures';
import { renderPage } from '../../../test-support/render';
import { MpesaPayment } from './mpesa-payment';

const payment = bookingCreatedFixture({
  client_secret: 'mp_secret',
  payment_method: 'mpesa',
  provider: 'mpesa',
  currency: 'KES',
  price: 2500,
});

function show(booking: ReturnType<typeof storedBookingFixture>, handlers = { onSettled: vi.fn(), onRetry: vi.fn() }) {
  const seen = mockFetch((req) =>
    req.path.endsWith('payments/config')
      ? answer(200, { provider: 'sandbox', publishable_key: null, mpesa: 'simulator' })
      : answer(200, booking),
  );
  const view = renderPage(<MpesaPayment payment={payment} phone="0712345678" retrying={false} {...handlers} />);
  return { seen, handlers, ...view };
}

const waiting = storedBookingFixture({
  status: 1,
  currency: 'KES',
  payment_method: 'mpesa',
  payment_status: 'processing',
  paid_at: null,
});

describe('M-Pesa while the buyer answers the prompt (docs/product.md#m-pesa)', () => {
  it('says to check the phone, with the amount, the number, the hold and the simulator’s phone', async () => {
    show(waiting);
    await screen.findByRole('heading', { name: 'Check your phone' });
    expect(screen.getByText(/KES 2,500/)).toBeTruthy();
    expect(screen.getByText('+254 712 345 678')).toBeTruthy();
    expect(screen.getByText(/tickets held for 1[45]:\d\d/)).toBeTruthy();
    expect((await screen.findByRole('link', { name: 'simulator phone' })).getAttribute('href')).toBe('/dev/mpesa');
  });

  it.each([
    [1032, 'You cancelled the M-Pesa prompt'],
    [1037, 'The M-Pesa prompt timed out'],
    [1, 'Not enough money in M-Pesa'],
    [2001, 'Wrong M-Pesa PIN'],
  ] as const)('says what went wrong for ResultCode %i, with a way to try again', async (code, heading) => {
    const failed = {
      ...waiting,
      payment_status: 'requires_payment_method' as const,
      payment_error: MPESA_RESULTS[code].message,
    };
    const { user, handlers } = show(failed);
    await screen.findByRole('heading', { name: heading });
    await user.click(screen.getByRole('button', { name: 'Send a new prompt' }));
    expect(handlers.onRetry).toHaveBeenCalledOnce();
  });

  it('goes on to the success page once the booking is paid', async () => {
    const { handlers } = show(storedBookingFixture({ payment_method: 'mpesa', receipt_number: 'SKL4ABC123' }));
    await screen.findByRole('heading', { name: 'Payment received' });
    expect(handlers.onSettled).toHaveBeenCalledWith('mp_secret');
  });
});
