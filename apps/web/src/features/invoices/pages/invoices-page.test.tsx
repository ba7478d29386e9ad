import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { InvoiceRow } from '@tikiti/contract';
import { answer, mockFetch, type SeenRequest } from '../../../test-support/fetch';
import { renderPage } from '../../../test-support/render';
import { useSession } from '../../accounts';
import InvoicesPage from './invoices-page';

const row = (over: Partial<InvoiceRow> = {}): InvoiceRow => ({
  id: 1,
  kind: 'invoice',
  number: 'FK-2026-000123',
  issued_at: '2026-11-20T07:01:00.000Z',
  event_id: 7,
  event_title: 'East Africa Fintech Summit',
  booking_id: 41,
  booking_reference: 'TK-7Q2M9X',
  buyer_name: 'Wanjiku Kamau',
  company_name: 'Acme Logistics Ltd',
  buyer_kra_pin: 'P051234567X',
  po_number: 'LPO-778',
  currency: 'KES',
  total: 2333,
  vat: 321.79,
  net: 2011.21,
  refers_to: null,
  payment_method: 'M-Pesa paybill',
  payment_reference: 'SKL4ABC123',
  transmission: 'not_transmitted',
  pdf_url: '/v1/client/invoices/1/pdf',
  ...over,
});
const events = { data: [], total: 0 };

function route(invoices: (req: SeenRequest) => ReturnType<typeof answer>) {
  return (req: SeenRequest) => {
    if (req.path.startsWith('/v1/client/invoices')) return invoices(req);
    if (req.path.startsWith('/v1/client/payments/unmatched')) return answer(200, []);
    return answer(200, events);
  };
}

describe('Invoices (docs/product.md#tax-documents)', () => {
  it('lists the documents of the last 30 days with their amounts and VAT, and filters by kind', async () => {
    useSession.getState().signIn('tok', 'organizer', { fn: 'A', ln: 'O' });
    const seen = mockFetch(
      route(() =>
        answer(200, [
          row({ id: 2, kind: 'credit_note', number: 'CN-2026-000007', refers_to: 'FK-2026-000123', total: 19.99 }),
          row(),
        ]),
      ),
    );
    const { user } = renderPage(<InvoicesPage />, { path: '/organizer/invoices' });
    const list = await screen.findByRole('list', { name: 'Documents' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]!.textContent).toContain('CN-2026-000007');
    expect(items[0]!.textContent).toContain('for FK-2026-000123');
    expect(items[1]!.textContent).toContain('Acme Logistics Ltd · PIN P051234567X · PO LPO-778');
    expect(items[1]!.textContent).toMatch(/KES\s?2,333/);
    expect(items[1]!.textContent).toMatch(/VAT KES\s?321\.79/);
    const first = seen.find((r) => r.path.startsWith('/v1/client/invoices'))!;
    expect(first.path).toMatch(/^\/v1\/client\/invoices\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/);
    await user.selectOptions(screen.getByLabelText('Kind'), 'Credit note');
    await waitFor(() => expect(seen.at(-1)!.path).toContain('kind=credit_note'));
  });

  it('says when no document was issued on those days', async () => {
    useSession.getState().signIn('tok', 'organizer', { fn: 'A', ln: 'O' });
    mockFetch(route(() => answer(200, [])));
    renderPage(<InvoicesPage />, { path: '/organizer/invoices' });
    expect(await screen.findByText('No documents on these days')).toBeTruthy();
    expect(await screen.findByText(/None: every paybill payment went to its booking/)).toBeTruthy();
  });

  it('puts a refused range beside the To field', async () => {
    useSession.getState().signIn('tok', 'organizer', { fn: 'A', ln: 'O' });
    mockFetch(route(() => answer(400, { errors: [{ path: 'to', message: 'At most 366 days at once' }] })));
    renderPage(<InvoicesPage />, { path: '/organizer/invoices' });
    expect(await screen.findByText('At most 366 days at once')).toBeTruthy();
    expect(screen.getByLabelText('To').getAttribute('aria-invalid')).toBe('true');
  });

  it('offers a retry when the list cannot load', async () => {
    useSession.getState().signIn('tok', 'organizer', { fn: 'A', ln: 'O' });
    mockFetch(route(() => answer(500, {}, { description: 'Database unavailable' })));
    renderPage(<InvoicesPage />, { path: '/organizer/invoices' });
    expect(await screen.findByText('Database unavailable')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('assigns an unmatched paybill payment, the refusal beside the reference', async () => {
    useSession.getState().signIn('tok', 'organizer', { fn: 'A', ln: 'O' });
    const unmatched = {
      id: 5,
      trans_id: 'SKL9XYZ001',
      account: 'TK-OLD111',
      amount: 2333,
      currency: 'KES',
      msisdn: '254712345678',
      payer_name: 'JOHN',
      received_at: '2026-11-21T09:00:00.000Z',
      reason: 'The booking was released on 20 Nov 2026',
      assigned_booking_reference: null,
      assigned_at: null,
    };
    const seen = mockFetch((req) => {
      if (req.path.startsWith('/v1/client/payments/unmatched/5/assign'))
        return answer(409, { code: 'payment.not_awaiting' }, { description: 'TK-OLD111 is not awaiting payment' });
      if (req.path.startsWith('/v1/client/payments/unmatched')) return answer(200, [unmatched]);
      return route(() => answer(200, []))(req);
    });
    const { user } = renderPage(<InvoicesPage />, { path: '/organizer/invoices' });
    const list = await screen.findByRole('list', { name: 'Unmatched payments' });
    expect(list.textContent).toContain('The booking was released on 20 Nov 2026');
    await user.click(within(list).getByRole('button', { name: 'Assign to a booking' }));
    const reference = await screen.findByLabelText('Booking reference');
    await user.clear(reference);
    await user.click(screen.getByRole('button', { name: 'Assign payment' }));
    expect(await screen.findByText('Enter the booking reference')).toBeTruthy();
    await user.type(reference, 'tk-new222');
    await user.click(screen.getByRole('button', { name: 'Assign payment' }));
    expect(await screen.findByText('TK-OLD111 is not awaiting payment')).toBeTruthy();
    expect(seen.find((r) => r.method === 'POST')!.body).toEqual({ booking_reference: 'TK-NEW222' });
  });
});
