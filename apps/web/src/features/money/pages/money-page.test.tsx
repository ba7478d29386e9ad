import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { SeenRequest } from '../../../test-support/fetch';
import { answer, mockFetch } from '../../../test-support/fetch';
import { renderPage } from '../../../test-support/render';
import { useSession } from '../../accounts';
import MoneyPage from './money-page';

const method = {
  type: 'mpesa_b2c',
  label: 'M-Pesa •••• 678',
  msisdn: '•••• 678',
  shortcode: null,
  account: null,
  bank: null,
  branch: null,
  account_name: null,
  account_number: null,
  set_at: '2026-10-01T07:00:00.000Z',
  set_by: 'Amina Otieno',
};

type Route = (req: SeenRequest) => ReturnType<typeof answer> | undefined;

/** The Money page's calls answered as a demo organisation's; `over` answers some first. */
interface MoneyAnswers {
  balance?: { currency: string; pending: number; available: number; paid_out: number }[];
  methodState?: { method: typeof method | null; held_until: string | null };
}

function moneyApi(
  {
    balance = [{ currency: 'KES', pending: 4666, available: 2333, paid_out: 10_000 }],
    methodState = { method, held_until: null },
  }: MoneyAnswers = {},
  over: Route = () => undefined,
) {
  return mockFetch((req) => {
    const given = over(req);
    if (given) return given;
    if (req.path.startsWith('/v1/client/balance')) return answer(200, balance);
    if (req.path.startsWith('/v1/client/payout-method')) return answer(200, methodState);
    if (req.path.startsWith('/v1/client/payouts')) return answer(200, { data: [], total: 0 });
    if (req.path.startsWith('/v1/client/ledger')) return answer(200, []);
    return answer(404, null);
  });
}

function signedInAs(role: 'owner' | 'admin') {
  useSession.getState().signIn('tok', 'organizer', { fn: 'Amina', ln: 'Otieno' });
  useSession.getState().setRole(role);
}

