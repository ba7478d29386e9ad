import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { BookingPayments, Order } from '@tikiti/contract';
import { answer, mockFetch } from '../../../test-support/fetch';
import { renderPage } from '../../../test-support/render';
import { useSession } from '../../accounts';
import { RecordPaymentDialog } from './record-payment-dialog';

const order = {
  id: 41,
  reference: 'TK-INV0001',
  full_name: 'Wanjiku Kamau',
  company: { name: 'Acme Logistics Ltd', kra_pin: 'P051234567X', address: null, po_number: 'LPO-778' },
} as Order;

const owed = (over: Partial<BookingPayments> = {}): BookingPayments => ({
  booking_id: 41,
  reference: 'TK-INV0001',
  status: 6,
  currency: 'KES',
  total: 4666,
  amount_paid: 2333,
  amount_owed: 2333,
  due_at: '2026-12-05T09:00:00.000Z',
  covered: false,
  payments: [
    {
      id: 1,
      amount: 2333,
      paid_on: '2026-11-20',
      method: 'bank',
      reference: 'FT2611200001',
      recorded_at: '2026-11-20T10:00:00.000Z',
    },
  ],
  ...over,
});

describe('Record payment (docs/product.md#pay-by-invoice)', () => {
  it('shows what is paid and owed, refuses more than owed and a blank reference beside the fields, then records a part payment', async () => {
    useSession.getState().signIn('tok', 'organizer', { fn: 'A', ln: 'O' });
    const seen = mockFetch((req) =>
      req.method === 'POST' ? answer(201, owed({ amount_paid: 3333, amount_owed: 1333 })) : answer(200, owed()),
    );
    const { user } = renderPage(<RecordPaymentDialog eventId={7} order={order} onClose={() => {}} />);
    expect((await screen.findByTestId('owed')).textContent).toMatch(/KES\s?2,333/);
    expect(screen.getByRole('list', { name: 'Payments received' }).textContent).toContain('FT2611200001');
    const amount = screen.getByLabelText('Amount (KES)');
    await user.clear(amount);
    await user.type(amount, '2333.01');
    await user.click(screen.getByRole('button', { name: 'Record payment' }));
    expect(await screen.findByText(/At most what is owed: KES\s?2,333/)).toBeTruthy();
    expect(screen.getByText('Enter the bank or cheque reference')).toBeTruthy();
    expect(seen.filter((r) => r.method === 'POST')).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '1000');
    await user.click(screen.getByLabelText('Cheque'));
    await user.type(screen.getByLabelText('Bank or cheque reference'), 'CHQ 004512');
    await user.click(screen.getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(seen.some((r) => r.method === 'POST')).toBe(true));
    expect(seen.find((r) => r.method === 'POST')).toMatchObject({
      path: '/v1/client/booking/41/payments',
      body: { amount: 1000, method: 'cheque', reference: 'CHQ 004512' },
    });
  });

  it('says in the dialog why a released booking refuses the payment', async () => {
    useSession.getState().signIn('tok', 'organizer', { fn: 'A', ln: 'O' });
    mockFetch((req) =>
      req.method === 'POST'
        ? answer(
            409,
            { code: 'payment.booking_released' },
            { description: 'This booking was released on 5 Dec 2026; its seats went back on sale.' },
          )
        : answer(200, owed()),
    );
    const { user } = renderPage(<RecordPaymentDialog eventId={7} order={order} onClose={() => {}} />);
    await user.type(await screen.findByLabelText('Bank or cheque reference'), 'FT1');
    await user.click(screen.getByRole('button', { name: 'Record payment' }));
    expect(await screen.findByText(/This booking was released on 5 Dec 2026/)).toBeTruthy();
  });

  it('puts the server’s field refusal beside the field', async () => {
    useSession.getState().signIn('tok', 'organizer', { fn: 'A', ln: 'O' });
    mockFetch((req) =>
      req.method === 'POST'
        ? answer(400, { errors: [{ path: 'paid_on', message: 'Not a day in the future' }] })
        : answer(200, owed()),
    );
    const { user } = renderPage(<RecordPaymentDialog eventId={7} order={order} onClose={() => {}} />);
    await user.type(await screen.findByLabelText('Bank or cheque reference'), 'FT1');
    await user.click(screen.getByRole('button', { name: 'Record payment' }));
    expect(await screen.findByText('Not a day in the future')).toBeTruthy();
    expect(screen.getByLabelText('Paid on').getAttribute('aria-invalid')).toBe('true');
  });

  it('offers a retry when the payments cannot load', async () => {
    useSession.getState().signIn('tok', 'organizer', { fn: 'A', ln: 'O' });
    mockFetch(() => answer(500, {}, { description: 'Database unavailable' }));
    renderPage(<RecordPaymentDialog eventId={7} order={order} onClose={() => {}} />);
    expect(await screen.findByText('Database unavailable')).toBeTruthy();
  });
});
