import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { answer, mockFetch } from '../../../test-support/fetch';
import { eTicketFixture, eTicketItemFixture } from '../../../test-support/fixtures';
import { renderPage } from '../../../test-support/render';
import { useSession } from '../../accounts';
import MyTicketsPage from './my-tickets-page';

const open = () => renderPage(<MyTicketsPage />, { path: '/account/tickets' });

/** The image inside an element (the QR buttons hold one each). */
const imgOf = (el: HTMLElement) => el.querySelector('img')?.getAttribute('src');

const pastBooking = eTicketFixture({
  event_id: 9,
  slug: 'nairobi-hr-forum',
  title: 'Nairobi HR Forum',
  start_time: '2025-11-20T06:00:00.000Z',
  end_time: '2025-11-20T10:00:00.000Z',
  ended: true,
  code_link: '/v1/tickets/qr/TK-PAST234.png?sig=1',
  link: '/v1/booking/TK-PAST234/tickets.pdf?sig=1',
  booking: {
    payment_method: 'card',
    booking_id: 'TK-PAST234',
    currency: 'USD',
    price: 40,
    receipt_number: null,
    invoice_url: null,
    proforma_url: null,
    tickets: [
      {
        name: 'Group of 4',
        no_of_persons: 4,
        price_per_ticket: 40,
        quantity: 1,
        list_price: 40,
        discount: 0,
        applied: null,
      },
    ],
  },
  tickets: [eTicketItemFixture({ id: 601, ticket_type: 'Group of 4', admits: 4 })],
});

beforeEach(() => {
  useSession.getState().signIn('tok', 'user', { fn: 'Wanjiku', ln: 'Kamau' });
});

