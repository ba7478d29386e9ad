import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { answer, mockFetch } from '../../../test-support/fetch';
import { renderPage } from '../../../test-support/render';
import { useSession } from '../../accounts';
import ActivityPage from './activity-page';

const entry = (id: number, over: object = {}) => ({
  id,
  at: '2026-03-01T07:30:00.000Z',
  actor: { id: 4, name: 'Baraka Mwangi', role: 'admin' },
  action: 'booking.refunded',
  target: { type: 'booking', id: 'TK-7Q2M4ZP', label: 'Nairobi Fintech Summit' },
  details: { amount: 2333, currency: 'KES', retry: false },
  address: '10.0.0.9',
  device: 'Chrome on Windows',
  ...over,
});

describe('Activity (docs/product.md#activity)', () => {
  it('lists the entries, filters by person, kind and days, and pages', async () => {
    useSession.getState().signIn('tok', 'organizer', { fn: 'A', ln: 'O' });
    const seen = mockFetch(() =>
      answer(200, {
        data: [
          entry(2),
          entry(1, { action: 'team.removed', target: { type: 'account', id: '9', label: 'Neema' }, details: {} }),
        ],
        total: 45,
        people: [
          { id: 4, name: 'Baraka Mwangi' },
          { id: 1, name: 'Amina Otieno' },
        ],
      }),
    );
    const { user } = renderPage(<ActivityPage />, { path: '/organizer/activity' });
    const list = await screen.findByRole('list', { name: 'Activity' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]!.textContent).toContain(
      'Baraka Mwangi (Admin) refunded a booking: Nairobi Fintech Summit (TK-7Q2M4ZP)',
    );
    expect(items[0]!.textContent).toContain('amount: 2333 · currency: KES · retry: false');
    expect(items[0]!.textContent).toContain('Chrome on Windows · 10.0.0.9');
    expect(items[1]!.textContent).toContain('removed a teammate: Neema (account 9)');
    expect(screen.getByText(/Page 1 of 3/)).toBeTruthy();

    await user.selectOptions(screen.getByLabelText('Person'), 'Amina Otieno');
    await user.selectOptions(screen.getByLabelText('Action'), 'Refunded a booking');
    await user.type(screen.getByLabelText('From'), '2026-03-01');
    await waitFor(() =>
      expect(seen.at(-1)!.path).toBe(
        '/v1/client/activity?actor_id=1&action=booking.refunded&from=2026-03-01&page=1&limit=20',
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(seen.at(-1)!.path).toContain('page=2'));
  });

  it('says so when nothing happened yet', async () => {
    useSession.getState().signIn('tok', 'organizer', { fn: 'A', ln: 'O' });
    mockFetch(() => answer(200, { data: [], total: 0, people: [] }));
    renderPage(<ActivityPage />, { path: '/organizer/activity' });
    expect(await screen.findByText('No activity yet')).toBeTruthy();
  });

  it('tells a teammate that only the owner sees the activity', async () => {
    useSession.getState().signIn('tok', 'organizer', { fn: 'A', ln: 'O' });
    mockFetch(() =>
      answer(
        403,
        { code: 'forbidden.owner_only' },
        { description: "Only the organisation's owner can see its activity" },
      ),
    );
    renderPage(<ActivityPage />, { path: '/organizer/activity' });
    expect(await screen.findByText('Only the owner sees the activity')).toBeTruthy();
  });

  it('offers a retry when the log cannot be loaded', async () => {
    useSession.getState().signIn('tok', 'organizer', { fn: 'A', ln: 'O' });
    mockFetch(() => answer(500, null, { description: 'Something went wrong on our side, please try again' }));
    renderPage(<ActivityPage />, { path: '/organizer/activity' });
    expect(await screen.findByText("We couldn't load this")).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
