import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import type { StoredBooking } from '@tikiti/contract';
import { answer, mockFetch } from '../../../test-support/fetch';
import { bookingCreatedFixture, storedBookingFixture } from '../../../test-support/fixtures';
import { renderPage } from '../../../test-support/render';
import { useSession } from '../../accounts';
import { useCheckout } from '../checkout-store';
import PaymentSuccessPage from './payment-success-page';

const SECRET = 'pi_sbx_1_secret_abc';
const open = (at = `/payment/success?payment_intent_client_secret=${SECRET}`) =>
  renderPage(<PaymentSuccessPage />, { path: '/payment/success', at });

const tick = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

// The envelope's schemas load with the first answer (lib/api-client.ts). Loaded here, before the
// clock is faked: on a cold module cache their first load took longer in real time than these
// tests wait, and the first answer was never read (a failure seen in a fresh clone's CI).
beforeAll(async () => {
  await import('../../../lib/answer-schemas');
});

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  useSession.getState().signIn('tok', 'user', { fn: 'Wanjiku', ln: 'Kamau' });
});
afterEach(() => vi.useRealTimers());

/** Answers POST v1/booking/retrieve with each booking in turn, the last one from then on. */
function answerInTurn(...bookings: StoredBooking[]) {
  let n = 0;
  return mockFetch(() => answer(200, bookings[Math.min(n++, bookings.length - 1)]));
}

