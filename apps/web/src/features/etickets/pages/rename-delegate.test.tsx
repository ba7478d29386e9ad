import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { ETicketItem } from '@tikiti/contract';
import { answer, mockFetch, type SeenRequest } from '../../../test-support/fetch';
import { attendeeFixture, eTicketFixture, eTicketItemFixture, questionFixture } from '../../../test-support/fixtures';
import { renderPage } from '../../../test-support/render';
import { useSession } from '../../accounts';
import MyTicketsPage from './my-tickets-page';

/**
 * Naming and changing delegates on the E-tickets page (docs/product.md#delegates-and-questions):
 * until the event's lock (the fixture's: 11 March 2026, 09:00 Nairobi), with the attendee
 * questions of the ticket's type; a change re-issues the ticket, whose new code shows.
 */
const open = () => renderPage(<MyTicketsPage />, { path: '/account/tickets' });

const dietary = questionFixture({ id: 31, label: 'Dietary needs', required: true, ticket_type_ids: [11] });
const consent = questionFixture({
  id: 32,
  kind: 'checkbox',
  label: 'Share my details with sponsors',
  required: false,
});

const unnamed = eTicketItemFixture({ id: 502, attendee: attendeeFixture({ named: false }) });
const amina = eTicketItemFixture({
  id: 502,
  holder_name: 'Amina Njeri',
  attendee: attendeeFixture({
    full_name: 'Amina Njeri',
    email: 'amina@example.co.ke',
    company: 'Safaricom PLC',
    job_title: 'CFO',
    answers: [
      { question_id: 31, label: 'Dietary needs', text: 'Vegetarian' },
      { question_id: 32, label: 'Share my details with sponsors', text: 'Yes' },
    ],
  }),
});

/** The booking with its second ticket as given, and the server: the tickets, and what a rename answers. */
function server(second: ETicketItem, rename: (req: SeenRequest) => ReturnType<typeof answer>) {
  let tickets = [
    eTicketItemFixture({ id: 501 }),
    second,
    eTicketItemFixture({ id: 503, ticket_type: 'VIP', ticket_type_id: 12 }),
  ];
  return mockFetch((req) => {
    if (req.method === 'PUT' && req.path === `/v1/tickets/${second.id}/attendee`) {
      const a = rename(req);
      if ((a.status ?? 200) < 400) tickets = tickets.map((t) => (t.id === second.id ? (a.data as ETicketItem) : t));
      return a;
    }
    if (req.path === '/v1/tickets/view')
      return answer(200, [eTicketFixture({ tickets, questions: [dietary, consent] })]);
    return answer(404, null);
  });
}

/** Before the lock: 1 March 2026. */
const beforeLock = () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-01T08:00:00.000Z'));
};

const ticketsOf = async () => within(await screen.findByRole('region', { name: 'Tickets of TK-7Q2M9X' }));

beforeEach(() => {
  useSession.getState().signIn('tok', 'user', { fn: 'Wanjiku', ln: 'Kamau' });
});

