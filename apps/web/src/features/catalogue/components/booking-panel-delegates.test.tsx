import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Event } from '@tikiti/contract';
import { useCheckout } from '../../checkout';
import { answer, mockFetch } from '../../../test-support/fetch';
import { bookingCreatedFixture, eventFixture, questionFixture } from '../../../test-support/fixtures';
import { renderPage } from '../../../test-support/render';
import { BookingPanel } from './booking-panel';

/**
 * The delegate cards at checkout (docs/product.md#delegates-and-questions): one per ticket, the
 * attendee questions of its type, "Same as me", "Name later", the order questions once; checked
 * before anything is sent and every error, the server's too, beside its field.
 */
const renderPanel = (e: Event) => renderPage(<BookingPanel event={e} />, { path: '/details/:id', at: '/details/7' });
type User = ReturnType<typeof renderPanel>['user'];

const dietary = questionFixture({ id: 31, label: 'Dietary needs', required: true, scope: 'attendee' });
const workshop = questionFixture({
  id: 32,
  kind: 'single_choice',
  label: 'Workshop',
  required: true,
  scope: 'attendee',
  options: ['Payments', 'Lending'],
  // Asked of VIP delegates only.
  ticket_type_ids: [12],
});
const invoice = questionFixture({
  id: 33,
  kind: 'text',
  label: 'Invoice to (company)',
  required: true,
  scope: 'order',
});
const consent = questionFixture({
  id: 34,
  kind: 'checkbox',
  label: 'Share my details with sponsors',
  required: false,
  scope: 'order',
});

async function pick(user: User, delegates: number, vips = 0) {
  for (let i = 0; i < delegates; i++)
    await user.click(screen.getByRole('button', { name: 'One more Delegate ticket' }));
  for (let i = 0; i < vips; i++) await user.click(screen.getByRole('button', { name: 'One more VIP ticket' }));
}

async function fillGuest(user: User) {
  await user.type(screen.getByLabelText('Full name'), 'Wanjiku Kamau');
  await user.type(screen.getByLabelText('Email'), 'wanjiku@example.co.ke');
  await user.type(screen.getByLabelText('Phone'), '+254712345678');
}

/** The card of the n-th ticket (it loads with the first ticket picked). */
const card = async (n: number, of: number, type = 'Delegate') =>
  within(await screen.findByRole('group', { name: `Ticket ${n} of ${of} · ${type}` }));

const pay = (user: User) => user.click(screen.getByRole('button', { name: 'Credit / Debit' }));

/** The 'Error!' dialog says the first problem; closing it shows the page and each error beside its field. */
async function closeError(user: User, message: string) {
  const dialog = await screen.findByRole('dialog', { name: 'Error!' });
  expect(within(dialog).getByText(message)).toBeTruthy();
  await user.click(within(dialog).getByRole('button', { name: 'OK' }));
}

