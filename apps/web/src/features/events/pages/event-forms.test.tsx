import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { AlertBanner } from '../../../components/layout/alert-banner';
import { clearAlert, useAlert } from '../../../lib/alert';
import { findBanner } from '../../../test-support/banner';
import { answer, mockFetch, type SeenRequest } from '../../../test-support/fetch';
import { eventFixture, ticketFixture } from '../../../test-support/fixtures';
import { renderPage } from '../../../test-support/render';
import { useEventDrafts, type DraftEvent } from '../event-drafts';
import CreateStep1Page from './create-step-1-page';
import CreateStep2Page from './create-step-2-page';
import CreateStep3Page from './create-step-3-page';
import EditStep2Page from './edit-step-2-page';
import EditTicketsPage from './edit-tickets-page';

/** An organiser page as the organiser frame shows it: the alert banner above. */
const inFrame = (page: React.ReactElement) => (
  <>
    <AlertBanner />
    {page}
  </>
);

const draft: DraftEvent = {
  title: 'East Africa Fintech Summit',
  category_id: 1,
  currency: 'USD',
  start_time: '2026-03-12T06:00:00.000Z',
  end_time: '2026-03-12T14:00:00.000Z',
  location: 'KICC, Nairobi',
};

const categories = (req: SeenRequest) =>
  req.path === '/v1/client/category/view' ? answer(200, [{ id: 1, name: 'Conferences' }]) : undefined;

/** The server's starting currency for a new event: the organisation's newest event's. */
const defaults = (currency: string) => (req: SeenRequest) =>
  req.path === '/v1/client/event/defaults' ? answer(200, { currency }) : undefined;

const image = () => new File([new Uint8Array(2048)], 'cover.png', { type: 'image/png' });

