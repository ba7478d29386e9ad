import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Order, SalesSummary } from '@tikiti/contract';
import { AlertBanner } from '../../../components/layout/alert-banner';
import { findBanner } from '../../../test-support/banner';
import { answer, mockFetch, type SeenRequest } from '../../../test-support/fetch';
import { attendeeRowFixture, eventFixture, questionFixture } from '../../../test-support/fixtures';
import { renderPage } from '../../../test-support/render';
import { useSession } from '../../accounts';
import OrdersPage from './orders-page';

const sales = (over: Partial<SalesSummary> = {}): SalesSummary => ({
  event: {
    id: 7,
    title: 'Nyama Choma Festival',
    status: 1,
    start_time: '2026-12-12T06:00:00.000Z',
    end_time: '2026-12-12T14:00:00.000Z',
    cancelled_at: null,
  },
  currency: 'USD',
  ticket_types: [{ id: 1, name: 'Regular', price: 25.5, max_tickets: 10, sold: 3, held: 1, left: 6, deleted: false }],
  gross: 76.5,
  refunded: 0,
  net: 76.5,
  bookings_paid: 2,
  bookings_refunded: 0,
  tickets_sold: 3,
  persons_sold: 3,
  tickets_checked_in: 1,
  persons_checked_in: 1,
  refunds_pending: 0,
  refunds_failed: 0,
  over_time: [{ day: '2026-11-20', tickets: 3, gross: 76.5 }],
  ...over,
});

const order = (over: Partial<Order>): Order => ({
  id: 1,
  reference: 'TK-AAAAAAA',
  full_name: 'Wanjirũ Kamau',
  email_address: 'wanjiru@example.co.ke',
  msisdn: '+254712345678',
  tickets: 2,
  persons: 2,
  amount: 51,
  currency: 'USD',
  payment_method: 'card',
  status: 2,
  hold_expires_at: '2026-11-20T07:15:00.000Z',
  created_at: '2026-11-20T07:00:00.000Z',
  paid_at: '2026-11-20T07:01:00.000Z',
  refund_state: 'none',
  refund_requested_at: null,
  refund_error: null,
  receipt_number: null,
  payment_mismatch: null,
  company: null,
  amount_paid: 0,
  amount_owed: 0,
  due_at: null,
  overdue: false,
  invoice_number: null,
  answers: [],
  code: null,
  discount: 0,
  ...over,
});

const orders = [
  order({ id: 1 }),
  order({
    id: 2,
    reference: 'TK-BBBBBBB',
    full_name: 'Otieno Ouma',
    email_address: 'otieno@example.co.ke',
    status: 5,
    refund_state: 'failed',
    refund_error: 'Something went wrong on our end.',
  }),
];

/** What the fake server answers for a search (any other text: every booking). */
const searchAnswers: Record<string, Order[]> = { otieno: [orders[1]!], nobody: [] };

function api(overrides: (req: SeenRequest) => ReturnType<typeof answer> | undefined = () => undefined) {
  return mockFetch((req) => {
    const own = overrides(req);
    if (own) return own;
    if (req.path === '/v1/client/event/7/sales') return answer(200, sales());
    if (req.path.startsWith('/v1/client/event/7/orders')) {
      // The server's search is the server's (orders.test.ts): here it answers canned pages per query.
      const q = new URL(req.path, 'http://x').searchParams.get('q');
      const data = searchAnswers[q ?? ''] ?? orders;
      return answer(200, { data, total: data.length });
    }
    if (req.path.startsWith('/v1/client/event/7/attendees')) return answer(200, { data: [], total: 0 });
    return answer(404, null);
  });
}

const open = () => {
  useSession.setState({
    token: 'organiser-token',
    accountType: 'organizer',
    userName: { fn: 'Wanjiku', ln: 'Mwangi' },
  });
  return renderPage(
    <>
      <AlertBanner />
      <OrdersPage />
    </>,
    { path: '/organizer/orders/:eventId', at: '/organizer/orders/7' },
  );
};