describe('the delegate cards at checkout', () => {
  it('appear with the first ticket, one per ticket; "Same as me" fills the first with the buyer’s name and email', async () => {
    const { user } = renderPanel(eventFixture());
    expect(screen.queryByRole('group', { name: /Ticket 1 of/ })).toBeNull();
    await fillGuest(user);
    await pick(user, 2, 1);
    const first = await card(1, 3);
    await card(2, 3);
    await card(3, 3, 'VIP');
    // Only the first card offers it.
    expect((await card(2, 3)).queryByRole('button', { name: 'Same as me' })).toBeNull();
    await user.click(first.getByRole('button', { name: 'Same as me' }));
    expect((first.getByLabelText('Delegate’s full name') as HTMLInputElement).value).toBe('Wanjiku Kamau');
    expect((first.getByLabelText(/Delegate’s email/) as HTMLInputElement).value).toBe('wanjiku@example.co.ke');
  });

  it('sends the named delegates with their answers, leaves "Name later" tickets to be named, and the order answers once', async () => {
    const seen = mockFetch(() => answer(201, bookingCreatedFixture(), { headers: { auth: 'guest-token' } }));
    const { user } = renderPanel(eventFixture({ questions: [dietary, workshop, invoice, consent] }));
    await fillGuest(user);
    await pick(user, 2, 1);

    const first = await card(1, 3);
    await user.click(first.getByRole('button', { name: 'Same as me' }));
    await user.type(first.getByLabelText('Company (optional)'), 'Kamau Holdings');
    await user.type(first.getByLabelText('Dietary needs'), 'Vegetarian');
    // A Delegate ticket is not asked the VIP workshop.
    expect(first.queryByRole('group', { name: 'Workshop' })).toBeNull();

    const second = await card(2, 3);
    await user.click(second.getByRole('button', { name: 'Name later' }));
    expect(second.getByText('To be named')).toBeTruthy();
    expect(second.queryByLabelText('Delegate’s full name')).toBeNull();
    // Focus stays on the folded card, ready to open it again.
    expect(document.activeElement).toBe(second.getByRole('button', { name: 'Name now' }));

    const vip = await card(3, 3, 'VIP');
    await user.type(vip.getByLabelText('Delegate’s full name'), 'Amina Njeri');
    await user.type(vip.getByLabelText(/Delegate’s email/), 'amina@example.co.ke');
    await user.type(vip.getByLabelText('Job title (optional)'), 'CFO');
    await user.type(vip.getByLabelText('Dietary needs'), 'None');
    await user.click(within(vip.getByRole('group', { name: 'Workshop' })).getByLabelText('Lending'));

    const questions = screen.getByRole('group', { name: 'Questions from the organiser' });
    await user.type(within(questions).getByLabelText('Invoice to (company)'), 'Kamau Holdings Ltd');
    await user.click(within(questions).getByLabelText('Yes'));
    await pay(user);

    expect((await screen.findByTestId('landed')).textContent).toBe('/payment/method');
    expect(seen[0]!.body).toMatchObject({
      attendees: [
        {
          ticket_type_id: 11,
          full_name: 'Wanjiku Kamau',
          email: 'wanjiku@example.co.ke',
          company: 'Kamau Holdings',
          answers: [{ question_id: 31, value: 'Vegetarian' }],
        },
        {
          ticket_type_id: 12,
          full_name: 'Amina Njeri',
          email: 'amina@example.co.ke',
          job_title: 'CFO',
          answers: [
            { question_id: 31, value: 'None' },
            { question_id: 32, value: 'Lending' },
          ],
        },
      ],
      answers: [
        { question_id: 33, value: 'Kamau Holdings Ltd' },
        { question_id: 34, value: true },
      ],
    });
    const sent = seen[0]!.body as { attendees: Record<string, unknown>[] };
    expect(sent.attendees[0]).not.toHaveProperty('job_title');
    // What was typed is kept with the booking, for the payment page and the way back.
    const kept = useCheckout.getState().booking?.delegates;
    expect(kept?.cards.map((c) => [c.key, c.full_name, c.later])).toEqual([
      ['11-0', 'Wanjiku Kamau', false],
      ['11-1', '', true],
      ['12-0', 'Amina Njeri', false],
    ]);
  });

  it('where names are due at checkout, offers no "Name later" and refuses a card without a name, beside it', async () => {
    const seen = mockFetch(() => answer(500, null));
    const { user } = renderPanel(eventFixture({ attendee_names: 'at_checkout' }));
    await fillGuest(user);
    await pick(user, 2);
    const first = await card(1, 2);
    const second = await card(2, 2);
    expect(screen.queryByRole('button', { name: 'Name later' })).toBeNull();
    expect(screen.getByText(/asks for a name on every ticket/)).toBeTruthy();
    await user.click(first.getByRole('button', { name: 'Same as me' }));
    await pay(user);

    expect(await second.findByText('Write the delegate’s full name')).toBeTruthy();
    expect(second.getByLabelText('Delegate’s full name').getAttribute('aria-invalid')).toBe('true');
    expect(first.queryByText('Write the delegate’s full name')).toBeNull();
    expect(seen).toEqual([]);
    // Typing clears it.
    await user.type(second.getByLabelText('Delegate’s full name'), 'O');
    expect(second.queryByText('Write the delegate’s full name')).toBeNull();
  });

  it('refuses a required question left blank, beside it on the card it concerns, and keeps everything typed', async () => {
    const seen = mockFetch(() => answer(500, null));
    const { user } = renderPanel(eventFixture({ questions: [dietary, workshop, invoice] }));
    await fillGuest(user);
    await pick(user, 1, 1);
    const first = await card(1, 2);
    await user.type(first.getByLabelText('Delegate’s full name'), 'Otieno Ouma');
    await user.type(first.getByLabelText('Dietary needs'), 'Halal');
    const vip = await card(2, 2, 'VIP');
    await user.type(vip.getByLabelText('Delegate’s full name'), 'Amina Njeri');
    await pay(user);
    await closeError(user, 'Dietary needs: an answer is required');

    expect(await vip.findByText('Dietary needs: an answer is required')).toBeTruthy();
    expect(vip.getByText('Workshop: an answer is required')).toBeTruthy();
    expect(first.queryByText(/an answer is required/)).toBeNull();
    const questions = screen.getByRole('group', { name: 'Questions from the organiser' });
    expect(within(questions).getByText('Invoice to (company): an answer is required')).toBeTruthy();
    expect(seen).toEqual([]);
    expect((first.getByLabelText('Dietary needs') as HTMLInputElement).value).toBe('Halal');
    expect((vip.getByLabelText('Delegate’s full name') as HTMLInputElement).value).toBe('Amina Njeri');
  });

  it('puts the server’s errors beside the fields they name: attendees.{i} on the i-th named card, answers.{i} on its order question', async () => {
    mockFetch(() =>
      answer(
        400,
        {
          code: 'validation.invalid_field',
          errors: [
            { path: 'attendees.1.email', message: 'Enter a valid email address' },
            { path: 'attendees.1.answers.0.value', message: 'Dietary needs: at most 200 characters' },
            { path: 'answers.0.value', message: 'Invoice to (company): write an answer' },
            { path: 'attendees.0', message: 'Otieno Ouma is named twice' },
          ],
        },
        { description: 'attendees.1.email: Enter a valid email address' },
      ),
    );
    const { user } = renderPanel(eventFixture({ questions: [dietary, invoice] }));
    await fillGuest(user);
    await pick(user, 3);
    const first = await card(1, 3);
    await user.type(first.getByLabelText('Delegate’s full name'), 'Otieno Ouma');
    await user.type(first.getByLabelText('Dietary needs'), 'Halal');
    // The second is to be named: the server's `attendees.1` is the third card.
    await user.click((await card(2, 3)).getByRole('button', { name: 'Name later' }));
    const third = await card(3, 3);
    await user.type(third.getByLabelText('Delegate’s full name'), 'Amina Njeri');
    await user.type(third.getByLabelText(/Delegate’s email/), 'amina@example.co.ke');
    await user.type(third.getByLabelText('Dietary needs'), 'None');
    await user.type(screen.getByLabelText('Invoice to (company)'), 'Kamau Holdings');
    await pay(user);
    await closeError(user, 'attendees.1.email: Enter a valid email address');

    expect(await third.findByText('Enter a valid email address')).toBeTruthy();
    expect(third.getByText('Dietary needs: at most 200 characters')).toBeTruthy();
    expect(first.queryByText('Enter a valid email address')).toBeNull();
    // A refusal of a whole entry shows on its card, under the name.
    expect(first.getByText('Otieno Ouma is named twice')).toBeTruthy();
    const questions = screen.getByRole('group', { name: 'Questions from the organiser' });
    expect(within(questions).getByText('Invoice to (company): write an answer')).toBeTruthy();
    // Still on the event's page, nothing typed lost.
    expect(screen.queryByTestId('landed')).toBeNull();
    expect((third.getByLabelText('Dietary needs') as HTMLInputElement).value).toBe('None');
  });

  it('comes back from the payment page with the cards as they were typed', async () => {
    mockFetch(() => answer(201, bookingCreatedFixture(), { headers: { auth: 'guest-token' } }));
    const event = eventFixture({ questions: [invoice] });
    const first = renderPanel(event);
    await fillGuest(first.user);
    await pick(first.user, 2);
    await first.user.type((await card(1, 2)).getByLabelText('Delegate’s full name'), 'Otieno Ouma');
    await first.user.click((await card(2, 2)).getByRole('button', { name: 'Name later' }));
    await first.user.type(screen.getByLabelText('Invoice to (company)'), 'Ouma & Sons');
    await pay(first.user);
    await screen.findByTestId('landed');
    first.unmount();

    renderPanel(event);
    expect(((await card(1, 2)).getByLabelText('Delegate’s full name') as HTMLInputElement).value).toBe('Otieno Ouma');
    expect((await card(2, 2)).getByText('To be named')).toBeTruthy();
    expect((screen.getByLabelText('Invoice to (company)') as HTMLInputElement).value).toBe('Ouma & Sons');
  });
});