describe('naming a delegate on the E-tickets page', () => {
  it('names a ticket “to be named” until the lock, with its questions, and shows its new code', async () => {
    beforeLock();
    const seen = server(unnamed, (req) =>
      answer(
        200,
        eTicketItemFixture({
          id: 504,
          holder_name: 'Otieno Ouma',
          attendee: attendeeFixture({ full_name: 'Otieno Ouma', email: 'otieno@example.co.ke' }),
        }),
        { description: `Ticket re-issued ${String((req.body as { full_name: string }).full_name)}` },
      ),
    );
    const { user } = open();
    const tickets = await ticketsOf();
    expect(screen.getByTestId('changes-until').textContent).toMatch(/until Wed, 11 Mar 2026 at 09:00/);
    expect(tickets.getByText('To be named')).toBeTruthy();
    await user.click(tickets.getByRole('button', { name: 'Name the delegate of Ticket 2 of 3' }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Name the delegate' }));
    expect((dialog.getByLabelText('Delegate’s full name') as HTMLInputElement).value).toBe('');
    await user.type(dialog.getByLabelText('Delegate’s full name'), 'Otieno Ouma');
    await user.type(dialog.getByLabelText(/Delegate’s email/), 'otieno@example.co.ke');
    await user.click(dialog.getByRole('button', { name: 'Save delegate' }));
    // Its required question first, beside it; nothing sent yet.
    expect(await dialog.findByText('Dietary needs: an answer is required')).toBeTruthy();
    expect(seen.filter((r) => r.method === 'PUT')).toEqual([]);
    await user.type(dialog.getByLabelText('Dietary needs'), 'Halal');
    await user.click(dialog.getByRole('button', { name: 'Save delegate' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const put = seen.find((r) => r.method === 'PUT')!;
    expect(put.path).toBe('/v1/tickets/502/attendee');
    expect(put.headers.Auth).toBe('tok');
    expect(put.body).toEqual({
      full_name: 'Otieno Ouma',
      email: 'otieno@example.co.ke',
      answers: [{ question_id: 31, value: 'Halal' }],
    });
    // The tickets are asked again: the re-issued ticket's own code shows.
    expect(await screen.findByRole('button', { name: 'Enlarge the QR code of Ticket 2 of 3: Delegate' })).toBeTruthy();
    await waitFor(() =>
      expect(
        screen
          .getByRole('button', { name: 'Enlarge the QR code of Ticket 2 of 3: Delegate' })
          .querySelector('img')
          ?.getAttribute('src'),
      ).toBe('/v1/tickets/qr/504.png?sig=1773302400000.abc'),
    );
    expect((await ticketsOf()).getByText('Otieno Ouma')).toBeTruthy();
    expect(screen.getByText("Ticket 2 of 3 is now Otieno Ouma's, with a new code.")).toBeTruthy();
  });

  it('changes a named delegate starting from their details and answers; the server’s refusal stays in the form', async () => {
    beforeLock();
    const seen = server(amina, () =>
      answer(
        409,
        { code: 'attendee.changes_locked' },
        {
          description: 'Delegates can no longer be changed: changes closed on 11 Mar 2026 at 09:00',
        },
      ),
    );
    const { user } = open();
    const tickets = await ticketsOf();
    expect(tickets.getByText('Amina Njeri')).toBeTruthy();
    expect(tickets.getByText('Safaricom PLC')).toBeTruthy();
    await user.click(tickets.getByRole('button', { name: 'Change the delegate of Ticket 2 of 3' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Change the delegate' }));
    expect((dialog.getByLabelText('Delegate’s full name') as HTMLInputElement).value).toBe('Amina Njeri');
    expect((dialog.getByLabelText('Company (optional)') as HTMLInputElement).value).toBe('Safaricom PLC');
    expect((dialog.getByLabelText('Dietary needs') as HTMLInputElement).value).toBe('Vegetarian');
    expect((dialog.getByLabelText('Yes') as HTMLInputElement).checked).toBe(true);

    const name = dialog.getByLabelText('Delegate’s full name');
    await user.clear(name);
    await user.type(name, 'Brian Kiprop');
    await user.click(dialog.getByRole('button', { name: 'Save delegate' }));
    expect(
      await dialog.findByText('Delegates can no longer be changed: changes closed on 11 Mar 2026 at 09:00'),
    ).toBeTruthy();
    expect((dialog.getByLabelText('Delegate’s full name') as HTMLInputElement).value).toBe('Brian Kiprop');
    expect(seen.find((r) => r.method === 'PUT')!.body).toEqual({
      full_name: 'Brian Kiprop',
      email: 'amina@example.co.ke',
      company: 'Safaricom PLC',
      job_title: 'CFO',
      answers: [
        { question_id: 31, value: 'Vegetarian' },
        { question_id: 32, value: true },
      ],
    });
  });

  it('puts the server’s field errors beside their fields', async () => {
    beforeLock();
    server(amina, () =>
      answer(400, {
        errors: [
          { path: 'email', message: 'Enter a valid email address' },
          { path: 'answers.0.value', message: 'Dietary needs: at most 200 characters' },
        ],
      }),
    );
    const { user } = open();
    await user.click((await ticketsOf()).getByRole('button', { name: 'Change the delegate of Ticket 2 of 3' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Change the delegate' }));
    await user.click(dialog.getByRole('button', { name: 'Save delegate' }));
    expect(await dialog.findByText('Enter a valid email address')).toBeTruthy();
    expect(dialog.getByLabelText(/Delegate’s email/).getAttribute('aria-invalid')).toBe('true');
    expect(dialog.getByText('Dietary needs: at most 200 characters')).toBeTruthy();
  });

  it('after the lock offers no change and says until when changes were possible', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-11T07:00:00.000Z'));
    server(unnamed, () => answer(500, null));
    open();
    const tickets = await ticketsOf();
    expect(tickets.getByText('To be named')).toBeTruthy();
    expect(tickets.queryByRole('button', { name: /the delegate of/ })).toBeNull();
    expect(screen.getByTestId('changes-until').textContent).toBe(
      'Delegates could be named or changed until Wed, 11 Mar 2026 at 09:00. Ask the organiser for any change now.',
    );
  });

  it('a guest names a delegate with the checkout key', async () => {
    beforeLock();
    useSession.getState().signOut();
    useSession.getState().keepCheckoutKey('ck1.guest');
    const seen = server(unnamed, () =>
      answer(200, eTicketItemFixture({ id: 502, attendee: attendeeFixture({ full_name: 'Otieno Ouma' }) })),
    );
    const { user } = open();
    await user.click((await ticketsOf()).getByRole('button', { name: 'Name the delegate of Ticket 2 of 3' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Name the delegate' }));
    await user.type(dialog.getByLabelText('Delegate’s full name'), 'Otieno Ouma');
    await user.type(dialog.getByLabelText('Dietary needs'), 'None');
    await user.click(dialog.getByRole('button', { name: 'Save delegate' }));
    await waitFor(() => expect(seen.some((r) => r.method === 'PUT')).toBe(true));
    expect(seen.find((r) => r.method === 'PUT')!.headers.Auth).toBe('ck1.guest');
  });
});