describe('the E-tickets page (docs/product.md#e-tickets-and-signed-codes)', () => {
  it('shows each booking: event, name, booking id, payment, the booking QR and each ticket’s QR, files and order', async () => {
    const seen = mockFetch(() => answer(200, [eTicketFixture()]));
    open();
    const card = await screen.findByRole('article', { name: 'East Africa Fintech Summit' });
    expect(seen).toEqual([
      expect.objectContaining({
        method: 'GET',
        path: '/v1/tickets/view',
        headers: expect.objectContaining({ Auth: 'tok' }),
      }),
    ]);
    expect(screen.getByRole('heading', { level: 1, name: 'E-tickets' })).toBeTruthy();
    expect(document.title).toBe('E-tickets · Tikiti');

    const c = within(card);
    expect(c.getByText('Thu, 12 Mar 2026 · 09:00–17:00 EAT')).toBeTruthy();
    expect(c.getByText('KICC, Nairobi')).toBeTruthy();
    expect(c.getByText('Payments, lending and regulation.')).toBeTruthy();
    expect(c.getByRole('link', { name: 'East Africa Fintech Summit' }).getAttribute('href')).toBe(
      '/details/7/east-africa-fintech-summit',
    );
    const detail = (term: string) => c.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(detail('Name')).toBe('Wanjiku Kamau');
    expect(detail('Booking ID')).toBe('TK-7Q2M9X');
    expect(detail('Payment method')).toBe('Card');

    // The booking's own code, and each ticket's.
    expect(imgOf(c.getByRole('button', { name: 'Enlarge the booking QR code of TK-7Q2M9X' }))).toBe(
      '/v1/tickets/qr/TK-7Q2M9X.png?sig=1773302400000.abc',
    );
    expect(c.getByText(/Admits everyone on this booking \(3 people\)/)).toBeTruthy();
    const tickets = within(c.getByRole('region', { name: 'Tickets of TK-7Q2M9X' }));
    expect(tickets.getAllByRole('listitem')).toHaveLength(3);
    expect(imgOf(tickets.getByRole('button', { name: 'Enlarge the QR code of Ticket 1 of 3: Delegate' }))).toBe(
      '/v1/tickets/qr/501.png?sig=1773302400000.abc',
    );
    expect(imgOf(tickets.getByRole('button', { name: 'Enlarge the QR code of Ticket 3 of 3: VIP' }))).toBe(
      '/v1/tickets/qr/503.png?sig=1773302400000.abc',
    );
    // The references a door can type when a code will not scan: each ticket's, and the booking's under its code.
    expect(tickets.getAllByTitle("This ticket's reference").map((p) => p.textContent)).toEqual([
      'TK-7Q2M9X-1',
      'TK-7Q2M9X-2',
      'TK-7Q2M9X-3',
    ]);
    expect(c.getByText(/If a code will not scan, the door can type its reference/)).toBeTruthy();

    const download = c.getByRole('link', { name: 'Download' });
    expect(download.getAttribute('href')).toBe('/v1/booking/TK-7Q2M9X/tickets.pdf?sig=1773302400000.abc');
    expect(download.getAttribute('download')).toBe('tikiti-TK-7Q2M9X.pdf');
    const calendar = c.getByRole('link', { name: 'Add to calendar' });
    expect(calendar.getAttribute('download')).toBe('tikiti-TK-7Q2M9X.ics');
    const ics = decodeURIComponent(calendar.getAttribute('href')!.split(',')[1]!);
    expect(ics.split('\r\n')).toEqual(
      expect.arrayContaining([
        'UID:TK-7Q2M9X@tikiti.co.ke',
        'DTSTART:20260312T060000Z',
        'DTEND:20260312T140000Z',
        'SUMMARY:East Africa Fintech Summit',
        'LOCATION:KICC\\, Nairobi',
      ]),
    );

    const rows = c.getAllByRole('row').map((r) => [...r.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Tickets', 'Admits', 'Amount'],
      ['2 × Delegate', '2', 'USD 39.98'],
      ['1 × VIP', '1', 'USD 33.33'],
      ['Total', '3', 'USD 73.31'],
    ]);
    expect(screen.queryByRole('heading', { name: 'Past events' })).toBeNull();
  });

  it('enlarges a ticket’s QR code full screen with its holder, type and admits; Escape and Close end it', async () => {
    mockFetch(() => answer(200, [eTicketFixture()]));
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Enlarge the QR code of Ticket 3 of 3: VIP' }));
    // The dialog's code loads on demand: slow on a busy machine.
    const dialog = await screen.findByRole('dialog', { name: 'VIP' }, { timeout: 5000 });
    const d = within(dialog);
    expect(d.getByRole('img', { name: 'QR code: VIP' }).getAttribute('src')).toBe(
      '/v1/tickets/qr/503.png?sig=1773302400000.abc',
    );
    expect(d.getByText('Wanjiku Kamau')).toBeTruthy();
    expect(d.getByText('Admits 1 · Ticket 3 of 3')).toBeTruthy();
    expect(d.getByText('Reference TK-7Q2M9X-3')).toBeTruthy();
    expect(d.getByText('East Africa Fintech Summit · TK-7Q2M9X')).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // The booking's own code enlarges too, and the Close button ends it.
    await user.click(screen.getByRole('button', { name: 'Enlarge the booking QR code of TK-7Q2M9X' }));
    const whole = await screen.findByRole('dialog', { name: 'Whole booking' });
    expect(within(whole).getByText('Admits 3 people')).toBeTruthy();
    await user.click(within(whole).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('keeps past events apart, below and quieter, without codes to scan', async () => {
    mockFetch(() => answer(200, [eTicketFixture(), pastBooking]));
    open();
    const past = await screen.findByRole('region', { name: 'Past events' });
    const upcoming = screen.getByRole('region', { name: 'Upcoming events' });
    expect(within(past).getByRole('article', { name: 'Nairobi HR Forum' })).toBeTruthy();
    expect(within(past).queryByRole('article', { name: 'East Africa Fintech Summit' })).toBeNull();
    expect(within(upcoming).queryByRole('article', { name: 'Nairobi HR Forum' })).toBeNull();
    // Upcoming first.
    expect(upcoming.compareDocumentPosition(past) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const card = within(past).getByRole('article', { name: 'Nairobi HR Forum' });
    expect(within(card).getByText('Ended')).toBeTruthy();
    expect(within(card).queryAllByRole('button', { name: /Enlarge/ })).toEqual([]);
    expect(within(card).queryByRole('link', { name: 'Add to calendar' })).toBeNull();
    expect(within(card).getByRole('link', { name: 'Download' }).getAttribute('href')).toBe(
      '/v1/booking/TK-PAST234/tickets.pdf?sig=1',
    );
    expect(within(card).getByText('Group of 4')).toBeTruthy();
  });

  it('with only past events, says there is nothing upcoming and offers the events', async () => {
    mockFetch(() => answer(200, [pastBooking]));
    open();
    await screen.findByRole('region', { name: 'Past events' });
    expect(screen.getByRole('heading', { name: 'No upcoming events' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse Events' }).getAttribute('href')).toBe('/all-events');
  });

  it('marks revoked tickets and never offers them for scanning', async () => {
    const partly = eTicketFixture({
      tickets: [eTicketItemFixture({ id: 501 }), eTicketItemFixture({ id: 502, revoked: true })],
    });
    const refunded = eTicketFixture({
      event_id: 8,
      title: 'Cyber Security Summit',
      booking: { ...partly.booking, booking_id: 'TK-REFUND2' },
      tickets: [eTicketItemFixture({ id: 701, revoked: true })],
    });
    mockFetch(() => answer(200, [partly, refunded]));
    open();
    const first = within(await screen.findByRole('article', { name: 'East Africa Fintech Summit' }));
    const rows = within(first.getByRole('region', { name: 'Tickets of TK-7Q2M9X' })).getAllByRole('listitem');
    expect(within(rows[0]!).getByRole('button', { name: /Enlarge the QR code of Ticket 1 of 2/ })).toBeTruthy();
    expect(within(rows[1]!).getByText('Revoked: not valid for entry')).toBeTruthy();
    expect(within(rows[1]!).queryByRole('button')).toBeNull();
    // A revoked ticket offers no reference to type at the door.
    expect(within(rows[1]!).queryByTitle("This ticket's reference")).toBeNull();
    expect(rows[1]!.querySelector('img')).toBeNull();
    expect(first.getByText(/Admits everyone on this booking \(1 person\)/)).toBeTruthy();

    const second = within(screen.getByRole('article', { name: 'Cyber Security Summit' }));
    expect(second.getByText(/These tickets were revoked/)).toBeTruthy();
    expect(second.getByText('Revoked: not valid for entry')).toBeTruthy();
    expect(second.queryAllByRole('button', { name: /Enlarge/ })).toEqual([]);
    expect(second.queryByRole('link', { name: 'Add to calendar' })).toBeNull();
    // Nothing of a revoked booking is offered as if it still admitted.
    expect(second.queryByRole('link', { name: 'Download' })).toBeNull();
    expect(second.queryByRole('button', { name: 'Email my tickets' })).toBeNull();
    // A booking with some tickets still valid keeps them.
    expect(first.getByRole('link', { name: 'Download' })).toBeTruthy();
    expect(first.getByRole('button', { name: 'Email my tickets' })).toBeTruthy();
  });

  it('offers the tax invoice of a paid booking, and shows one awaiting payment with its state, due date and proforma, without tickets', async () => {
    const paid = eTicketFixture({
      booking: { ...eTicketFixture().booking, invoice_url: '/v1/booking/TK-7Q2M9X/invoice.pdf?sig=1' },
    });
    const awaiting = eTicketFixture({
      event_id: 8,
      title: 'Cyber Security Summit',
      booking: {
        ...eTicketFixture().booking,
        booking_id: 'TK-INV0001',
        payment_method: 'invoice',
        currency: 'KES',
        price: 2333,
        proforma_url: '/v1/booking/TK-INV0001/proforma.pdf?sig=1',
        due_at: '2026-03-05T09:00:00.000Z',
      },
      tickets: [],
    });
    mockFetch(() => answer(200, [paid, awaiting]));
    open();
    const first = within(await screen.findByRole('article', { name: 'East Africa Fintech Summit' }));
    expect(first.getByRole('link', { name: /Tax invoice \(PDF\)/ }).getAttribute('href')).toBe(
      '/v1/booking/TK-7Q2M9X/invoice.pdf?sig=1',
    );
    const second = within(screen.getByRole('article', { name: 'Cyber Security Summit' }));
    expect(second.getByText('Awaiting payment')).toBeTruthy();
    expect(second.getByText(/Awaiting payment of KES\s?2,333 by/).textContent).toContain('Thu, 5 Mar 2026');
    expect(second.getByRole('link', { name: /Proforma invoice \(PDF\)/ }).getAttribute('href')).toBe(
      '/v1/booking/TK-INV0001/proforma.pdf?sig=1',
    );
    expect(second.queryByRole('link', { name: 'Download' })).toBeNull();
    expect(second.queryByRole('button', { name: 'Email my tickets' })).toBeNull();
    expect(second.queryAllByRole('button', { name: /Enlarge/ })).toEqual([]);
  });

  it('says "No tickets yet" and offers Browse Events when there are none', async () => {
    mockFetch(() => answer(200, []));
    open();
    await screen.findByRole('heading', { name: 'No tickets yet' });
    expect(screen.getByRole('link', { name: 'Browse Events' }).getAttribute('href')).toBe('/all-events');
  });

  it('shows progress while loading, and a retry when the load fails', async () => {
    let fail = true;
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    mockFetch(async () => {
      await gate;
      return fail
        ? answer(503, null, { description: 'Tikiti is briefly unavailable' })
        : answer(200, [eTicketFixture()]);
    });
    const { user } = open();
    expect(screen.getByRole('status', { name: 'Loading your tickets' })).toBeTruthy();
    release();
    await screen.findByText('Tikiti is briefly unavailable');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('article', { name: 'East Africa Fintech Summit' });
  });

  it('sends "Email my tickets" once, shows it is busy, then the server’s message', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const seen = mockFetch(async (req) => {
      if (req.path === '/v1/tickets/email') {
        await gate;
        return answer(200, null, { description: 'We sent your tickets to wanjiku@example.co.ke' });
      }
      return answer(200, [eTicketFixture()]);
    });
    const { user } = open();
    const card = within(await screen.findByRole('article', { name: 'East Africa Fintech Summit' }));
    const button = card.getByRole('button', { name: 'Email my tickets' });
    await user.dblClick(button);
    await user.click(button);
    expect(button.textContent).toBe('Sending...');
    expect((button as HTMLButtonElement).disabled).toBe(true);
    release();
    await card.findByText('We sent your tickets to wanjiku@example.co.ke');
    const mails = seen.filter((r) => r.path === '/v1/tickets/email');
    expect(mails).toEqual([
      expect.objectContaining({
        method: 'POST',
        body: { reference: 'TK-7Q2M9X' },
        headers: expect.objectContaining({ Auth: 'tok' }),
      }),
    ]);
  });

  it('says so when the mail was asked for too often', async () => {
    mockFetch((req) =>
      req.path === '/v1/tickets/email'
        ? answer(429, null, { description: 'We just sent these tickets. Please wait a few minutes.' })
        : answer(200, [eTicketFixture()]),
    );
    const { user } = open();
    const card = within(await screen.findByRole('article', { name: 'East Africa Fintech Summit' }));
    await user.click(card.getByRole('button', { name: 'Email my tickets' }));
    expect((await card.findByRole('alert')).textContent).toBe('We just sent these tickets. Please wait a few minutes.');
    expect(useSession.getState().token).toBe('tok');
  });

  it('works the same for a guest’s checkout key, kept apart from a sign-in', async () => {
    useSession.setState({ token: null, accountType: null, userName: null });
    useSession.getState().keepCheckoutKey('ck1.TK-7Q2M9X.key');
    const seen = mockFetch(() => answer(200, [eTicketFixture()]));
    open();
    await screen.findByRole('article', { name: 'East Africa Fintech Summit' });
    expect(seen[0]!.headers.Auth).toBe('ck1.TK-7Q2M9X.key');
  });

  it('tells a guest what they see, and forgets the checkout key on this device when asked', async () => {
    useSession.setState({ token: null, accountType: null, userName: null });
    useSession.getState().keepCheckoutKey('ck1.TK-7Q2M9X.key');
    const seen = mockFetch((req) =>
      req.path === '/v1/auth/logout'
        ? answer(200, null, { description: 'Signed out' })
        : answer(200, [eTicketFixture()]),
    );
    const { user } = open();
    await screen.findByRole('article', { name: 'East Africa Fintech Summit' });
    expect(screen.getByText(/these are the tickets bought as a guest on this device/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
    await user.click(screen.getByRole('button', { name: 'Forget these tickets on this device' }));
    expect((await screen.findByTestId('landed')).textContent).toBe('/');
    await waitFor(() => expect(useSession.getState().checkoutKey).toBeNull());
    const logout = seen.find((r) => r.path === '/v1/auth/logout')!;
    expect(logout.headers.Auth).toBe('ck1.TK-7Q2M9X.key');
  });

  it('says nothing of guests to a signed-in buyer', async () => {
    mockFetch(() => answer(200, [eTicketFixture()]));
    open();
    await screen.findByRole('article', { name: 'East Africa Fintech Summit' });
    expect(screen.queryByRole('button', { name: 'Forget these tickets on this device' })).toBeNull();
  });

  it("shows a ticket's certificate of attendance once issued: its PDF and its check page", async () => {
    const certified = {
      ...pastBooking,
      tickets: [
        eTicketItemFixture({
          id: 601,
          ticket_type: 'Group of 4',
          admits: 4,
          certificate: {
            id: 70,
            number: 'CPD-9-0001',
            pdf_url: '/v1/certificates/TC1.a.b/certificate.pdf',
            verify_url: 'https://tikiti.example/verify/TC1.a.b',
          },
        }),
        eTicketItemFixture({ id: 602, ticket_type: 'Group of 4', admits: 4 }),
      ],
    };
    mockFetch(() => answer(200, [certified]));
    open();
    const card = within(await screen.findByRole('article', { name: 'Nairobi HR Forum' }));
    expect(card.getByRole('link', { name: 'Certificate CPD-9-0001' }).getAttribute('href')).toBe(
      '/v1/certificates/TC1.a.b/certificate.pdf',
    );
    expect(card.getByRole('link', { name: 'Check it (CPD-9-0001)' }).getAttribute('href')).toBe(
      'https://tikiti.example/verify/TC1.a.b',
    );
    expect(card.getAllByRole('link', { name: /^Certificate/ })).toHaveLength(1);
  });
});
