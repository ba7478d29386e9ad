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

function show(
  booking: ReturnType<typeof storedBookingFixture>,
  handlers = { onSettled: vi.fn(), onNewPrompt: vi.fn() },
) {
  const seen = mockFetch((req) =>
    req.path.endsWith('payments/config')
      ? answer(200, { provider: 'sandbox', publishable_key: null, mpesa: 'simulator' })
      : answer(200, booking),
  );
  const view = renderPage(<MpesaPayment payment={payment} phone="0712345678" sending={false} {...handlers} />);
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
    expect(handlers.onNewPrompt).toHaveBeenCalledExactlyOnceWith();
  });

  it('sends the prompt again while waiting, to the same number or another one', async () => {
    const { user, handlers } = show(waiting);
    await screen.findByRole('heading', { name: 'Check your phone' });
    await user.click(screen.getByRole('button', { name: 'Send the prompt again' }));
    expect(handlers.onNewPrompt).toHaveBeenLastCalledWith();

    await user.click(screen.getByRole('button', { name: 'Use another number' }));
    const number = screen.getByLabelText('M-Pesa number') as HTMLInputElement;
    expect(number.value).toBe('0712345678');
    await user.click(screen.getByRole('button', { name: 'Keep +254 712 345 678' }));
    expect(screen.queryByLabelText('M-Pesa number')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Use another number' }));
    await user.clear(screen.getByLabelText('M-Pesa number'));
    await user.type(screen.getByLabelText('M-Pesa number'), '0722 000 111');
    await user.click(screen.getByRole('button', { name: 'Send the prompt' }));
    expect(handlers.onNewPrompt).toHaveBeenLastCalledWith('0722 000 111');
    expect(handlers.onNewPrompt).toHaveBeenCalledTimes(2);
  });

  it('offers another number when M-Pesa could not take the payment, and shows why a number was refused', async () => {
    const failed = {
      ...waiting,
      payment_status: 'requires_payment_method' as const,
      payment_error: MPESA_RESULTS[1].message,
    };
    mockFetch((req) =>
      req.path.endsWith('payments/config')
        ? answer(200, { provider: 'sandbox', publishable_key: null, mpesa: 'simulator' })
        : answer(200, failed),
    );
    const onNewPrompt = vi.fn();
    const { user } = renderPage(
      <MpesaPayment
        payment={payment}
        phone="0712345678"
        sending={false}
        onSettled={vi.fn()}
        onNewPrompt={onNewPrompt}
        phoneError="Enter a Safaricom number such as 0712 345 678 (07… or 01…)"
      />,
    );
    await screen.findByRole('heading', { name: 'Not enough money in M-Pesa' });
    await user.click(screen.getByRole('button', { name: 'Use another number' }));
    const number = screen.getByLabelText('M-Pesa number');
    expect(number.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(/Enter a Safaricom number/)).toBeTruthy();
  });

  it('goes on to the success page once the booking is paid', async () => {
    const { handlers } = show(storedBookingFixture({ payment_method: 'mpesa', receipt_number: 'SKL4ABC123' }));
    await screen.findByRole('heading', { name: 'Payment received' });
    expect(handlers.onSettled).toHaveBeenCalledWith('mp_secret');
  });
});
