import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { clearAlert } from '../../../lib/alert';
import { answer, mockFetch } from '../../../test-support/fetch';
import { renderPage } from '../../../test-support/render';
import { useSession } from '../../accounts';
import AccountDeletedPage from './account-deleted-page';
import MyDataPage from './my-data-page';
import NewsStopPage from './news-stop-page';

const mine = {
  first_name: 'Amina',
  last_name: 'Mwangi',
  email: 'amina@example.co.ke',
  msisdn: '+254712345678',
  created_at: '2026-01-10T08:00:00.000Z',
  marketing_consent: false,
  consent_wording:
    'Send me news about events from Tikiti and the organisers I have bought from. I can stop this at any time.',
  bookings: 3,
  future_bookings: [],
};
const future = [
  {
    reference: 'TK-7Q2M9X',
    event_title: 'Nairobi Fintech Summit',
    organiser: 'Savannah Events',
    starts_at: '2026-12-05T06:00:00.000Z',
    tickets: 2,
  },
];

beforeEach(() => useSession.getState().signIn('tok', 'user', { fn: 'Amina', ln: 'Mwangi' }));
afterEach(() => {
  clearAlert();
  useSession.setState({ token: null, accountType: null, userName: null });
});

describe('My data (docs/product.md#my-data)', () => {
  it('shows a loading state, then an error with a retry that loads the page', async () => {
    let calls = 0;
    mockFetch(() =>
      ++calls === 1 ? answer(503, {}, { description: 'Tikiti is busy, try again' }) : answer(200, mine),
    );
    const { user } = renderPage(<MyDataPage />, { path: '/account/data' });
    expect(screen.getByRole('status', { name: 'Loading your data' })).toBeTruthy();
    expect(await screen.findByText('Tikiti is busy, try again')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(((await screen.findByLabelText('First name')) as HTMLInputElement).value).toBe('Amina');
  });

  it('saves corrected details and shows the server’s refusal beside the phone', async () => {
    const seen = mockFetch((req) => {
      if (req.method === 'GET') return answer(200, mine);
      const body = req.body as { msisdn: string | null };
      if (body.msisdn === '+254700000001') {
        return answer(409, {
          code: 'conflict',
          errors: [{ path: 'msisdn', message: 'Another account uses this phone number' }],
        });
      }
      return answer(200, { ...mine, ...(req.body as object) }, { description: 'Your details are saved' });
    });
    const { user } = renderPage(<MyDataPage />, { path: '/account/data' });
    const phone = await screen.findByLabelText('Phone');
    await user.clear(phone);
    await user.type(phone, '+254700000001');
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText('Another account uses this phone number')).toBeTruthy();

    await user.clear(screen.getByLabelText('First name'));
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText('Required')).toBeTruthy();
    await user.type(screen.getByLabelText('First name'), 'Aminah');
    await user.clear(phone);
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText('Your details are saved')).toBeTruthy();
    expect(seen.at(-1)).toMatchObject({
      method: 'PUT',
      path: '/v1/account',
      body: { first_name: 'Aminah', last_name: 'Mwangi', msisdn: null },
    });
  });

  it('turns news on with the words shown', async () => {
    const seen = mockFetch((req) =>
      req.method === 'GET'
        ? answer(200, mine)
        : answer(
            200,
            { marketing_consent: true, consent_wording: mine.consent_wording },
            { description: 'You will get news about events' },
          ),
    );
    const { user } = renderPage(<MyDataPage />, { path: '/account/data' });
    const box = await screen.findByRole('checkbox', { name: mine.consent_wording });
    expect((box as HTMLInputElement).checked).toBe(false);
    await user.click(box);
    await waitFor(() => expect((box as HTMLInputElement).checked).toBe(true));
    expect(seen.at(-1)).toMatchObject({ method: 'PUT', path: '/v1/account/consent', body: { marketing: true } });
  });

  it('deletes the account: the code step, the choice about tickets to come, a wrong code beside the field', async () => {
    let tries = 0;
    const seen = mockFetch((req) => {
      if (req.method === 'GET') return answer(200, { ...mine, future_bookings: future });
      if (req.path === '/v1/account/deletion') {
        return answer(200, { future_bookings: future }, { description: 'We sent a code to amina@example.co.ke.' });
      }
      if (req.path === '/v1/auth/logout') return answer(401, {});
      if (++tries === 1) {
        return answer(400, {
          code: 'auth.code_rejected',
          errors: [{ path: 'code', message: 'That code is not right or has expired. Ask for a new one.' }],
        });
      }
      return answer(200, { cancelled_bookings: ['TK-7Q2M9X'] }, { description: 'Your account is deleted' });
    });
    const { user } = renderPage(<MyDataPage />, {
      path: '/account/data',
      routes: [{ path: '/account/deleted', element: <AccountDeletedPage /> }],
    });
    await user.click(await screen.findByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('We sent a code to amina@example.co.ke.')).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Tickets for events to come' });
    expect(within(list).getByText('Nairobi Fintech Summit')).toBeTruthy();

    // Nothing chosen, no code: both say so, and nothing is sent.
    await user.click(screen.getByRole('button', { name: 'Delete my account for good' }));
    expect(await screen.findByText('Choose what happens to your tickets')).toBeTruthy();
    expect(screen.getByText('Enter the 6-digit code from the email')).toBeTruthy();
    expect(seen.filter((r) => r.method === 'DELETE')).toHaveLength(0);

    await user.click(screen.getByRole('radio', { name: /Cancel them and refund me/ }));
    await user.type(screen.getByLabelText('Code from the email'), '111111');
    await user.click(screen.getByRole('button', { name: 'Delete my account for good' }));
    expect(await screen.findByText('That code is not right or has expired. Ask for a new one.')).toBeTruthy();

    const code = screen.getByLabelText('Code from the email');
    await user.clear(code);
    await user.type(code, '428913');
    await user.click(screen.getByRole('button', { name: 'Delete my account for good' }));
    expect(await screen.findByRole('heading', { name: 'Your account is deleted' })).toBeTruthy();
    expect(screen.getByText(/1 booking was cancelled/)).toBeTruthy();
    expect(seen.find((r) => r.method === 'DELETE' && (r.body as { code: string }).code === '428913')).toMatchObject({
      path: '/v1/account',
      body: { code: '428913', future_tickets: 'cancel' },
    });
    await waitFor(() => expect(useSession.getState().token).toBeNull());
  });

  it('asks no choice when there are no tickets to come, and can step back', async () => {
    const seen = mockFetch((req) => {
      if (req.method === 'GET') return answer(200, mine);
      if (req.path === '/v1/account/deletion') return answer(200, { future_bookings: [] });
      if (req.path === '/v1/auth/logout') return answer(200, null);
      return answer(200, { cancelled_bookings: [] });
    });
    const { user } = renderPage(<MyDataPage />, { path: '/account/data' });
    await user.click(await screen.findByRole('button', { name: 'Delete my account' }));
    await screen.findByLabelText('Code from the email');
    expect(screen.queryByRole('radio')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Keep my account' }));
    expect(screen.queryByLabelText('Code from the email')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    await user.type(await screen.findByLabelText('Code from the email'), '428913');
    await user.click(screen.getByRole('button', { name: 'Delete my account for good' }));
    expect((await screen.findByTestId('landed')).textContent).toBe('/account/deleted');
    expect(seen.find((r) => r.method === 'DELETE')!.body).toEqual({ code: '428913', future_tickets: 'keep' });
  });
});