describe('Money (docs/product.md#balances)', () => {
  it('shows each currency’s balance, and a negative one plainly with why', async () => {
    signedInAs('owner');
    moneyApi({
      balance: [
        { currency: 'KES', pending: 4666, available: 2333, paid_out: 10_000 },
        { currency: 'USD', pending: 0, available: -19.99, paid_out: 33.33 },
      ],
    });
    renderPage(<MoneyPage />, { path: '/organizer/money' });
    const cards = await screen.findByRole('list', { name: 'Balances' });
    expect(within(cards).getByTestId('available-KES').textContent).toBe('KES 2,333');
    expect(within(cards).getByTestId('available-USD').textContent).toBe('USD -19.99');
    expect(within(cards).getByRole('note').textContent).toContain('You owe Tikiti USD 19.99');
    expect(await screen.findByText('No payouts yet')).toBeTruthy();
    expect(await screen.findByText('No entries in these days')).toBeTruthy();
  });

  it('says so when there is no money yet', async () => {
    signedInAs('owner');
    moneyApi({ balance: [] });
    renderPage(<MoneyPage />, { path: '/organizer/money' });
    expect(await screen.findByText('No money yet')).toBeTruthy();
  });

  it('offers a retry when the balance cannot load', async () => {
    signedInAs('owner');
    moneyApi({}, (req) => (req.path.startsWith('/v1/client/balance') ? answer(500, null) : undefined));
    renderPage(<MoneyPage />, { path: '/organizer/money' });
    expect(await screen.findByText("We couldn't load this")).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Try again' }).length).toBeGreaterThan(0);
  });

  it('refuses a payout over the available balance or under the minimum beside the amount, keeping what was typed', async () => {
    signedInAs('owner');
    const seen = moneyApi();
    const { user } = renderPage(<MoneyPage />, { path: '/organizer/money' });
    const form = await screen.findByRole('form', { name: 'Request payout' });
    const amount = within(form).getByLabelText('Amount');
    await user.type(amount, '2400');
    await user.click(within(form).getByRole('button', { name: 'Request payout' }));
    expect(within(form).getByRole('alert').textContent).toBe('At most KES 2,333 is available');
    expect((amount as HTMLInputElement).value).toBe('2400');
    await user.clear(amount);
    await user.type(amount, '99');
    await user.click(within(form).getByRole('button', { name: 'Request payout' }));
    expect(within(form).getByRole('alert').textContent).toBe('The smallest payout is KES 100');
    expect(seen.some((r) => r.method === 'POST')).toBe(false);
  });

  it('requests a payout and shows the server’s refusal on the field it names', async () => {
    signedInAs('owner');
    let asked = 0;
    const seen = moneyApi({}, (req) => {
      if (req.method !== 'POST') return undefined;
      asked++;
      return asked === 1
        ? answer(
            409,
            { code: 'payout.exceeds_available', errors: [{ path: 'amount', message: 'Only KES 2,000 is available' }] },
            { description: 'Only KES 2,000 is available' },
          )
        : answer(201, {
            id: 5,
            currency: 'KES',
            amount: 2000,
            status: 'requested',
            method_type: 'mpesa_b2c',
            destination: 'M-Pesa •••• 678',
            requested_at: '2026-11-27T07:00:00.000Z',
            requested_by: 'Amina Otieno',
            decided_at: null,
            reason: null,
            receipt: null,
            paid_at: null,
            batch_id: null,
          });
    });
    const { user } = renderPage(<MoneyPage />, { path: '/organizer/money' });
    const form = await screen.findByRole('form', { name: 'Request payout' });
    await user.type(within(form).getByLabelText('Amount'), '2,333');
    await user.click(within(form).getByRole('button', { name: 'Request payout' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('Only KES 2,000 is available');
    expect(seen.find((r) => r.method === 'POST')!.body).toEqual({ currency: 'KES', amount: 2333 });
    await user.clear(within(form).getByLabelText('Amount'));
    await user.type(within(form).getByLabelText('Amount'), '2000');
    await user.click(within(form).getByRole('button', { name: 'Request payout' }));
    await waitFor(() => expect(asked).toBe(2));
    await waitFor(() => expect((within(form).getByLabelText('Amount') as HTMLInputElement).value).toBe(''));
  });

  it('holds payout requests while a changed method waits its 48 hours', async () => {
    signedInAs('owner');
    const until = new Date(Date.now() + 47 * 3_600_000).toISOString();
    moneyApi({ methodState: { method, held_until: until } });
    renderPage(<MoneyPage />, { path: '/organizer/money' });
    const form = await screen.findByRole('form', { name: 'Request payout' });
    expect(within(form).getByRole('button', { name: 'Request payout' })).toHaveProperty('disabled', true);
    expect(screen.getAllByText(/Payouts wait until/).length).toBeGreaterThan(0);
  });
});

describe('the payout method form (docs/product.md#payouts)', () => {
  it('checks each field of the chosen method beside it and keeps the values, then sends the method with the password', async () => {
    signedInAs('owner');
    const seen = moneyApi({ methodState: { method: null, held_until: null } }, (req) =>
      req.method === 'PUT'
        ? answer(200, { method, held_until: '2026-11-29T07:00:00.000Z' }, { description: 'Payout method saved' })
        : undefined,
    );
    const { user } = renderPage(<MoneyPage />, { path: '/organizer/money' });
    const form = await screen.findByRole('form', { name: 'Payout method' });
    expect(within(form).getByText(/holds payouts for 48 hours/)).toBeTruthy();
    const phone = within(form).getByLabelText('M-Pesa phone number');
    await user.type(phone, '0812 345');
    await user.click(within(form).getByRole('button', { name: 'Save payout method' }));
    expect(within(form).getByText('Enter a Safaricom number such as 0712 345 678')).toBeTruthy();
    expect(within(form).getByText('Enter your password')).toBeTruthy();
    expect((phone as HTMLInputElement).value).toBe('0812 345');

    // A bank account names each field it misses.
    await user.click(within(form).getByLabelText(/Bank account/));
    await user.click(within(form).getByRole('button', { name: 'Save payout method' }));
    expect(within(form).getByText('Enter the bank')).toBeTruthy();
    expect(within(form).getByText('Enter the account name')).toBeTruthy();

    await user.click(within(form).getByLabelText(/M-Pesa phone/));
    await user.clear(within(form).getByLabelText('M-Pesa phone number'));
    await user.type(within(form).getByLabelText('M-Pesa phone number'), '0712 345 678');
    await user.type(within(form).getByLabelText('Your password'), 'TikitiDemo2026!');
    await user.click(within(form).getByRole('button', { name: 'Save payout method' }));
    await waitFor(() => expect(seen.some((r) => r.method === 'PUT')).toBe(true));
    expect(seen.find((r) => r.method === 'PUT')!.body).toEqual({
      type: 'mpesa_b2c',
      msisdn: '0712 345 678',
      password: 'TikitiDemo2026!',
    });
  });

  it('puts a wrong password beside the password field', async () => {
    signedInAs('owner');
    moneyApi({ methodState: { method: null, held_until: null } }, (req) =>
      req.method === 'PUT'
        ? answer(
            400,
            { code: 'auth.password_rejected', errors: [{ path: 'password', message: 'The password is not right' }] },
            { description: 'The password is not right' },
          )
        : undefined,
    );
    const { user } = renderPage(<MoneyPage />, { path: '/organizer/money' });
    const form = await screen.findByRole('form', { name: 'Payout method' });
    await user.type(within(form).getByLabelText('M-Pesa phone number'), '0712345678');
    await user.type(within(form).getByLabelText('Your password'), 'wrong-one');
    await user.click(within(form).getByRole('button', { name: 'Save payout method' }));
    expect(await within(form).findByText('The password is not right')).toBeTruthy();
    expect((within(form).getByLabelText('M-Pesa phone number') as HTMLInputElement).value).toBe('0712345678');
  });

  it('shows an admin the method but no form and no payout request', async () => {
    signedInAs('admin');
    moneyApi();
    renderPage(<MoneyPage />, { path: '/organizer/money' });
    expect((await screen.findByTestId('payout-method')).textContent).toBe('M-Pesa •••• 678');
    expect(screen.getByText('Only your organisation’s owner can change it.')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Request payout' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Change payout method' })).toBeNull();
  });
});