describe('create event step 1 (docs/product.md#validation-rules: title, category, currency, start, end, location required)', () => {
  const open = () => renderPage(inFrame(<CreateStep1Page />), { path: '/organizer/event/1' });

  it('refuses a form with blanks: All fields are required', async () => {
    mockFetch((req) => categories(req) ?? answer(404, null));
    const { user } = open();
    await user.type(await screen.findByLabelText('Event Title'), 'East Africa Fintech Summit');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    await findBanner('All fields are required');
    expect(screen.getByLabelText('Location').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Event Title').getAttribute('aria-invalid')).toBeNull();
    expect(useEventDrafts.getState().draftEvent).toBeNull();
  });

  it('starts in KES for an organisation without events, or in the currency it chose last', async () => {
    mockFetch((req) => categories(req) ?? defaults('KES')(req) ?? answer(404, null));
    const first = open();
    expect(((await screen.findByLabelText('Currency')) as HTMLSelectElement).value).toBe('KES');
    first.unmount();
    mockFetch((req) => categories(req) ?? defaults('USD')(req) ?? answer(404, null));
    open();
    expect(((await screen.findByLabelText('Currency')) as HTMLSelectElement).value).toBe('USD');
  });

  it('keeps the details, with Nairobi wall time turned into instants, and moves on to step 2', async () => {
    mockFetch((req) => categories(req) ?? defaults('USD')(req) ?? answer(404, null));
    const { user } = open();
    await user.type(await screen.findByLabelText('Event Title'), 'East Africa Fintech Summit');
    await user.selectOptions(screen.getByLabelText('Event category'), 'Conferences');
    fireEvent.change(screen.getByLabelText('Start Date and Time'), { target: { value: '2026-03-12T09:00' } });
    fireEvent.change(screen.getByLabelText('End Date and Time'), { target: { value: '2026-03-12T17:00' } });
    await user.type(screen.getByLabelText('Location'), 'KICC, Nairobi');
    expect((screen.getByLabelText('Currency') as HTMLSelectElement).value).toBe('USD');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect((await screen.findByTestId('landed')).textContent).toBe('/organizer/event/2');
    expect(useEventDrafts.getState().draftEvent).toEqual(draft);
  });
});

describe('create event step 2 (docs/product.md#validation-rules: an image must be chosen)', () => {
  const open = () => renderPage(inFrame(<CreateStep2Page />), { path: '/organizer/event/2' });

  it('without step 1, goes back to it', async () => {
    open();
    expect((await screen.findByTestId('landed')).textContent).toBe('/organizer/event/1');
  });

  it('refuses to create the event without an image: Image is required', async () => {
    useEventDrafts.getState().setDraftEvent(draft);
    const seen = mockFetch(() => answer(201, 55));
    const { user } = open();
    await user.click(screen.getByRole('button', { name: 'Create Event' }));
    await findBanner('Image is required');
    expect(screen.getAllByText('Image is required')).toHaveLength(2);
    expect(seen).toEqual([]);
  });

  it('creates the event (a draft) with its image, keeps its id and moves on to the tickets', async () => {
    useEventDrafts.getState().setDraftEvent(draft);
    const seen = mockFetch(() => answer(201, 55, { description: 'Event created' }));
    const { user } = open();
    await user.upload(screen.getByLabelText('Main event image'), image());
    await user.type(screen.getByLabelText('Short Description'), 'Payments and lending.');
    await user.click(screen.getByRole('button', { name: 'Create Event' }));
    expect((await screen.findByTestId('landed')).textContent).toBe('/organizer/event/3');

    expect(seen[0]).toMatchObject({ method: 'POST', path: '/v1/event/register' });
    const form = seen[0]!.body as FormData;
    expect(form.get('title')).toBe(draft.title);
    expect(form.get('category_id')).toBe('1');
    expect(form.get('currency')).toBe('USD');
    expect(form.get('start_time')).toBe(draft.start_time);
    expect(form.get('short_description')).toBe('Payments and lending.');
    // docs/product.md#delegates-and-questions: names may come later, changes close 24 hours before, unless changed.
    expect(form.get('attendee_names')).toBe('later');
    expect(form.get('changes_lock_hours')).toBe('24');
    expect((form.get('file') as File).name).toBe('cover.png');
    expect(useEventDrafts.getState().draftEvent).toMatchObject({ id: 55, short_description: 'Payments and lending.' });
    expect(useAlert.getState().message).toEqual({ type: 'success', text: 'Event created' });
  });
});

describe('the delegates’ rule on step 2 (docs/product.md#delegates-and-questions)', () => {
  it('sends names at checkout and the hours before the start when changes close', async () => {
    useEventDrafts.getState().setDraftEvent(draft);
    const seen = mockFetch(() => answer(201, 55, { description: 'Event created' }));
    const { user } = renderPage(inFrame(<CreateStep2Page />), { path: '/organizer/event/2' });
    await user.upload(screen.getByLabelText('Main event image'), image());
    expect(screen.getByText('Changes close 24 hours before the start.')).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: /Names at checkout/ }));
    const hours = screen.getByLabelText('Changes close (hours before the start)');
    await user.clear(hours);
    await user.type(hours, '200');
    await user.click(screen.getByRole('button', { name: 'Create Event' }));
    // Beside the field, nothing sent, nothing typed lost.
    expect(await screen.findByText('A whole number of hours, 0 to 168')).toBeTruthy();
    expect(hours.getAttribute('aria-invalid')).toBe('true');
    expect(seen).toEqual([]);
    await user.clear(hours);
    await user.type(hours, '48');
    expect(screen.getByText('Changes close 48 hours before the start.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Create Event' }));
    expect((await screen.findByTestId('landed')).textContent).toBe('/organizer/event/3');
    const form = seen[0]!.body as FormData;
    expect(form.get('attendee_names')).toBe('at_checkout');
    expect(form.get('changes_lock_hours')).toBe('48');
  });

  it('edits the saved rule, and a server’s refusal lands beside its field', async () => {
    const event = eventFixture({ image: '/media/summit.jpg', attendee_names: 'at_checkout', changes_lock_hours: 12 });
    useEventDrafts.getState().setStoredEvent(event);
    const seen = mockFetch(() =>
      answer(400, { errors: [{ path: 'changes_lock_hours', message: 'Too late to change: the event starts soon' }] }),
    );
    const { user } = renderPage(inFrame(<EditStep2Page />), { path: '/organizer/event-view/2' });
    expect((screen.getByRole('radio', { name: /Names at checkout/ }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Changes close (hours before the start)') as HTMLInputElement).value).toBe('12');
    await user.click(screen.getByRole('radio', { name: /Names may come later/ }));
    await user.click(screen.getByRole('button', { name: 'Update Event' }));
    expect(await screen.findByText('Too late to change: the event starts soon')).toBeTruthy();
    const form = seen[0]!.body as FormData;
    expect(form.get('attendee_names')).toBe('later');
    expect(form.get('changes_lock_hours')).toBe('12');
    expect((screen.getByRole('radio', { name: /Names may come later/ }) as HTMLInputElement).checked).toBe(true);
  });
});

describe('Pay by invoice on step 2 (docs/product.md#pay-by-invoice)', () => {
  it('is off by default, refuses 15 days beside the field, explains the due date rule and sends the days', async () => {
    useEventDrafts.getState().setDraftEvent(draft);
    const seen = mockFetch(() => answer(201, 55, { description: 'Event created' }));
    const { user } = renderPage(inFrame(<CreateStep2Page />), { path: '/organizer/event/2' });
    await user.upload(screen.getByLabelText('Main event image'), image());
    const days = screen.getByLabelText('Days to pay (0: not offered)');
    expect((days as HTMLInputElement).value).toBe('0');
    expect(screen.getByText(/Not offered: buyers pay by card or M-Pesa/)).toBeTruthy();
    await user.clear(days);
    await user.type(days, '15');
    await user.click(screen.getByRole('button', { name: 'Create Event' }));
    expect(await screen.findByText('0 (not offered) or 1 to 14 days')).toBeTruthy();
    expect(days.getAttribute('aria-invalid')).toBe('true');
    expect(seen).toEqual([]);
    await user.clear(days);
    await user.type(days, '7');
    expect(
      screen.getByText(
        'Companies may pay within 7 days of booking, and never later than 2 days before the event starts.',
      ),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Create Event' }));
    expect((await screen.findByTestId('landed')).textContent).toBe('/organizer/event/3');
    expect((seen[0]!.body as FormData).get('invoice_payment_days')).toBe('7');
  });

  it('edits the saved days', async () => {
    useEventDrafts.getState().setStoredEvent(eventFixture({ image: '/media/summit.jpg', invoice_payment_days: 5 }));
    const seen = mockFetch(() => answer(200, eventFixture({ invoice_payment_days: 0 }), { description: 'Updated' }));
    const { user } = renderPage(inFrame(<EditStep2Page />), { path: '/organizer/event-view/2' });
    const days = screen.getByLabelText('Days to pay (0: not offered)');
    expect((days as HTMLInputElement).value).toBe('5');
    await user.clear(days);
    await user.click(screen.getByRole('button', { name: 'Update Event' }));
    await screen.findByTestId('landed');
    expect((seen[0]!.body as FormData).get('invoice_payment_days')).toBe('0');
  });
});

describe('edit event step 2 (docs/product.md#validation-rules: after Change, an image must be chosen)', () => {
  const event = eventFixture({ image: '/media/summit.jpg' });
  const open = () => renderPage(inFrame(<EditStep2Page />), { path: '/organizer/event-view/2' });

  it('refuses Update Event after Change without a new file: Image is required', async () => {
    useEventDrafts.getState().setStoredEvent(event);
    const seen = mockFetch(() => answer(200, event));
    const { user } = open();
    await user.click(screen.getByRole('button', { name: 'Change' }));
    await user.click(screen.getByRole('button', { name: 'Update Event' }));
    await findBanner('Image is required');
    expect(seen).toEqual([]);
  });

  it('keeps the current image unless Change was chosen, and saves the visibility', async () => {
    useEventDrafts.getState().setStoredEvent(event);
    const saved = { ...event, status: 2, short_description: 'Updated' };
    const seen = mockFetch(() => answer(200, saved, { description: 'Event updated' }));
    const { user } = open();
    await user.click(screen.getByRole('radio', { name: /Draft/ }));
    await user.click(screen.getByRole('button', { name: 'Update Event' }));
    expect((await screen.findByTestId('landed')).textContent).toBe('/organizer/tickets/7');
    expect(seen[0]).toMatchObject({ method: 'PUT', path: '/v1/event/update/7' });
    const form = seen[0]!.body as FormData;
    expect(form.get('status')).toBe('2');
    expect(form.get('currency')).toBe('USD');
    expect(form.has('file')).toBe(false);
    expect(useEventDrafts.getState().storedEvent).toEqual(saved);
  });
});

describe('tickets of a new event (docs/product.md#validation-rules: every field non-empty and non-zero, at least one ticket)', () => {
  const open = () => renderPage(inFrame(<CreateStep3Page />), { path: '/organizer/event/3' });

  async function fillRow(user: ReturnType<typeof open>['user'], row: Record<string, string>) {
    for (const [label, value] of Object.entries(row)) {
      const input = screen.getAllByLabelText(label).at(-1)!;
      await user.clear(input);
      await user.type(input, value);
    }
  }

  it('without a created event, goes to the dashboard', async () => {
    useEventDrafts.getState().setDraftEvent(draft);
    open();
    expect((await screen.findByTestId('landed')).textContent).toBe('/organizer/dashboard');
  });

  it('refuses empty or zero fields: All fields are required', async () => {
    useEventDrafts.getState().setDraftEvent({ ...draft, id: 55 });
    const seen = mockFetch(() => answer(201, []));
    const { user } = open();
    await user.click(screen.getByRole('button', { name: 'Finish Setup' }));
    await findBanner('All fields are required');
    act(() => clearAlert());
    await fillRow(user, { Name: 'Delegate', 'Price per ticket (USD)': '0', 'Max tickets': '100' });
    await user.click(screen.getByRole('button', { name: 'Finish Setup' }));
    await findBanner('All fields are required');
    expect(seen).toEqual([]);
  });

  it('never removes the last ticket', async () => {
    useEventDrafts.getState().setDraftEvent({ ...draft, id: 55 });
    const { user } = open();
    expect((screen.getByRole('button', { name: 'Remove this ticket' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Add Ticket' }));
    expect(screen.getAllByTestId('ticket-row')).toHaveLength(2);
    await user.click(screen.getAllByRole('button', { name: 'Remove this ticket' })[1]!);
    expect(screen.getAllByTestId('ticket-row')).toHaveLength(1);
    expect((screen.getByRole('button', { name: 'Remove this ticket' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('registers the tickets, which publishes the event, and goes on to the questions', async () => {
    useEventDrafts.getState().setDraftEvent({ ...draft, id: 55 });
    const seen = mockFetch(() => answer(201, [], { description: 'Tickets created' }));
    const { user } = open();
    await fillRow(user, {
      Name: 'Delegate',
      'Price per ticket (USD)': '25.50',
      'No of persons per ticket': '1',
      'Max tickets': '100',
    });
    await user.click(screen.getByRole('button', { name: 'Finish Setup' }));
    expect((await screen.findByTestId('landed')).textContent).toBe('/organizer/event/4');
    expect(seen[0]).toMatchObject({
      method: 'POST',
      path: '/v1/event/55/ticket/register',
      body: [{ name: 'Delegate', price_per_ticket: 25.5, no_of_persons: 1, max_tickets: 100 }],
    });
    expect(useEventDrafts.getState().draftEvent).toMatchObject({ id: 55, tickets_saved: true });
    expect(useAlert.getState().message?.text).toBe('Tickets created. “East Africa Fintech Summit” is published.');
  });

  it('once the tickets are saved, goes on to the questions instead of saving them twice', async () => {
    useEventDrafts.getState().setDraftEvent({ ...draft, id: 55, tickets_saved: true });
    open();
    expect((await screen.findByTestId('landed')).textContent).toBe('/organizer/event/4');
  });
});

describe('ticket update, the standalone page reached from My events', () => {
  const sold = eventFixture({
    tickets: [
      ticketFixture({ tickets_bought: 12, available: 88 }),
      ticketFixture({ id: 12, name: 'VIP', price_per_ticket: 120.5, max_tickets: 50, available: 50 }),
    ],
  });
  const open = () =>
    renderPage(inFrame(<EditTicketsPage />), { path: '/organizer/tickets/:id', at: '/organizer/tickets/7' });

  it('shows no step bar: there is no step before or after it', async () => {
    mockFetch(() => answer(200, sold));
    open();
    await screen.findByRole('heading', { name: 'Ticket Update' });
    await screen.findByDisplayValue('VIP');
    expect(screen.queryByText(/Step \d of \d/)).toBeNull();
  });

  it('asks before removing a ticket type, says its sold tickets stay valid, and keeps it when cancelled', async () => {
    const seen = mockFetch((req) => (req.method === 'GET' ? answer(200, sold) : answer(200, sold.tickets)));
    const { user } = open();
    await screen.findByDisplayValue('VIP');
    await user.click(screen.getByRole('button', { name: 'Remove Delegate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove “Delegate”?' });
    expect(dialog.textContent).toContain('12 tickets were already sold.');
    expect(dialog.textContent).toContain('the buyers keep their e-tickets');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getAllByTestId('ticket-row')).toHaveLength(2);
    expect(seen.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('removes a ticket type with no sales once confirmed, and saves it with status 3', async () => {
    const seen = mockFetch((req) =>
      req.method === 'GET' ? answer(200, sold) : answer(200, sold.tickets, { description: 'Tickets updated' }),
    );
    const { user } = open();
    await screen.findByDisplayValue('VIP');
    await user.click(screen.getByRole('button', { name: 'Remove VIP' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove “VIP”?' });
    expect(dialog.textContent).not.toContain('already sold');
    await user.click(screen.getByRole('button', { name: 'Remove ticket' }));
    await waitFor(() => expect(screen.getAllByTestId('ticket-row')).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Update Ticket' }));
    await waitFor(() => expect(seen.some((r) => r.method === 'POST')).toBe(true));
    const update = seen.find((r) => r.method === 'POST')!;
    expect(update.path).toBe('/v1/event/7/ticket/update');
    expect(update.body).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: 12, status: 3 }),
        expect.objectContaining({ id: 11, status: 1 }),
      ]),
    );
  });
});

describe('Service fee on step 2 (docs/product.md#service-fees)', () => {
  it('absorbs the fee by default, explains both choices and sends pass when the organiser passes it', async () => {
    useEventDrafts.getState().setDraftEvent(draft);
    const seen = mockFetch(() => answer(201, 55, { description: 'Event created' }));
    const { user } = renderPage(inFrame(<CreateStep2Page />), { path: '/organizer/event/2' });
    await user.upload(screen.getByLabelText('Main event image'), image());
    expect((screen.getByRole('radio', { name: /I pay the fee/ }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText(/Buyers see a “Service fee” line beside the ticket price before they pay/)).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: /Buyers pay the fee/ }));
    await user.click(screen.getByRole('button', { name: 'Create Event' }));
    expect((await screen.findByTestId('landed')).textContent).toBe('/organizer/event/3');
    expect((seen[0]!.body as FormData).get('service_fee')).toBe('pass');
  });

  it('keeps the saved choice when editing', async () => {
    useEventDrafts.getState().setStoredEvent(eventFixture({ image: '/media/summit.jpg', service_fee: 'pass' }));
    const seen = mockFetch(() => answer(200, eventFixture({ service_fee: 'pass' }), { description: 'Updated' }));
    const { user } = renderPage(inFrame(<EditStep2Page />), { path: '/organizer/event-view/2' });
    expect((screen.getByRole('radio', { name: /Buyers pay the fee/ }) as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Update Event' }));
    await screen.findByTestId('landed');
    expect((seen[0]!.body as FormData).get('service_fee')).toBe('pass');
  });
});