describe('the account-deleted page', () => {
  it('opened directly, says what it says and signs nobody out', async () => {
    const seen = mockFetch(() => answer(200, null));
    renderPage(<AccountDeletedPage />, { path: '/account/deleted', at: '/account/deleted?cancelled=0' });
    expect(await screen.findByRole('heading', { name: 'Your account is deleted' })).toBeTruthy();
    expect(useSession.getState().token).toBe('tok');
    expect(seen).toEqual([]);
  });
});

describe('the news-stop link (docs/security.md#consent)', () => {
  it('says no at once with the link’s token, without signing in', async () => {
    useSession.setState({ token: null, accountType: null, userName: null });
    const seen = mockFetch(() => answer(200, { email: 'a•••••@example.co.ke' }));
    renderPage(<NewsStopPage />, { path: '/news/stop', at: '/news/stop?token=u1.abc.def' });
    expect(await screen.findByText('You will get no more news')).toBeTruthy();
    expect(screen.getByText(/a•••••@example\.co\.ke/)).toBeTruthy();
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: 'POST', path: '/v1/consent/withdraw', body: { token: 'u1.abc.def' } });
    expect(seen[0]!.headers.Auth).toBeUndefined();
  });

  it('says a broken link is not valid', async () => {
    mockFetch(() =>
      answer(
        400,
        { code: 'privacy.link_invalid' },
        { description: 'This link is not valid. Sign in and turn off news in My data instead.' },
      ),
    );
    renderPage(<NewsStopPage />, { path: '/news/stop', at: '/news/stop?token=u1.bad' });
    expect(
      await screen.findByText('This link is not valid. Sign in and turn off news in My data instead.'),
    ).toBeTruthy();
  });
});
