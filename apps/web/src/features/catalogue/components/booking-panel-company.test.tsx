import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { useCheckout } from '../../checkout';
import { answer, mockFetch } from '../../../test-support/fetch';
import { bookingCreatedFixture, eventFixture } from '../../../test-support/fixtures';
import { renderPage } from '../../../test-support/render';
import { BookingPanel } from './booking-panel';

/**
 * "Buying for a company" and Pay by invoice at checkout (docs/product.md#tax-documents,
 * docs/product.md#pay-by-invoice): the company's fields load when ticked, the PIN is checked
 * beside its field, and an event that offers it gets a "Pay by invoice" choice with its due date.
 */
const now = Date.now();
const offering = eventFixture({
  currency: 'KES',
  invoice_payment_days: 7,
  invoice_payment_until: new Date(now + 30 * 86_400_000).toISOString(),
});
const renderPanel = (e = offering) =>
  renderPage(<BookingPanel event={e} />, { path: '/details/:id', at: '/details/7' });
type User = ReturnType<typeof renderPanel>['user'];

async function fillGuest(user: User) {
  await user.type(screen.getByLabelText('Full name'), 'Wanjiku Kamau');
  await user.type(screen.getByLabelText('Email'), 'wanjiku@example.co.ke');
  await user.type(screen.getByLabelText('Phone'), '+254712345678');
}

/** One Delegate ticket, named later (the fixture's event lets names come later). */
async function pickOne(user: User) {
  await user.click(screen.getByRole('button', { name: 'One more Delegate ticket' }));
  const card = within(await screen.findByRole('group', { name: 'Ticket 1 of 1 · Delegate' }));
  await user.click(card.getByRole('button', { name: 'Name later' }));
}

describe('buying for a company', () => {
  it('offers Pay by invoice only once a company is given, and books with it, straight to the booking’s page', async () => {
    const created = bookingCreatedFixture({
      client_secret: 'inv_1_secret',
      payment_method: 'invoice',
      provider: 'invoice',
      currency: 'KES',
      price: 19.99,
      due_at: new Date(now + 7 * 86_400_000).toISOString(),
      proforma_url: '/v1/booking/TK-7Q2M9X/proforma.pdf?sig=1',
    });
    const seen = mockFetch(() => answer(201, created, { headers: { auth: 'guest-token' } }));
    const { user } = renderPanel();
    await fillGuest(user);
    await pickOne(user);
    expect(screen.queryByRole('button', { name: 'Pay by invoice' })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: /Buying for a company/ }));
    await user.type(await screen.findByLabelText('Company name'), 'Acme Logistics Ltd');
    const pin = screen.getByLabelText<HTMLInputElement>('Company KRA PIN');
    await user.type(pin, 'a123456789z');
    expect(pin.value).toBe('A123456789Z');
    await user.type(screen.getByLabelText('PO / LPO number (optional)'), 'LPO-778');
    const invoice = screen.getByRole('button', { name: 'Pay by invoice' });
    expect(screen.getByText(/pay by bank or M-Pesa paybill by/).textContent).toMatch(/\d{4}/);
    await user.click(invoice);
    expect((await screen.findByTestId('landed')).textContent).toBe('/payment/success');
    const book = seen.find((r) => r.path === '/v1/event/book')!;
    expect(book.body).toMatchObject({
      payment_method: 'invoice',
      company: { name: 'Acme Logistics Ltd', kra_pin: 'A123456789Z', po_number: 'LPO-778' },
    });
    expect((book.body as { company: object }).company).not.toHaveProperty('address');
    expect(useCheckout.getState().payments.invoice?.client_secret).toBe('inv_1_secret');
  });

  it('refuses a short KRA PIN beside its field and sends nothing', async () => {
    const seen = mockFetch(() => answer(500, null));
    const { user } = renderPanel();
    await fillGuest(user);
    await pickOne(user);
    await user.click(screen.getByRole('checkbox', { name: /Buying for a company/ }));
    await user.type(await screen.findByLabelText('Company name'), 'Acme Logistics Ltd');
    await user.type(screen.getByLabelText('Company KRA PIN'), 'A12345678');
    await user.click(screen.getByRole('button', { name: 'Pay by invoice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Error!' });
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.getByLabelText('Company KRA PIN').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText(/A KRA PIN is a letter, nine digits and a letter/).length).toBeGreaterThan(0);
    expect(seen).toEqual([]);
  });

  it('sends the company with a card payment too, and offers no Pay by invoice where the event does not', async () => {
    const seen = mockFetch(() => answer(201, bookingCreatedFixture(), { headers: { auth: 'guest-token' } }));
    const { user } = renderPanel(eventFixture());
    await fillGuest(user);
    await pickOne(user);
    await user.click(screen.getByRole('checkbox', { name: /Buying for a company/ }));
    await user.type(await screen.findByLabelText('Company name'), 'Acme Logistics Ltd');
    await user.type(screen.getByLabelText('Company KRA PIN'), 'P051234567X');
    expect(screen.queryByRole('button', { name: 'Pay by invoice' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Credit / Debit' }));
    expect((await screen.findByTestId('landed')).textContent).toBe('/payment/method');
    expect(seen[0]!.body).toMatchObject({
      payment_method: 'card',
      company: { name: 'Acme Logistics Ltd', kra_pin: 'P051234567X' },
    });
    expect(useCheckout.getState().booking?.company?.name).toBe('Acme Logistics Ltd');
  });
});