describe('the payment success page (docs/product.md#routes-and-screens)', () => {
  it('confirms a booking a 100 % code made free, and says what the code saved (docs/product.md#discount-codes)', async () => {
    answerInTurn(
      storedBookingFixture({
        price: 0,
        discount: 73.31,
        code: 'SPEAKERS',
        tickets: [
          {
            name: 'Speaker',
            no_of_persons: 1,
            price_per_ticket: 0,
            quantity: 1,
            list_price: 73.31,
            discount: 73.31,
            applied: 'code',
          },
        ],
      }),
    );
    open();
    expect(await screen.findByRole('heading', { name: 'Booking confirmed' })).toBeTruthy();
    expect(screen.getByTestId('booking-saving').textContent).toBe('You saved USD 73.31 with code SPEAKERS');
    expect(screen.queryByRole('heading', { name: 'Payment successful' })).toBeNull();
  });

  it('says what an awaiting-payment booking owes, by when and how to pay, with the proforma', async () => {
    useCheckout.setState({ booking: null, paymentSecrets: { invoice: SECRET }, payments: {} });
    answerInTurn(
      storedBookingFixture({
        status: 6,
        currency: 'KES',
        price: 4666,
        amount_owed: 2333,
        payment_method: 'invoice',
        payment_status: 'requires_payment_method',
        paid_at: null,
        due_at: '2026-03-05T09:00:00.000Z',
        proforma_url: '/v1/booking/TK-7Q2M9X/proforma.pdf?sig=1',
        company: { name: 'Acme Logistics Ltd', kra_pin: 'P051234567X', address: null, po_number: 'LPO-778' },
        pay_to: {
          paybill: '600100',
          account: 'TK-7Q2M9X',
          bank_name: 'KCB',
          bank_branch: null,
          bank_account_name: 'Fintech Kenya Ltd',
          bank_account_number: '1234567890',
        },
      }),
    );
    open();
    expect(await screen.findByRole('heading', { name: 'Booked: awaiting payment' })).toBeTruthy();
    expect(screen.getByTestId('amount-owed').textContent).toMatch(/KES\s?2,333/);
    expect(screen.getByTestId('due-at').textContent).toContain('Thu, 5 Mar 2026');
    expect(screen.getByText('LPO-778')).toBeTruthy();
    const mpesa = within(screen.getByRole('region', { name: 'M-Pesa paybill' }));
    expect(mpesa.getByTestId('paybill').textContent).toBe('600100');
    expect(mpesa.getByText('TK-7Q2M9X')).toBeTruthy();
    const bank = within(screen.getByRole('region', { name: 'Bank transfer' }));
    expect(bank.getByText('1234567890')).toBeTruthy();
    expect(bank.queryByText('Branch')).toBeNull();
    expect(screen.getByRole('link', { name: /Download the proforma invoice/ }).getAttribute('href')).toBe(
      '/v1/booking/TK-7Q2M9X/proforma.pdf?sig=1',
    );
    // Booked: this checkout is over, as for a payment.
    expect(useCheckout.getState().paymentSecrets).toEqual({});
  });

  it('offers the tax invoice of a paid booking once issued', async () => {
    answerInTurn(storedBookingFixture({ invoice_url: '/v1/booking/TK-7Q2M9X/invoice.pdf?sig=1' }));
    open();
    expect((await screen.findByRole('link', { name: /Tax invoice \(PDF\)/ })).getAttribute('href')).toBe(
      '/v1/booking/TK-7Q2M9X/invoice.pdf?sig=1',
    );
  });

  it('asks at once, keeps asking while the payment processes, then shows the order, the buyer and the event', async () => {
    useCheckout.setState({
      booking: null,
      paymentSecrets: { card: SECRET },
      payments: { card: bookingCreatedFixture() },
    });
    const processing = storedBookingFixture({ status: 1, payment_status: 'processing', paid_at: null });
    const seen = answerInTurn(processing, processing, storedBookingFixture());
    open();
    expect(screen.getByRole('heading', { name: 'Confirming your payment…' })).toBeTruthy();
    await tick(100);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      method: 'POST',
      path: '/v1/booking/retrieve',
      body: { payment_intent: SECRET },
      headers: { Auth: 'tok' },
    });
    expect(screen.getByRole('heading', { name: 'Confirming your payment…' })).toBeTruthy();
    await tick(2000);
    expect(seen).toHaveLength(2);
    expect(screen.getByRole('heading', { name: 'Confirming your payment…' })).toBeTruthy();
    await tick(2000);
    await screen.findByRole('heading', { name: 'Payment successful' });
    await tick(10_000);
    expect(seen).toHaveLength(3);

    const table = screen.getByRole('table');
    const rows = within(table)
      .getAllByRole('row')
      .map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent));
    expect(rows).toEqual([
      ['Ticket type', 'Price', 'Quantity', 'Subtotal'],
      ['Delegate', 'USD 19.99', '2', 'USD 39.98'],
      ['VIP', 'USD 33.33', '1', 'USD 33.33'],
      ['Total', 'USD 73.31'],
    ]);
    expect(screen.getByText('The order is for').nextElementSibling?.textContent).toBe('Wanjiku Kamau');
    expect(screen.getByText('TK-7Q2M9X')).toBeTruthy();
    const card = screen.getByRole('complementary', { name: 'Event' });
    expect(within(card).getByRole('heading', { name: 'East Africa Fintech Summit' })).toBeTruthy();
    expect(within(card).getByText('Thu, 12 Mar 2026 · 09:00–17:00 EAT')).toBeTruthy();
    expect(within(card).getByText('Payments, lending and regulation.')).toBeTruthy();
    expect(within(card).getByText('KICC, Nairobi')).toBeTruthy();
    expect(
      within(card)
        .getByRole('link', { name: /See location on map/ })
        .getAttribute('href'),
    ).toBe('https://www.google.com/maps/search/?api=1&query=KICC%2C%20Nairobi');
    expect(screen.getByRole('link', { name: 'View E-tickets' }).getAttribute('href')).toBe('/account/tickets');
    // Paid: the checkout is over.
    expect(useCheckout.getState().paymentSecrets).toEqual({});
  });

  it('shows a booking the provider has already confirmed at once, with no wait', async () => {
    const seen = answerInTurn(storedBookingFixture());
    open();
    await tick(100);
    expect(screen.getByRole('heading', { name: 'Payment successful' })).toBeTruthy();
    expect(seen).toHaveLength(1);
  });

  it('ends the checkout once paid whatever the method, so the same tickets bought again are a new booking', async () => {
    const mpesa = bookingCreatedFixture({ client_secret: SECRET, payment_method: 'mpesa', provider: 'mpesa' });
    useCheckout.setState({
      booking: {
        event_id: 7,
        event_title: 'East Africa Fintech Summit',
        tickets: [{ id: 11, name: 'Delegate', price: 25, qty: 2 }],
        payment_method: 'mpesa',
        total_price: 50,
        currency: 'KES',
      },
      paymentSecrets: { mpesa: SECRET },
      payments: { mpesa },
    });
    answerInTurn(storedBookingFixture({ payment_method: 'mpesa', receipt_number: 'SKL4ABC123' }));
    open();
    await screen.findByRole('heading', { name: 'Payment successful' });
    expect(useCheckout.getState()).toMatchObject({ booking: null, paymentSecrets: {}, payments: {} });
  });

  it('leaves another checkout’s payment alone', async () => {
    const other = bookingCreatedFixture({ client_secret: 'pi_other_secret' });
    useCheckout.setState({ paymentSecrets: { card: other.client_secret }, payments: { card: other } });
    answerInTurn(storedBookingFixture());
    open();
    await screen.findByRole('heading', { name: 'Payment successful' });
    expect(useCheckout.getState().payments).toEqual({ card: other });
  });

  it('offers a real calendar file of the event', async () => {
    answerInTurn(storedBookingFixture());
    open();
    await tick(0);
    const link = await screen.findByRole('link', { name: 'Add to calendar' });
    expect(link.getAttribute('download')).toBe('tikiti-TK-7Q2M9X.ics');
    const href = link.getAttribute('href')!;
    expect(href.startsWith('data:text/calendar;charset=utf-8,')).toBe(true);
    const ics = decodeURIComponent(href.slice(href.indexOf(',') + 1));
    const lines = ics.split('\r\n');
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/\n/);
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines).toEqual(
      expect.arrayContaining([
        'BEGIN:VEVENT',
        'UID:TK-7Q2M9X@tikiti.co.ke',
        'DTSTART:20260312T060000Z',
        'DTEND:20260312T140000Z',
        'SUMMARY:East Africa Fintech Summit',
        'LOCATION:KICC\\, Nairobi',
        'END:VEVENT',
        'END:VCALENDAR',
      ]),
    );
    expect(lines.find((l) => l.startsWith('DESCRIPTION:'))).toContain('Payments\\, lending and regulation.');
  });

  it.each([
    [{ status: 3, payment_error: 'Your card was declined.' }, 'This booking was not paid', 'Your card was declined.'],
    [{ status: 3 }, 'This booking was not paid', 'The hold on these tickets ended'],
    [{ status: 5 }, 'This booking was refunded', 'the money went back'],
    [{ status: 4 }, 'This booking was cancelled', 'Nothing was charged'],
  ] as const)('says honestly when the booking was not paid (%o)', async (state, heading, text) => {
    answerInTurn(storedBookingFixture({ payment_status: 'requires_payment_method', paid_at: null, ...state }));
    open();
    await tick(0);
    await screen.findByRole('heading', { name: heading });
    expect(screen.getByText(new RegExp(text))).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the event' }).getAttribute('href')).toBe(
      '/details/7/east-africa-fintech-summit',
    );
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('offers another try when the payment did not go through and the hold still lasts', async () => {
    const seen = answerInTurn(
      storedBookingFixture({
        status: 1,
        payment_status: 'requires_payment_method',
        payment_error: null,
        paid_at: null,
      }),
    );
    open();
    await tick(0);
    await screen.findByRole('heading', { name: 'Your payment was not successful' });
    expect(screen.getByText(/Your payment was not successful, please try again\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe('/payment/method');
    await tick(10_000);
    expect(seen).toHaveLength(1);
  });

  it('says a payment for another amount than the booking’s was not accepted, without claiming nothing was charged', async () => {
    const seen = answerInTurn(
      storedBookingFixture({
        status: 3,
        payment_status: 'succeeded',
        payment_error:
          "Received USD 1.00, not this booking's total of USD 93.30. It was not accepted, and the money is being refunded.",
        paid_at: null,
      }),
    );
    open();
    await tick(0);
    await screen.findByRole('heading', { name: 'This payment could not be accepted' });
    expect(screen.getByText(/Received USD 1\.00, not this booking's total of USD 93\.30\./)).toBeTruthy();
    expect(screen.queryByText(/Nothing was charged/)).toBeNull();
    await tick(10_000);
    expect(seen).toHaveLength(1);
  });

  it('says when the payment cannot be found, or when there is none in the address', async () => {
    mockFetch(() => answer(404, null, { description: 'Booking not found' }));
    const first = open();
    await tick(0);
    await screen.findByRole('heading', { name: 'We could not find this payment' });
    first.unmount();
    open('/payment/success');
    expect(screen.getByRole('heading', { name: 'We could not find this payment' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse events' })).toBeTruthy();
  });

  it('offers a retry when the server fails', async () => {
    let fail = true;
    mockFetch(() =>
      fail ? answer(503, null, { description: 'Tikiti is briefly unavailable' }) : answer(200, storedBookingFixture()),
    );
    const { user } = open();
    await tick(0);
    await screen.findByText('Tikiti is briefly unavailable');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('heading', { name: 'Payment successful' });
  });
});
