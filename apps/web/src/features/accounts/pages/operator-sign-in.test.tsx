import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { findBanner } from '../../../test-support/banner';
import { answer, mockFetch } from '../../../test-support/fetch';
import { renderPage } from '../../../test-support/render';
import { useSession } from '../session-store';
import OperatorSignInPage from './operator-sign-in-page';

const step = { second_factor: 'totp', pending_token: 'pending-1', expires_at: '2026-11-27T08:05:00.000Z' };

describe('operator sign-in at /operator (docs/product.md#the-operator)', () => {
  const open = () => renderPage(<OperatorSignInPage />, { path: '/operator' });

  it('takes the password, then the TOTP code, and opens the console with an operator session', async () => {
    const seen = mockFetch((req) =>
      req.path === '/v1/auth/login'
        ? answer(200, step)
        : answer(200, { fn: 'Tikiti', ln: 'Operator', account_type: 'operator' }, { headers: { auth: 'op-tok' } }),
    );
    const { user } = open();
    await user.type(screen.getByLabelText('Email'), 'operator@tikiti.co.ke');
    await user.type(screen.getByLabelText('Password'), 'TikitiOperator2026!');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.type(await screen.findByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect((await screen.findByTestId('landed')).textContent).toBe('/operator/payouts');
    expect(seen[1]).toMatchObject({
      path: '/v1/auth/login/totp',
      body: { pending_token: 'pending-1', code: '123456' },
    });
    expect(useSession.getState()).toMatchObject({ token: 'op-tok', accountType: 'operator' });
  });

  it('shows a wrong code beside the field and keeps the step', async () => {
    mockFetch((req) =>
      req.path === '/v1/auth/login'
        ? answer(200, step)
        : answer(
            400,
            { code: 'auth.totp_rejected', errors: [{ path: 'code', message: 'That code is not right' }] },
            { description: 'That code is not right' },
          ),
    );
    const { user } = open();
    await user.type(screen.getByLabelText('Email'), 'operator@tikiti.co.ke');
    await user.type(screen.getByLabelText('Password'), 'TikitiOperator2026!');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.type(await screen.findByLabelText('Authentication code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(await screen.findByText('That code is not right')).toBeTruthy();
    expect((screen.getByLabelText('Authentication code') as HTMLInputElement).value).toBe('000000');
    expect(useSession.getState().token).toBeNull();
  });

  it('refuses an organiser’s account and keeps no session', async () => {
    mockFetch((req) =>
      req.path === '/v1/auth/login'
        ? answer(200, step)
        : answer(200, { fn: 'Amina', ln: 'Otieno', account_type: 'organizer' }, { headers: { auth: 'org-tok' } }),
    );
    const { user } = open();
    await user.type(screen.getByLabelText('Email'), 'demo@tikiti.co.ke');
    await user.type(screen.getByLabelText('Password'), 'TikitiDemo2026!');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.type(await screen.findByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    await findBanner('This is not an operator account. Organisers sign in at /organizer/login.');
    expect(useSession.getState().token).toBeNull();
  });

  it('keeps a new operator’s session without two-factor sign-in and opens the console (which sends it to the setup)', async () => {
    mockFetch(() =>
      answer(200, { fn: 'Nia', ln: 'Otieno', account_type: 'operator' }, { headers: { auth: 'op-new' } }),
    );
    const { user } = open();
    await user.type(screen.getByLabelText('Email'), 'nia@tikiti.co.ke');
    await user.type(screen.getByLabelText('Password'), 'A long operator passphrase 2026');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    // The console's frame then opens /operator/security (operator-layout.test.tsx).
    expect((await screen.findByTestId('landed')).textContent).toBe('/operator/payouts');
    expect(useSession.getState()).toMatchObject({ token: 'op-new', accountType: 'operator' });
  });
});
