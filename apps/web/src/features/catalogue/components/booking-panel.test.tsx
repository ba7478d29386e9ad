import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { useSession } from '../../accounts';
import { useCheckout } from '../../checkout';
import { answer, mockFetch } from '../../../test-support/fetch';
import { bookingCreatedFixture, eventFixture, ticketFixture } from '../../../test-support/fixtures';
import { renderPage } from '../../../test-support/render';
import { BookingPanel } from './booking-panel';

const event = eventFixture();
const renderPanel = (e = event) => renderPage(<BookingPanel event={e} />, { path: '/details/:id', at: '/details/7' });

async function pay(user: ReturnType<typeof renderPanel>['user']) {
  await user.click(screen.getByRole('button', { name: 'Credit / Debit' }));
}

async function fillGuest(user: ReturnType<typeof renderPanel>['user']) {
  await user.type(screen.getByLabelText('Full name'), ' Wanjiku Kamau ');
  await user.type(screen.getByLabelText('Email'), 'wanjiku@example.co.ke');
  await user.type(screen.getByLabelText('Phone'), '+254712345678');
}

const quantityOf = (name: string) => (screen.getByLabelText(`Number of ${name} tickets`) as HTMLInputElement).value;

/** A promise settled from outside: the booking call answers when the test says so. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('booking (docs/product.md#validation-rules)', () => {
  it('asks for at least one ticket before paying', async () => {
    const seen = mockFetch(() => answer(500, null));
    const { user } = renderPanel();
    await pay(user);
    const dialog = await screen.findByRole('dialog', { name: 'Error!' });
    expect(within(dialog).getByText('Pick a ticket to book this event')).toBeTruthy();
    expect(useCheckout.getState().booking).toBeNull();
    expect(seen).toEqual([]);
  });

  it('asks a guest for full name, email and phone, each of them', async () => {
    const seen = mockFetch(() => answer(500, null));
    const { user } = renderPanel();
    await user.click(screen.getByRole('button', { name: 'One more Delegate ticket' }));
    await user.type(screen.getByLabelText('Full name'), 'Wanjiku Kamau');
    await user.type(screen.getByLabelText('Email'), 'wanjiku@example.co.ke');
    await user.type(screen.getByLabelText('Phone'), '   ');
    await pay(user);
    const dialog = await screen.findByRole('dialog', { name: 'Error!' });
    expect(within(dialog).getByText('Personal details is required to proceed with payment')).toBeTruthy();
    expect(useCheckout.getState().booking).toBeNull();
    expect(seen).toEqual([]);
  });

  it('holds the lines above 0 for a guest, keeps the checkout key handed back apart from a sign-in, and opens the payment page', async () => {
    const created = bookingCreatedFixture();
    const seen = mockFetch(() => answer(201, created, { headers: { auth: 'guest-token' } }));
    const { user } = renderPanel();
    await user.click(screen.getByRole('button', { name: 'One more Delegate ticket' }));
    await user.click(screen.getByRole('button', { name: 'One more Delegate ticket' }));
    await user.click(screen.getByRole('button', { name: 'One more VIP ticket' }));
    expect(screen.getByTestId('subtotal-11').textContent).toBe('USD 39.98');
    expect(screen.getByTestId('order-total').textContent).toBe('USD 73.31');
    await fillGuest(user);
    await user.click(screen.getByRole('button', { name: 'One fewer VIP ticket' }));
    await pay(user);

    expect((await screen.findByTestId('landed')).textContent).toBe('/payment/method');
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: 'POST', path: '/v1/event/book' });
    expect(seen[0]!.headers.Auth).toBeUndefined();
    expect(seen[0]!.body).toEqual({
      event_id: 7,
      tickets: [{ id: 11, qty: 2, price: 19.99 }],
      payment_method: 'card',
      details: { full_name: 'Wanjiku Kamau', email_address: 'wanjiku@example.co.ke', msisdn: '+254712345678' },
    });
    expect(useCheckout.getState().booking).toMatchObject({
      event_id: 7,
      event_title: 'East Africa Fintech Summit',
      tickets: [{ id: 11, name: 'Delegate', price: 19.99, qty: 2 }],
      payment_method: 'card',
      details: { full_name: 'Wanjiku Kamau', email_address: 'wanjiku@example.co.ke', msisdn: '+254712345678' },
      total_price: 39.98,
      currency: 'USD',
    });
    // Its two delegate cards, left blank: to be named (the event lets names come later), so none is sent.
    expect(useCheckout.getState().booking?.delegates?.cards.map((c) => c.key)).toEqual(['11-0', '11-1']);
    expect(useCheckout.getState().paymentSecrets).toEqual({ card: created.client_secret });
    // A guest is not signed in by booking: the key only opens this checkout's bookings.
    expect(useSession.getState()).toMatchObject({ token: null, accountType: null, checkoutKey: 'guest-token' });
  });

  it('offers "Send my tickets by SMS too" once a phone is typed, and books with it when ticked', async () => {
    const seen = mockFetch(() => answer(201, bookingCreatedFixture(), { headers: { auth: 'guest-token' } }));
    const { user } = renderPanel();
    await user.click(screen.getByRole('button', { name: 'One more Delegate ticket' }));
    expect(screen.queryByRole('checkbox', { name: /Send my tickets by SMS too/ })).toBeNull();
    await fillGuest(user);
    await user.click(screen.getByRole('checkbox', { name: /Send my tickets by SMS too/ }));
    await pay(user);
    expect((await screen.findByTestId('landed')).textContent).toBe('/payment/method');
    expect(seen[0]!.body).toMatchObject({ tickets_by_sms: true, details: { msisdn: '+254712345678' } });
    expect(useCheckout.getState().booking?.tickets_by_sms).toBe(true);
  });

  it('asks a signed-in buyer for no personal details and books as them', async () => {
    useSession.getState().signIn('tok', 'user', { fn: 'Wanjiku', ln: 'Kamau' });
    const seen = mockFetch(() => answer(201, bookingCreatedFixture({ price: 33.33 })));
    const { user } = renderPanel();
    expect(screen.queryByLabelText('Full name')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'One more VIP ticket' }));
    await pay(user);
    expect((await screen.findByTestId('landed')).textContent).toBe('/payment/method');
    expect(seen[0]!.headers.Auth).toBe('tok');
    expect(seen[0]!.body).not.toHaveProperty('details');
    expect(useCheckout.getState().booking).toMatchObject({ tickets: [{ id: 12, qty: 1 }], total_price: 33.33 });
    expect(useCheckout.getState().booking?.details).toBeUndefined();
  });

  it('starts from what was picked when the buyer comes back from the payment page', () => {
    useCheckout.getState().startBooking({
      event_id: 7,
      event_title: event.title,
      tickets: [{ id: 12, name: 'VIP', price: 33.33, qty: 3 }],
      payment_method: 'card',
      details: { full_name: 'Wanjiku Kamau', email_address: 'w@example.co.ke', msisdn: '0712345678' },
      total_price: 99.99,
      currency: 'USD',
    });
    renderPanel();
    expect(quantityOf('VIP')).toBe('3');
    expect((screen.getByLabelText('Full name') as HTMLInputElement).value).toBe('Wanjiku Kamau');
    expect(screen.getByTestId('order-total').textContent).toBe('USD 99.99');
  });
});

describe('a guest who booked (docs/product.md#guest-checkout)', () => {
  const details = { full_name: 'Wanjiku Kamau', email_address: 'wanjiku@example.co.ke', msisdn: '+254712345678' };

  it('comes back to the details, editable, and a fixed email books again with the guest’s checkout key', async () => {
    const seen = mockFetch((req) =>
      answer(201, bookingCreatedFixture({ client_secret: `pi_${seenCount()}` }), {
        headers: req.headers.Auth ? {} : { auth: 'ck1.TK-7Q2M9X.key' },
      }),
    );
    const seenCount = () => seen.length;
    const first = renderPanel();
    await first.user.click(screen.getByRole('button', { name: 'One more Delegate ticket' }));
    await fillGuest(first.user);
    await pay(first.user);
    await screen.findByTestId('landed');
    first.unmount();

    const again = renderPanel();
    const email = screen.getByLabelText('Email') as HTMLInputElement;
    expect(email.value).toBe('wanjiku@example.co.ke');
    await again.user.clear(email);
    await again.user.type(email, 'wanjiku.kamau@example.co.ke');
    await pay(again.user);
    await screen.findByTestId('landed');
    expect(seen).toHaveLength(2);
    expect(seen[0]!.headers.Auth).toBeUndefined();
    expect(seen[1]!.headers.Auth).toBe('ck1.TK-7Q2M9X.key');
    expect(seen[1]!.body).toMatchObject({ details: { email_address: 'wanjiku.kamau@example.co.ke' } });
    expect(useSession.getState()).toMatchObject({ token: null, checkoutKey: 'ck1.TK-7Q2M9X.key' });
  });

  it('starts a fresh checkout for someone else after paying, from empty fields', async () => {
    useCheckout.setState({ guestDetails: details });
    const seen = mockFetch(() => answer(201, bookingCreatedFixture()));
    const { user } = renderPanel();
    expect((screen.getByLabelText('Full name') as HTMLInputElement).value).toBe('Wanjiku Kamau');
    await user.click(screen.getByRole('button', { name: 'Buying for someone else?' }));
    expect((screen.getByLabelText('Full name') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('');
    expect(document.activeElement).toBe(screen.getByLabelText('Full name'));
    expect(screen.queryByRole('button', { name: 'Buying for someone else?' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'One more VIP ticket' }));
    await user.type(screen.getByLabelText('Full name'), 'Otieno Ouma');
    await user.type(screen.getByLabelText('Email'), 'otieno@example.co.ke');
    await user.type(screen.getByLabelText('Phone'), '0722000111');
    await pay(user);
    await screen.findByTestId('landed');
    expect(seen[0]!.body).toMatchObject({
      details: { full_name: 'Otieno Ouma', email_address: 'otieno@example.co.ke', msisdn: '0722000111' },
    });
  });

  it('offers to sign in with the email when another checkout holds these tickets for it', async () => {
    const message =
      'These tickets are already held for wanjiku@example.co.ke until 22:41. Finish that payment, or book again once the hold ends.';
    mockFetch(() =>
      answer(
        409,
        { code: 'booking.held_for_buyer', errors: [{ path: 'details.email_address', message }] },
        { description: message },
      ),
    );
    const { user, router } = renderPanel();
    await user.click(screen.getByRole('button', { name: 'One more Delegate ticket' }));
    await fillGuest(user);
    await pay(user);
    const dialog = await screen.findByRole('dialog', { name: 'Error!' });
    expect(within(dialog).getByText(message)).toBeTruthy();
    expect(dialog.textContent).toContain('Sign in with a code we email to wanjiku@example.co.ke');
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    await user.click(within(dialog).getByRole('button', { name: 'Sign in to finish it' }));
    expect((await screen.findByTestId('landed')).textContent).toBe('/login');
    expect(router.state.location.state).toEqual({ from: '/details/7', email: 'wanjiku@example.co.ke' });
  });
});

describe('creating the payment (docs/product.md#checkout-and-payments)', () => {
  it('creates the payment once under repeated clicks, then reuses its secret', async () => {
    useSession.getState().signIn('tok', 'user', { fn: 'Wanjiku', ln: 'Kamau' });
    const gate = deferred<void>();
    const created = bookingCreatedFixture();
    const seen = mockFetch(async (req) => {
      if (req.path === '/v1/event/book') await gate.promise;
      return answer(201, created);
    });
    const first = renderPanel();
    await first.user.click(screen.getByRole('button', { name: 'One more Delegate ticket' }));
    await first.user.click(screen.getByRole('button', { name: 'One more Delegate ticket' }));
    const button = screen.getByRole('button', { name: 'Credit / Debit' });
    await first.user.click(button);
    await screen.findByText('Holding your tickets...');
    expect(button.getAttribute('aria-busy')).toBe('true');
    await first.user.click(button);
    await first.user.click(button);
    gate.resolve();
    expect((await screen.findByTestId('landed')).textContent).toBe('/payment/method');
    expect(seen.filter((r) => r.path === '/v1/event/book')).toHaveLength(1);
    expect(useCheckout.getState().payments.card).toEqual(created);
    first.unmount();

    // Back on the details page: the held payment's card form shows under the tab, and the tab reuses it.
    const again = renderPanel();
    expect(quantityOf('Delegate')).toBe('2');
    await screen.findByLabelText('Card number');
    expect(screen.getByRole('timer').textContent).toMatch(/^Tickets held for 1[45]:\d\d$/);
    await again.user.click(screen.getByRole('button', { name: 'Credit / Debit' }));
    expect((await screen.findByTestId('landed')).textContent).toBe('/payment/method');
    expect(seen.filter((r) => r.path === '/v1/event/book')).toHaveLength(1);
  });

  it('starts a new payment when the tickets picked change', async () => {
    useSession.getState().signIn('tok', 'user', { fn: 'Wanjiku', ln: 'Kamau' });
    const seen = mockFetch((req) =>
      answer(
        201,
        bookingCreatedFixture({ client_secret: `pi_${(req.body as { tickets: unknown[] }).tickets.length}` }),
      ),
    );
    const first = renderPanel();
    await first.user.click(screen.getByRole('button', { name: 'One more Delegate ticket' }));
    await pay(first.user);
    await screen.findByTestId('landed');
    first.unmount();
    const again = renderPanel();
    await again.user.click(screen.getByRole('button', { name: 'One more VIP ticket' }));
    expect(screen.queryByLabelText('Card number')).toBeNull();
    await pay(again.user);
    await screen.findByTestId('landed');
    expect(seen).toHaveLength(2);
    expect(useCheckout.getState().paymentSecrets).toEqual({ card: 'pi_2' });
  });

  it('names the ticket type that ran short (409) and keeps every choice', async () => {
    mockFetch((req) =>
      req.path === '/v1/event/book'
        ? answer(
            409,
            {
              code: 'booking.only_n_left',
              errors: [{ path: 'tickets.1.qty', message: 'Only 3 VIP tickets are left' }],
            },
            { description: 'Only 3 VIP tickets are left' },
          )
        : answer(200, eventFixture()),
    );
    const { user } = renderPanel();
    await user.click(screen.getByRole('button', { name: 'One more Delegate ticket' }));
    for (let i = 0; i < 5; i++) await user.click(screen.getByRole('button', { name: 'One more VIP ticket' }));
    await fillGuest(user);
    await pay(user);

    const dialog = await screen.findByRole('dialog', { name: 'Error!' });
    expect(within(dialog).getByText('Only 3 VIP tickets are left')).toBeTruthy();
    // Under the VIP row, as the server wrote it: a line that ran short names its type.
    const vipRow = screen.getByRole('button', { name: 'One more VIP ticket', hidden: true }).closest('li')!;
    expect(within(vipRow).getByRole('alert', { hidden: true }).textContent).toBe('Only 3 VIP tickets are left');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(quantityOf('Delegate')).toBe('1');
    expect(quantityOf('VIP')).toBe('5');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('wanjiku@example.co.ke');
    expect(screen.queryByTestId('landed')).toBeNull();
    expect(useCheckout.getState().paymentSecrets).toEqual({});
  });

  it('puts the server’s field errors on their fields and keeps what was typed', async () => {
    mockFetch(() =>
      answer(
        400,
        { errors: [{ path: 'details.email_address', message: 'Enter a valid email address' }] },
        { description: 'details.email_address: Enter a valid email address' },
      ),
    );
    const { user } = renderPanel();
    await user.click(screen.getByRole('button', { name: 'One more Delegate ticket' }));
    await fillGuest(user);
    await pay(user);
    await screen.findByRole('dialog', { name: 'Error!' });
    const email = screen.getByLabelText('Email') as HTMLInputElement;
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(email.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Enter a valid email address',
    );
    expect(email.value).toBe('wanjiku@example.co.ke');
    expect((screen.getByLabelText('Full name') as HTMLInputElement).value).toBe(' Wanjiku Kamau ');
  });

  it('shows the server’s message when the event is no longer on sale', async () => {
    mockFetch(() => answer(404, null, { description: 'Event not found' }));
    const { user } = renderPanel();
    await user.click(screen.getByRole('button', { name: 'One more Delegate ticket' }));
    await fillGuest(user);
    await pay(user);
    const dialog = await screen.findByRole('dialog', { name: 'Error!' });
    expect(within(dialog).getByText('Event not found')).toBeTruthy();
  });
});

describe('what cannot be booked', () => {
  it('says an ended event has ended and offers no booking', () => {
    renderPanel(eventFixture({ ended: true }));
    expect(screen.getByRole('heading', { name: 'This event has ended' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Credit / Debit' })).toBeNull();
    expect(screen.queryByRole('button', { name: /One more/ })).toBeNull();
  });

  it('never lets a sold-out type be added, and a sold-out event offers no payment', async () => {
    const soldOut = eventFixture({
      sold_out: true,
      tickets: [ticketFixture({ available: 0, tickets_bought: 100 })],
    });
    const { user } = renderPanel(soldOut);
    expect(screen.getByText('This event is sold out.')).toBeTruthy();
    const plus = screen.getByRole('button', { name: 'One more Delegate ticket' }) as HTMLButtonElement;
    expect(plus.disabled).toBe(true);
    await user.click(plus);
    expect(quantityOf('Delegate')).toBe('0');
    expect(screen.getByText('Sold out')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Credit / Debit' })).toBeNull();
  });
});