describe('orders page', () => {
  it('lists bookings awaiting payment with what is owed, the overdue ones marked, and records a payment', async () => {
    const awaiting = order({
      id: 3,
      reference: 'TK-INV0001',
      status: 6,
      payment_method: 'invoice',
      currency: 'KES',
      amount: 4666,
      amount_paid: 2333,
      amount_owed: 2333,
      paid_at: null,
      due_at: '2026-11-25T09:00:00.000Z',
      overdue: true,
      company: { name: 'Acme Logistics Ltd', kra_pin: 'P051234567X', address: null, po_number: 'LPO-778' },
    });
    const seen = api((req) => {
      if (req.path.includes('status=6')) return answer(200, { data: [awaiting], total: 1 });
      if (req.path === '/v1/client/booking/3/payments')
        return answer(200, {
          booking_id: 3,
          reference: 'TK-INV0001',
          status: 6,
          currency: 'KES',
          total: 4666,
          amount_paid: 2333,
          amount_owed: 2333,
          due_at: awaiting.due_at,
          covered: false,
          payments: [],
        });
      return undefined;
    });
    const { user } = open();
    await screen.findByRole('list', { name: 'Bookings' });
    await user.click(screen.getByRole('button', { name: 'Awaiting payment' }));
    const list = await screen.findByRole('list', { name: 'Bookings awaiting payment' });
    expect(seen.some((r) => r.path.includes('kind=sales') && r.path.includes('status=6'))).toBe(true);
    const row = within(list).getByRole('listitem');
    expect(within(row).getByText('Awaiting payment')).toBeTruthy();
    expect(within(row).getByText('Overdue')).toBeTruthy();
    expect(within(row).getByTestId('owed-line').textContent).toMatch(/KES\s?2,333 owed \(KES\s?2,333 paid\) · was due/);
    expect(row.textContent).toContain('Acme Logistics Ltd · PIN P051234567X · PO LPO-778');
    await user.click(within(row).getByRole('button', { name: 'Record payment' }));
    expect(await screen.findByRole('dialog', { name: 'Record a payment for TK-INV0001' })).toBeTruthy();
  });

  it('shows the sales cards, the chart, and every booking with its state', async () => {
    api();
    open();
    expect(await screen.findByRole('heading', { name: 'Orders' })).toBeTruthy();
    expect(screen.getByText('Nyama Choma Festival')).toBeTruthy();
    const summary = screen.getByRole('region', { name: 'Sales summary' });
    expect(within(summary).getByText('USD 76.50')).toBeTruthy();
    expect(within(summary).getByText('1 / 3')).toBeTruthy();
    // The chart, loaded on demand (Recharts draws nothing in jsdom, which has no layout).
    expect(
      await screen.findByRole('img', { name: 'Tickets sold per day, 1 day with sales' }, { timeout: 5000 }),
    ).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Bookings' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Wanjirũ Kamau')).toBeTruthy();
    expect(within(rows[0]!).getByText(/\+254 712 345 678/)).toBeTruthy();
    expect(within(rows[0]!).getByRole('button', { name: 'Refund' })).toBeTruthy();
    expect(within(rows[1]!).getByText('Refund failed: Something went wrong on our end.')).toBeTruthy();
    expect(within(rows[1]!).getByRole('button', { name: 'Retry refund' })).toBeTruthy();
    expect(within(rows[1]!).queryByRole('button', { name: 'Refund' })).toBeNull();
  });

  it('shows a payment that took another amount than the booking’s total, and its refund', async () => {
    const refused = order({
      id: 4,
      status: 3,
      paid_at: null,
      amount: 93.3,
      refund_state: 'refunded',
      payment_mismatch: "Received USD 1.00, not this booking's total of USD 93.30.",
    });
    api((req) =>
      req.path.startsWith('/v1/client/event/7/orders') ? answer(200, { data: [refused], total: 1 }) : undefined,
    );
    open();
    const list = await screen.findByRole('list', { name: 'Bookings' });
    const row = within(list).getByRole('listitem');
    expect(
      within(row).getByText("Payment not accepted: Received USD 1.00, not this booking's total of USD 93.30."),
    ).toBeTruthy();
    expect(within(row).getByText('Money returned')).toBeTruthy();
    expect(within(row).queryByRole('button', { name: 'Refund' })).toBeNull();
  });

  it('names each attendee’s ticket as its PDF does: its booking reference and its place in it', async () => {
    const attendee = (id: number, ticket_number: number) =>
      attendeeRowFixture({ id, ticket_number, tickets_in_booking: 3 });
    api((req) =>
      req.path.startsWith('/v1/client/event/7/attendees')
        ? answer(200, { data: [attendee(901, 1), attendee(902, 2)], total: 2 })
        : undefined,
    );
    const { user } = open();
    await user.click(await screen.findByRole('tab', { name: 'Attendees' }));
    const list = await screen.findByRole('list', { name: 'Attendees' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows[1]!.textContent).toContain('Regular · TK-AAAAAAA · ticket 2 of 3');
    expect(list.textContent).not.toContain('902');
  });

  it('names an M-Pesa booking’s receipt, as the buyer’s message from M-Pesa does', async () => {
    const mpesa = order({
      id: 3,
      currency: 'KES',
      amount: 5000,
      payment_method: 'mpesa',
      receipt_number: 'TKA1B2C3D4',
    });
    api((req) =>
      req.path.startsWith('/v1/client/event/7/orders') ? answer(200, { data: [mpesa], total: 1 }) : undefined,
    );
    open();
    const list = await screen.findByRole('list', { name: 'Bookings' });
    const row = within(list).getByRole('listitem');
    expect(row.textContent).toMatch(/KES 5,000 · M-Pesa · receipt TKA1B2C3D4/);
  });

  it('lists the sales by default, and the holds never paid apart, each with its own CSV', async () => {
    const held = order({
      id: 4,
      reference: 'TK-CCCCCCC',
      status: 1,
      paid_at: null,
      hold_expires_at: new Date(Date.now() + 10 * 60_000).toISOString(),
    });
    const ended = order({ id: 5, reference: 'TK-DDDDDDD', status: 3, paid_at: null });
    const seen = api((req) => {
      if (!req.path.startsWith('/v1/client/event/7/orders?')) return undefined;
      const kind = new URL(req.path, 'http://x').searchParams.get('kind');
      return kind === 'holds' ? answer(200, { data: [held, ended], total: 2 }) : undefined;
    });
    const { user } = open();
    await screen.findByRole('list', { name: 'Bookings' });
    expect(seen.find((r) => r.path.startsWith('/v1/client/event/7/orders?'))!.path).toContain('kind=sales');
    expect(screen.getByRole('button', { name: 'Sales' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByText(/not paid/i)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Unpaid holds' }));
    const list = await screen.findByRole('list', { name: 'Unpaid holds' });
    const [live, over] = within(list).getAllByRole('listitem');
    expect(within(live!).getByText('Held, not paid yet')).toBeTruthy();
    expect(within(live!).getByText(/^held until \d\d:\d\d$/)).toBeTruthy();
    expect(within(over!).getByText('Not paid (hold ended)')).toBeTruthy();
    expect(within(list).queryByRole('button', { name: 'Refund' })).toBeNull();
    expect(screen.getByText(/· 2 unpaid holds$/)).toBeTruthy();

    const csv = vi.fn(() => new Response('x', { headers: { 'content-disposition': 'attachment; filename="o.csv"' } }));
    vi.stubGlobal('fetch', csv);
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(csv).toHaveBeenCalled());
    expect(String((csv.mock.calls[0] as unknown[])[0])).toBe('/v1/client/event/7/orders.csv?kind=holds');
  });

  it('searches as the organiser types', async () => {
    const seen = api();
    const { user } = open();
    await screen.findByRole('list', { name: 'Bookings' });
    await user.type(screen.getByLabelText('Search bookings'), 'otieno');
    await waitFor(() => expect(seen.some((r) => r.path.includes('/orders?q=otieno'))).toBe(true));
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Bookings' })).getAllByRole('listitem')).toHaveLength(1),
    );
    expect(screen.getByText('Otieno Ouma')).toBeTruthy();
    await user.clear(screen.getByLabelText('Search bookings'));
    await user.type(screen.getByLabelText('Search bookings'), 'nobody');
    expect(await screen.findByText('No booking matches')).toBeTruthy();
  });

  it('counts refunded bookings on the Refunds card, in progress and once the money went back', async () => {
    let refunded = false;
    let moneyBack = false;
    api((req) => {
      if (req.method === 'POST' && req.path === '/v1/client/booking/1/refund') {
        refunded = true;
        return answer(202, order({ id: 1, status: 5, refund_state: 'pending' }));
      }
      if (req.path === '/v1/client/event/7/sales' && refunded) {
        return answer(
          200,
          sales({
            bookings_paid: 1,
            bookings_refunded: 1,
            refunded: 51,
            net: 25.5,
            refunds_pending: moneyBack ? 0 : 1,
          }),
        );
      }
      return undefined;
    });
    const { user, queryClient } = open();
    const card = async () =>
      within(await screen.findByRole('region', { name: 'Sales summary' })).getByText('Refunds').parentElement!;
    expect((await card()).textContent).toContain('None');
    const list = await screen.findByRole('list', { name: 'Bookings' });
    await user.click(within(list).getAllByRole('button', { name: 'Refund' })[0]!);
    await user.click(await screen.findByRole('button', { name: 'Refund USD 51.00' }));
    await waitFor(async () => expect((await card()).textContent).toBe('Refunds11 in progress'));
    moneyBack = true;
    await queryClient.invalidateQueries();
    await waitFor(async () => expect((await card()).textContent).toBe('Refunds1USD 51.00 returned'));
  });

  it('refunds only after the confirmation, which says what happens', async () => {
    const seen = api((req) =>
      req.method === 'POST' && req.path === '/v1/client/booking/1/refund'
        ? answer(202, order({ id: 1, status: 5, refund_state: 'pending', refund_requested_at: '2026-11-25T10:00:00Z' }))
        : undefined,
    );
    const { user } = open();
    const list = await screen.findByRole('list', { name: 'Bookings' });
    await user.click(within(list).getAllByRole('button', { name: 'Refund' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Refund TK-AAAAAAA?' });
    expect(dialog.textContent).toContain('USD 51.00 goes back to Wanjirũ Kamau');
    expect(dialog.textContent).toContain('stop admitting at the door');
    // Keep booking: nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Keep booking' }));
    expect(seen.some((r) => r.method === 'POST')).toBe(false);

    await user.click(within(list).getAllByRole('button', { name: 'Refund' })[0]!);
    await user.click(await screen.findByRole('button', { name: 'Refund USD 51.00' }));
    await findBanner('Booking TK-AAAAAAA refunded: USD 51.00 is on its way back to Wanjirũ Kamau');
    expect(seen.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual(['/v1/client/booking/1/refund']);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('cancels the event only after a confirmation that says every paid booking will be refunded', async () => {
    const seen = api((req) =>
      req.method === 'POST' && req.path === '/v1/client/event/7/cancel'
        ? answer(202, { event_id: 7, cancelled_at: '2026-11-25T10:00:00.000Z', bookings_to_refund: 2 })
        : undefined,
    );
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Cancel event' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel Nyama Choma Festival?' });
    expect(dialog.textContent).toContain('Every paid booking will be refunded');
    await user.type(within(dialog).getByLabelText('Message to buyers (optional)'), 'The venue flooded');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel event and refund everyone' }));
    await findBanner('Nyama Choma Festival is cancelled. 2 paid bookings are being refunded.');
    const post = seen.find((r) => r.method === 'POST')!;
    expect(post.body).toEqual({ reason: 'The venue flooded' });
  });

  it('shows an error with a retry when the summary cannot load, and a clear message for a foreign event', async () => {
    api((req) => (req.path === '/v1/client/event/7/sales' ? answer(500, null) : undefined));
    open();
    expect(await screen.findByText("We couldn't load this")).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('says when the event is not the organisation’s', async () => {
    api((req) =>
      req.path === '/v1/client/event/7/sales' ? answer(404, null, { description: 'Event not found' }) : undefined,
    );
    open();
    expect(await screen.findByText('This event does not exist, or it belongs to another organisation.')).toBeTruthy();
  });

  it('shows an empty state when nobody has booked yet', async () => {
    api((req) =>
      req.path.startsWith('/v1/client/event/7/orders')
        ? answer(200, { data: [], total: 0 })
        : req.path === '/v1/client/event/7/sales'
          ? answer(200, sales({ over_time: [], tickets_sold: 0 }))
          : undefined,
    );
    open();
    expect(await screen.findByText('No sales yet')).toBeTruthy();
    expect(screen.getByText(/No tickets sold yet/)).toBeTruthy();
  });
});

describe('the attendees’ delegates (docs/product.md#delegates-and-questions)', () => {
  const dietary = questionFixture({ id: 31, label: 'Dietary needs', required: false, ticket_type_ids: [21] });
  const amina = attendeeRowFixture({
    id: 902,
    holder_name: 'Amina Njeri',
    email_address: 'amina@example.co.ke',
    delegate_email: 'amina@example.co.ke',
    msisdn: '+254711000222',
    company: 'Safaricom PLC',
    job_title: 'CFO',
    changed: true,
    answers: [{ question_id: 31, label: 'Dietary needs', text: 'Vegetarian' }],
    ticket_number: 2,
    tickets_in_booking: 3,
  });
  const toBeNamed = attendeeRowFixture({
    id: 903,
    named: false,
    delegate_email: null,
    ticket_number: 3,
    tickets_in_booking: 3,
  });

  /** The fake server's attendees per `names` filter, the questions, a rename and a ticket's history. */
  const delegatesApi = (extra: (req: SeenRequest) => ReturnType<typeof answer> | undefined = () => undefined) =>
    api((req) => {
      const own = extra(req);
      if (own) return own;
      if (req.path.startsWith('/v1/client/event/7/attendees')) {
        const names = new URL(req.path, 'http://x').searchParams.get('names');
        const data = names === 'to_be_named' ? [toBeNamed] : names === 'changed' ? [amina] : [amina, toBeNamed];
        return answer(200, { data, total: data.length });
      }
      if (req.path === '/v1/client/event/7/questions') return answer(200, [dietary]);
      return undefined;
    });

  async function openAttendees() {
    const view = open();
    await view.user.click(await screen.findByRole('tab', { name: 'Attendees' }));
    return { ...view, list: await screen.findByRole('list', { name: 'Attendees' }) };
  }

  it('shows each delegate’s name, company, job title, email and phone; marks those to be named and changed; opens the answers', async () => {
    delegatesApi();
    const { user, list } = await openAttendees();
    const [first, second] = within(list).getAllByRole('listitem');
    const a = within(first!);
    expect(a.getByText('Amina Njeri')).toBeTruthy();
    expect(a.getByText('Safaricom PLC · CFO')).toBeTruthy();
    expect(first!.textContent).toContain('amina@example.co.ke · +254 711 000 222');
    expect(a.getByText('Changed')).toBeTruthy();
    expect(a.getByText('Dietary needs', { selector: 'dt' }).closest('[hidden]')).not.toBeNull();
    await user.click(a.getByRole('button', { name: 'Answers (1)' }));
    expect(a.getByText('Dietary needs', { selector: 'dt' }).closest('[hidden]')).toBeNull();
    expect(a.getByText('Vegetarian')).toBeTruthy();
    const b = within(second!);
    expect(b.getByText('To be named')).toBeTruthy();
    expect(b.getByText('In the buyer’s name meanwhile: Wanjirũ Kamau')).toBeTruthy();
    expect(b.queryByRole('button', { name: /History/ })).toBeNull();
  });

  it('filters the tickets still to be named, and those whose delegate changed', async () => {
    const seen = delegatesApi();
    const { user } = await openAttendees();
    await user.click(screen.getByRole('button', { name: 'To be named' }));
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Attendees' })).getAllByRole('listitem')).toHaveLength(1),
    );
    expect(seen.some((r) => r.path.includes('/attendees?') && r.path.includes('names=to_be_named'))).toBe(true);
    expect(screen.getByRole('button', { name: 'To be named' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Changed' }));
    await waitFor(() => expect(screen.getByRole('list', { name: 'Attendees' }).textContent).toContain('Amina Njeri'));
    expect(seen.some((r) => r.path.includes('names=changed'))).toBe(true);
  });

  it('renames a delegate (no lock for the organiser), starting from their details, and says so', async () => {
    const seen = delegatesApi((req) =>
      req.method === 'PUT' && req.path === '/v1/client/ticket/902/attendee'
        ? answer(200, { ...amina, id: 904, holder_name: 'Brian Kiprop' }, { description: 'Delegate renamed' })
        : undefined,
    );
    const { user, list } = await openAttendees();
    await user.click(within(list).getByRole('button', { name: 'Rename the delegate of TK-AAAAAAA, ticket 2' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Rename Amina Njeri' }));
    expect((dialog.getByLabelText(/Delegate’s email/) as HTMLInputElement).value).toBe('amina@example.co.ke');
    expect((dialog.getByLabelText('Dietary needs (optional)') as HTMLInputElement).value).toBe('Vegetarian');
    const name = dialog.getByLabelText('Delegate’s full name');
    await user.clear(name);
    await user.type(name, 'Brian Kiprop');
    await user.click(dialog.getByRole('button', { name: 'Save delegate' }));
    await findBanner('TK-AAAAAAA, ticket 2 is now Brian Kiprop’s.');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(seen.find((r) => r.method === 'PUT')!.body).toEqual({
      full_name: 'Brian Kiprop',
      email: 'amina@example.co.ke',
      company: 'Safaricom PLC',
      job_title: 'CFO',
      answers: [{ question_id: 31, value: 'Vegetarian' }],
    });
    // The list is asked again after the change.
    await waitFor(() => expect(seen.filter((r) => r.path.startsWith('/v1/client/event/7/attendees')).length).toBe(2));
  });

  it('names a ticket still to be named from an empty form (not the buyer’s details)', async () => {
    delegatesApi();
    const { user, list } = await openAttendees();
    await user.click(within(list).getByRole('button', { name: 'Name the delegate of TK-AAAAAAA, ticket 3' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Name the delegate' }));
    expect((dialog.getByLabelText('Delegate’s full name') as HTMLInputElement).value).toBe('');
    expect((dialog.getByLabelText(/Delegate’s email/) as HTMLInputElement).value).toBe('');
  });

  it('shows a ticket’s history: when, who, old and new name, re-issued', async () => {
    delegatesApi((req) =>
      req.path === '/v1/client/ticket/902/attendee/changes'
        ? answer(200, [
            {
              at: '2026-11-21T07:30:00.000Z',
              by: 'buyer',
              by_name: 'Wanjirũ Kamau',
              from: { full_name: 'Wanjirũ Kamau', email: null },
              to: { full_name: 'Amina Njeri', email: 'amina@example.co.ke' },
              reissued: true,
            },
          ])
        : undefined,
    );
    const { user, list } = await openAttendees();
    await user.click(within(list).getByRole('button', { name: 'History of TK-AAAAAAA, ticket 2' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'History of Amina Njeri’s ticket' }));
    const change = within(await dialog.findByRole('listitem'));
    expect(change.getByText('Sat, 21 Nov 2026, 10:30')).toBeTruthy();
    expect(change.getByText(/by Wanjirũ Kamau \(the buyer\)/)).toBeTruthy();
    expect(change.getByText('Wanjirũ Kamau')).toBeTruthy();
    expect(change.getByText('Amina Njeri')).toBeTruthy();
    expect(change.getByText('Re-issued: the old code no longer admits')).toBeTruthy();
  });

  it('shows a booking’s answers to the order questions', async () => {
    api((req) =>
      req.path.startsWith('/v1/client/event/7/orders')
        ? answer(200, {
            data: [order({ answers: [{ question_id: 33, label: 'Invoice to', text: 'Kamau Holdings' }] })],
            total: 1,
          })
        : undefined,
    );
    const { user } = open();
    const row = within(within(await screen.findByRole('list', { name: 'Bookings' })).getByRole('listitem'));
    await user.click(row.getByRole('button', { name: 'Answers (1)' }));
    expect(row.getByText('Invoice to')).toBeTruthy();
    expect(row.getByText('Kamau Holdings')).toBeTruthy();
  });
});

describe('when the attendees’ personal data goes (docs/security.md#retention)', () => {
  const attendeesTab = async () => {
    const view = open();
    await view.user.click(await screen.findByRole('tab', { name: 'Attendees' }));
    return view;
  };
  const ownEvent = (removedAt: string | null) =>
    answer(200, {
      ...eventFixture({ id: 7 }),
      removes_personal_data_on: '2028-12-06T14:00:00.000Z',
      personal_data_removed_at: removedAt,
    });

  it('says the day it will be removed', async () => {
    api((req) => (req.path === '/v1/client/event/7' ? ownEvent(null) : undefined));
    await attendeesTab();
    expect(await screen.findByText(/will be removed on .*2028/)).toBeTruthy();
  });

  it('says when it was removed', async () => {
    api((req) => (req.path === '/v1/client/event/7' ? ownEvent('2028-12-07T01:00:00.000Z') : undefined));
    await attendeesTab();
    expect(await screen.findByText(/were removed on .*2028/)).toBeTruthy();
  });

  it('says so when the date could not be loaded', async () => {
    api((req) => (req.path === '/v1/client/event/7' ? answer(500, null) : undefined));
    await attendeesTab();
    expect(await screen.findByText(/When this event’s attendee data is removed could not be loaded/)).toBeTruthy();
  });
});
