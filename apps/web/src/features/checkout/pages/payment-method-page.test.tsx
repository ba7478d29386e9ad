import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { answer, mockFetch } from '../../../test-support/fetch';
import { bookingCreatedFixture, storedBookingFixture } from '../../../test-support/fixtures';
import { renderPage } from '../../../test-support/render';
import { useSession } from '../../accounts';
import { useCheckout, type PendingBooking } from '../checkout-store';
import { NO_CARD } from '../delegate-card';
import PaymentMethodPage from './payment-method-page';

const guest = { full_name: 'Wanjiku Kamau', email_address: 'wanjiku@example.co.ke', msisdn: '+254712345678' };
const booking: PendingBooking = {
  event_id: 7,
  event_title: 'East Africa Fintech Summit',
  tickets: [
    { id: 11, name: 'Delegate', price: 25, qty: 2 },
    { id: 12, name: 'VIP', price: 120.5, qty: 1 },
  ],
  payment_method: 'card',
  details: guest,
  total_price: 170.5,
  currency: 'USD',
};

const open = () => renderPage(<PaymentMethodPage />, { path: '/payment/method' });
const summary = () => screen.getByRole('region', { name: 'Order summary' });
const stickyBar = () => screen.getByTestId('sticky-pay-bar');

describe('the payment page (docs/product.md#routes-and-screens)', () => {
  it('goes back when no booking is stored', async () => {
    open();
    expect((await screen.findByTestId('landed')).textContent).toBe('/all-events');
  });

  it('shows the order, the total to pay, the guest’s details, the card option, the warning and Cancel', () => {
    useCheckout.setState({ booking });
    open();
    expect(screen.getByRole('heading', { level: 1, name: 'Payment' })).toBeTruthy();
    const lines = within(summary())
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(lines).toEqual(['Delegate × 2USD 50.00', 'VIP × 1USD 120.50']);
    expect(within(summary()).getByText('Total to pay')).toBeTruthy();
    expect(screen.getByTestId('total-to-pay').textContent).toBe('USD 170.50');
    expect((screen.getByLabelText('Full name') as HTMLInputElement).value).toBe('Wanjiku Kamau');
    expect((screen.getByLabelText(/Credit \/ Debit card/) as HTMLInputElement).checked).toBe(true);
    expect(screen.getAllByRole('button', { name: 'Proceed' }).length).toBeGreaterThan(0);
    expect(screen.getByText(/never asks for your password, PIN or CVV/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Cancel' }).getAttribute('href')).toBe('/details/7');
    expect(within(stickyBar()).getByText('USD 170.50')).toBeTruthy();
  });

  it('says whom each ticket is for, and sends the same delegates when Proceed books again', async () => {
    const card = (key: string, ticket_type_id: number, ticket_name: string, full_name: string, later = false) => ({
      ...NO_CARD,
      key,
      ticket_type_id,
      ticket_name,
      full_name,
      later,
    });
    useCheckout.setState({
      booking: {
        ...booking,
        delegates: {
          attendee_names: 'later',
          questions: [],
          cards: [
            card('11-0', 11, 'Delegate', 'Otieno Ouma'),
            card('11-1', 11, 'Delegate', '', true),
            card('12-0', 12, 'VIP', 'Amina Njeri'),
          ],
          answers: {},
        },
      },
    });
    const seen = mockFetch(() => answer(201, bookingCreatedFixture({ price: 170.5 }), { headers: { auth: 'k' } }));
    const { user } = open();
    const who = within(summary()).getByRole('heading', { name: 'Tickets for' }).nextElementSibling!;
    expect([...who.children].map((li) => li.textContent)).toEqual([
      '1. DelegateOtieno Ouma',
      '2. DelegateTo be named',
      '3. VIPAmina Njeri',
    ]);
    await user.click(screen.getAllByRole('button', { name: 'Proceed' })[0]!);
    await waitFor(() => expect(useCheckout.getState().payments.card).toBeDefined());
    expect(seen).toHaveLength(1);
    expect((seen[0]!.body as { attendees: unknown }).attendees).toEqual([
      { ticket_type_id: 11, full_name: 'Otieno Ouma', answers: [] },
      { ticket_type_id: 12, full_name: 'Amina Njeri', answers: [] },
    ]);
  });

  it('creates the payment once on Proceed, then shows the card form, the hold and the server’s total', async () => {
    useCheckout.setState({ booking });
    const seen = mockFetch(() =>
      answer(201, bookingCreatedFixture({ price: 170.5 }), { headers: { auth: 'guest-token' } }),
    );
    const { user } = open();
    const [proceed] = screen.getAllByRole('button', { name: 'Proceed' });
    await user.click(proceed!);
    await user.click(proceed!);
    await screen.findByLabelText('Card number');
    expect(seen).toHaveLength(1);
    expect(seen[0]!.body).toEqual({
      event_id: 7,
      tickets: [
        { id: 11, qty: 2, price: 25 },
        { id: 12, qty: 1, price: 120.5 },
      ],
      payment_method: 'card',
      details: guest,
    });
    expect(screen.getByRole('timer').textContent).toMatch(/^Tickets held for 1[45]:\d\d$/);
    expect(within(stickyBar()).getByRole('button', { name: 'Pay now' })).toBeTruthy();
    // The guest is not signed in by it: the key is kept apart.
    expect(useSession.getState()).toMatchObject({ token: null, checkoutKey: 'guest-token' });
  });

  it('asks a guest for valid details before holding anything', async () => {
    useCheckout.setState({ booking: { ...booking, details: { ...guest, email_address: 'not-an-email' } } });
    const seen = mockFetch(() => answer(500, null));
    const { user } = open();
    await user.click(screen.getAllByRole('button', { name: 'Proceed' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Error!' });
    expect(within(dialog).getByText('Enter a valid email address')).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(seen).toEqual([]);
  });

  it('names the type that ran short and keeps the order as it was', async () => {
    useSession.getState().signIn('tok', 'user', { fn: 'Wanjiku', ln: 'Kamau' });
    useCheckout.setState({ booking: { ...booking, details: undefined } });
    const message = 'Only 1 Delegate ticket is left';
    mockFetch(() =>
      answer(
        409,
        { code: 'booking.only_n_left', errors: [{ path: 'tickets.0.qty', message }] },
        { description: message },
      ),
    );
    const { user } = open();
    expect(screen.queryByLabelText('Full name')).toBeNull();
    await user.click(screen.getAllByRole('button', { name: 'Proceed' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Error!' });
    expect(within(dialog).getByText(message)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(within(summary()).getAllByRole('listitem')).toHaveLength(2);
    expect(useCheckout.getState().booking?.tickets).toEqual(booking.tickets);
  });

  it('pays with a test card and opens the success page with the payment’s secret', async () => {
    const created = bookingCreatedFixture({ price: 170.5 });
    useCheckout.setState({ booking, paymentSecrets: { card: created.client_secret }, payments: { card: created } });
    const seen = mockFetch(() => answer(200, { status: 'succeeded', message: null }));
    const { user, router } = open();
    await user.type(screen.getByLabelText('Card number'), '4242424242424242');
    await user.type(screen.getByLabelText('Expiry (MM / YY)'), '1234');
    await user.type(screen.getByLabelText('CVC'), '123');
    await user.click(within(stickyBar()).getByRole('button', { name: 'Pay now' }));
    expect((await screen.findByTestId('landed')).textContent).toBe('/payment/success');
    expect(router.state.location.search).toBe(`?payment_intent_client_secret=${created.client_secret}`);
    expect(router.state.historyAction).toBe('REPLACE');
    expect(seen).toHaveLength(1);
  });

  it('shows a declined card’s message with the order still there', async () => {
    const created = bookingCreatedFixture({ price: 170.5 });
    useCheckout.setState({ booking, paymentSecrets: { card: created.client_secret }, payments: { card: created } });
    mockFetch(() => answer(200, { status: 'requires_payment_method', message: 'Your card was declined.' }));
    const { user } = open();
    await user.type(screen.getByLabelText('Card number'), '4000000000000002');
    await user.type(screen.getByLabelText('Expiry (MM / YY)'), '1234');
    await user.type(screen.getByLabelText('CVC'), '123');
    await user.click(within(stickyBar()).getByRole('button', { name: 'Pay now' }));
    expect(await screen.findByText('Your card was declined.')).toBeTruthy();
    expect(within(summary()).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByTestId('landed')).toBeNull();
  });

  it('says when the hold has ended and starts again from Proceed', async () => {
    const created = bookingCreatedFixture({}, Date.now() - 16 * 60_000);
    useCheckout.setState({ booking, paymentSecrets: { card: created.client_secret }, payments: { card: created } });
    const { user } = open();
    expect(screen.getByText('Your hold on these tickets has ended')).toBeTruthy();
    expect(screen.queryByLabelText('Card number')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Start again' }));
    expect(useCheckout.getState().payments).toEqual({});
    expect(useCheckout.getState().booking).toEqual(booking);
    expect(screen.getAllByRole('button', { name: 'Proceed' }).length).toBeGreaterThan(0);
  });

  it('offers M-Pesa only for an event in shillings', () => {
    useCheckout.setState({ booking });
    open();
    expect(screen.queryByLabelText(/M-Pesa/)).toBeNull();
  });

  it('sends the M-Pesa prompt to the number prefilled from the details, then says to check the phone', async () => {
    useCheckout.setState({
      booking: { ...booking, currency: 'KES', total_price: 5000 },
      paymentSecrets: {},
      payments: {},
    });
    const created = bookingCreatedFixture({
      client_secret: 'mp_1',
      payment_method: 'mpesa',
      provider: 'mpesa',
      currency: 'KES',
      price: 5000,
    });
    const seen = mockFetch((req) => {
      if (req.path.endsWith('event/book')) return answer(201, created, { headers: { auth: 'guest-token' } });
      if (req.path.endsWith('payments/config'))
        return answer(200, { provider: 'sandbox', publishable_key: null, mpesa: 'simulator' });
      return answer(200, {
        reference: created.booking_reference,
        status: 1,
        currency: 'KES',
        price: 5000,
        payment_method: 'mpesa',
        payment_status: 'processing',
        payment_error: null,
        receipt_number: null,
        hold_expires_at: created.hold_expires_at,
        paid_at: null,
        full_name: 'Wanjiku Kamau',
        company: null,
        invoice_url: null,
        proforma_url: null,
        due_at: null,
        amount_owed: 0,
        code: null,
        discount: 0,
        tickets: [],
        event: {
          id: 7,
          title: 'East Africa Fintech Summit',
          slug: 'east-africa-fintech-summit',
          start_time: '2026-12-01T06:00:00.000Z',
          end_time: '2026-12-01T14:00:00.000Z',
          location: 'KICC, Nairobi',
          short_description: '',
          image_card: null,
        },
      });
    });
    const { user } = open();
    await user.click(screen.getByLabelText(/M-Pesa/));
    const number = screen.getByLabelText('M-Pesa number') as HTMLInputElement;
    expect(number.value).toBe('+254712345678');
    await user.clear(number);
    await user.type(number, '0812 000 000');
    await user.click(screen.getAllByRole('button', { name: /Send (M-Pesa )?prompt/ })[0]!);
    expect((await screen.findAllByText(/Enter a Safaricom number/)).length).toBeGreaterThan(0);
    expect(seen.filter((r) => r.path.endsWith('event/book'))).toHaveLength(0);
    await user.keyboard('{Escape}');

    await user.clear(number);
    await user.type(number, '0712 345 678');
    await user.click(screen.getAllByRole('button', { name: /Send (M-Pesa )?prompt/ })[0]!);
    await screen.findByRole('heading', { name: 'Check your phone' });
    const book = seen.find((r) => r.path.endsWith('event/book'))!;
    expect(book.body).toMatchObject({ payment_method: 'mpesa', phone: '0712 345 678', details: guest });
  });
});

describe('the payment page for a guest and for M-Pesa (docs/product.md#guest-checkout, #m-pesa)', () => {
  const kes = { ...booking, currency: 'KES', total_price: 5000, payment_method: 'mpesa' as const };
  const mpesa = (secret: string) =>
    bookingCreatedFixture({
      client_secret: secret,
      payment_method: 'mpesa',
      provider: 'mpesa',
      currency: 'KES',
      price: 5000,
    });
  /** The M-Pesa page's calls: the booking, the config, and the booking's state as `state` says. */
  function mpesaApi(state: () => Parameters<typeof storedBookingFixture>[0]) {
    let n = 0;
    return mockFetch((req) => {
      if (req.path.endsWith('event/book')) return answer(201, mpesa(`mp_${++n}`));
      if (req.path.endsWith('payments/config'))
        return answer(200, { provider: 'sandbox', publishable_key: null, mpesa: 'simulator' });
      return answer(200, storedBookingFixture({ currency: 'KES', payment_method: 'mpesa', ...state() }));
    });
  }

  it('keeps the details editable while the tickets are held; changed, they book again with the checkout key', async () => {
    useSession.getState().keepCheckoutKey('ck1.TK-7Q2M9X.key');
    const created = bookingCreatedFixture({ price: 170.5 });
    useCheckout.setState({ booking, paymentSecrets: { card: created.client_secret }, payments: { card: created } });
    const seen = mockFetch(() => answer(201, bookingCreatedFixture({ client_secret: 'pi_fixed_secret' })));
    const { user } = open();
    await screen.findByLabelText('Card number');
    const email = screen.getByLabelText('Email') as HTMLInputElement;
    expect(email.value).toBe('wanjiku@example.co.ke');
    await user.clear(email);
    await user.type(email, 'wanjiku.kamau@example.co.ke');
    // The payment held is for the old email: it is not offered, and Proceed books again.
    expect(screen.queryByLabelText('Card number')).toBeNull();
    await user.click(screen.getAllByRole('button', { name: 'Proceed' })[0]!);
    await screen.findByLabelText('Card number');
    expect(seen).toHaveLength(1);
    expect(seen[0]!.headers.Auth).toBe('ck1.TK-7Q2M9X.key');
    expect(seen[0]!.body).toMatchObject({ details: { ...guest, email_address: 'wanjiku.kamau@example.co.ke' } });
    expect(useCheckout.getState().paymentSecrets).toEqual({ card: 'pi_fixed_secret' });
  });

  it('sends the prompt again, or to another number, for the same hold', async () => {
    useCheckout.setState({
      booking: { ...kes, phone: '0712345678' },
      paymentSecrets: { mpesa: 'mp_0' },
      payments: { mpesa: mpesa('mp_0') },
    });
    const seen = mpesaApi(() => ({ status: 1, payment_status: 'processing', paid_at: null }));
    const { user } = open();
    await screen.findByRole('heading', { name: 'Check your phone' });
    await user.click(screen.getByRole('button', { name: 'Send the prompt again' }));
    await waitFor(() => expect(useCheckout.getState().paymentSecrets).toEqual({ mpesa: 'mp_1' }));
    await user.click(await screen.findByRole('button', { name: 'Use another number' }));
    await user.clear(screen.getByLabelText('M-Pesa number'));
    await user.type(screen.getByLabelText('M-Pesa number'), '0722 000 111');
    await user.click(screen.getByRole('button', { name: 'Send the prompt' }));
    await waitFor(() => expect(useCheckout.getState().paymentSecrets).toEqual({ mpesa: 'mp_2' }));
    expect(await screen.findByText('+254 722 000 111')).toBeTruthy();
    const books = seen.filter((r) => r.path.endsWith('event/book')).map((r) => r.body);
    expect(books).toEqual([
      expect.objectContaining({ payment_method: 'mpesa', phone: '0712345678', new_prompt: true }),
      expect.objectContaining({ payment_method: 'mpesa', phone: '0722 000 111', new_prompt: true }),
    ]);
  });

  it('replaces itself with the success page once M-Pesa is paid, so Back never lands on it again', async () => {
    useCheckout.setState({
      booking: { ...kes, phone: '0712345678' },
      paymentSecrets: { mpesa: 'mp_0' },
      payments: { mpesa: mpesa('mp_0') },
    });
    mpesaApi(() => ({ status: 2, receipt_number: 'SKL4ABC123' }));
    const { router } = open();
    expect((await screen.findByTestId('landed')).textContent).toBe('/payment/success');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(router.state.location.search).toBe('?payment_intent_client_secret=mp_0');
  });
});
