import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { DelegateTicket } from '@tikiti/contract';
import { answer, mockFetch } from '../../../test-support/fetch';
import { attendeeFixture, eTicketItemFixture } from '../../../test-support/fixtures';
import { renderPage } from '../../../test-support/render';
import { useSession } from '../../accounts';
import DelegateTicketPage from './delegate-ticket-page';

/** A delegate's own ticket from the signed link in their mail (docs/product.md#delegates-and-questions). */
const open = (at = '/ticket/504?sig=1773302400000.abc') =>
  renderPage(<DelegateTicketPage />, { path: '/ticket/:ticketId', at });

const delegateTicket: DelegateTicket = {
  event_id: 7,
  slug: 'east-africa-fintech-summit',
  title: 'East Africa Fintech Summit',
  start_time: '2026-03-12T06:00:00.000Z',
  end_time: '2026-03-12T14:00:00.000Z',
  location: 'KICC, Nairobi',
  short_description: 'Payments, lending and regulation.',
  image_card: null,
  ended: false,
  ticket: eTicketItemFixture({
    id: 504,
    reference: 'TK-7Q2M9X-2',
    holder_name: 'Amina Njeri',
    attendee: attendeeFixture({ full_name: 'Amina Njeri', company: 'Safaricom PLC' }),
  }),
  link: '/v1/tickets/504/ticket.pdf?sig=1773302400000.abc',
  calendar_link: '/v1/booking/TK-7Q2M9X/event.ics?sig=1773302400000.abc',
};

describe('a delegate’s own ticket page', () => {
  it('shows the event and the one ticket: name, company, QR (tap to enlarge), reference, PDF and calendar, without anyone’s session', async () => {
    // Whoever is signed in on this device, the link alone opens the ticket.
    useSession.getState().signIn('tok', 'user', { fn: 'Wanjiku', ln: 'Kamau' });
    const seen = mockFetch(() => answer(200, delegateTicket));
    const { user } = open();
    const article = within(await screen.findByRole('article', { name: 'East Africa Fintech Summit' }));
    expect(seen).toHaveLength(1);
    expect(seen[0]!.path).toBe('/v1/tickets/delegate/504?sig=1773302400000.abc');
    expect(seen[0]!.headers.Auth).toBeUndefined();
    expect(article.getByText('Thu, 12 Mar 2026 · 09:00–17:00 EAT')).toBeTruthy();
    expect(article.getByText('Amina Njeri')).toBeTruthy();
    expect(article.getByText('Safaricom PLC')).toBeTruthy();
    expect(article.getByTitle("This ticket's reference").textContent).toBe('TK-7Q2M9X-2');
    expect(article.getByRole('link', { name: 'Download PDF' }).getAttribute('href')).toBe(delegateTicket.link);
    expect(article.getByRole('link', { name: 'Add to calendar' }).getAttribute('href')).toBe(
      delegateTicket.calendar_link,
    );
    // Nothing of the rest of the booking.
    expect(screen.queryByText(/Ticket \d of \d/)).toBeNull();
    expect(screen.queryByText('Wanjiku Kamau')).toBeNull();

    await user.click(article.getByRole('button', { name: 'Enlarge the QR code of your ticket: Delegate' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delegate' }));
    expect(dialog.getByTestId('enlarged-qr').getAttribute('src')).toBe('/v1/tickets/qr/504.png?sig=1773302400000.abc');
    expect(dialog.getByText('Amina Njeri')).toBeTruthy();
    expect(document.title).toBe('Your ticket · East Africa Fintech Summit · Tikiti');
  });

  it('says a link that opens nothing is no longer valid (the ticket may have been re-issued) and what to do', async () => {
    mockFetch(() => answer(404, null, { description: 'No such ticket' }));
    open();
    expect(await screen.findByRole('heading', { name: 'This ticket link is no longer valid' })).toBeTruthy();
    expect(screen.getByText(/may have been re-issued/)).toBeTruthy();
    expect(screen.getByText(/ask the person who booked your place to send it again/)).toBeTruthy();
  });

  it('asks nothing of a link without its signature', async () => {
    const seen = mockFetch(() => answer(200, delegateTicket));
    open('/ticket/504');
    expect(await screen.findByRole('heading', { name: 'This ticket link is no longer valid' })).toBeTruthy();
    expect(seen).toEqual([]);
  });

  it('says a refunded ticket no longer admits, with no code to show', async () => {
    mockFetch(() => answer(200, { ...delegateTicket, ticket: { ...delegateTicket.ticket, revoked: true } }));
    open();
    expect(await screen.findByText(/This ticket no longer admits anyone/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Enlarge/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Download PDF' })).toBeNull();
  });
});
