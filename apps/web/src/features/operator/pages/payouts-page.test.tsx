import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { answer, mockFetch } from '../../../test-support/fetch';
import { renderPage } from '../../../test-support/render';
import { useSession } from '../../accounts';
import OperatorPayoutsPage from './payouts-page';

const payout = {
  id: 41,
  currency: 'KES',
  amount: 2333,
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
  organisation: { id: 3, name: 'Fintech Kenya', verified: true, suspended: false },
  available_after: 0,
};

function consoleApi(onPost: (path: string, body: unknown) => ReturnType<typeof answer>) {
  return mockFetch((req) => {
    if (req.method === 'POST') return onPost(req.path, req.body);
    if (req.path.startsWith('/v1/operator/payouts')) return answer(200, { data: [payout], total: 1 });
    if (req.path.startsWith('/v1/operator/payout-batches')) return answer(200, { data: [], total: 0 });
    if (req.path.startsWith('/v1/operator/settings'))
      return answer(200, { auto_approve_below: { KES: null, USD: null } });
    return answer(404, null);
  });
}

describe('the operator’s payouts queue (docs/product.md#payouts)', () => {
  it('asks for a reason before rejecting, keeps it when the server refuses, then sends it', async () => {
    useSession.getState().signIn('op', 'operator', { fn: 'Tikiti', ln: 'Operator' });
    let posts = 0;
    const seen = consoleApi(() => {
      posts++;
      return posts === 1
        ? answer(409, { code: 'payout.wrong_state' }, { description: 'This payout was approved already' })
        : answer(200, { ...payout, status: 'rejected', reason: 'Bank details to confirm' });
    });
    const { user } = renderPage(<OperatorPayoutsPage />, { path: '/operator/payouts' });
    const list = await screen.findByRole('list', { name: 'Payouts' });
    expect(within(list).getByText('Fintech Kenya')).toBeTruthy();
    await user.click(within(list).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Reject payout' }));
    expect(within(dialog).getByText('Say why')).toBeTruthy();
    expect(posts).toBe(0);
    await user.type(within(dialog).getByLabelText('Reason (the organiser sees it)'), 'Bank details to confirm');
    await user.click(within(dialog).getByRole('button', { name: 'Reject payout' }));
    expect(await within(dialog).findByText('This payout was approved already')).toBeTruthy();
    expect((within(dialog).getByLabelText('Reason (the organiser sees it)') as HTMLTextAreaElement).value).toBe(
      'Bank details to confirm',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Reject payout' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const rejects = seen.filter((r) => r.method === 'POST');
    expect(rejects.at(-1)).toMatchObject({
      path: '/v1/operator/payouts/41/reject',
      body: { reason: 'Bank details to confirm' },
    });
  });

  it('approves after a confirmation that says where the money goes', async () => {
    useSession.getState().signIn('op', 'operator', { fn: 'Tikiti', ln: 'Operator' });
    const seen = consoleApi(() => answer(200, { ...payout, status: 'sending' }));
    const { user } = renderPage(<OperatorPayoutsPage />, { path: '/operator/payouts' });
    const list = await screen.findByRole('list', { name: 'Payouts' });
    await user.click(within(list).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('KES 2,333 to Fintech Kenya (M-Pesa •••• 678)');
    await user.click(within(dialog).getByRole('button', { name: 'Approve payout' }));
    await waitFor(() => expect(seen.some((r) => r.path === '/v1/operator/payouts/41/approve')).toBe(true));
  });

  it('says so when nothing waits', async () => {
    useSession.getState().signIn('op', 'operator', { fn: 'Tikiti', ln: 'Operator' });
    mockFetch((req) =>
      req.path.startsWith('/v1/operator/payouts')
        ? answer(200, { data: [], total: 0 })
        : req.path.startsWith('/v1/operator/payout-batches')
          ? answer(200, { data: [], total: 0 })
          : answer(200, { auto_approve_below: { KES: null, USD: null } }),
    );
    renderPage(<OperatorPayoutsPage />, { path: '/operator/payouts' });
    expect(await screen.findByText('Nothing waits for approval')).toBeTruthy();
  });
});
