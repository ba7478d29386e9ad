import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { findBanner } from '../../../test-support/banner';
import { answer, mockFetch } from '../../../test-support/fetch';
import { renderPage } from '../../../test-support/render';
import { useSession } from '../session-store';
import OperatorSetPasswordPage from './operator-set-password-page';

const link = '/operator/set-password?username=nia%40tikiti.co.ke&code=482913';
const PASSWORD = 'A long operator passphrase 2026';

describe('a new operator sets the password at /operator/set-password (docs/product.md#the-operator)', () => {
  const open = (at = link) => renderPage(<OperatorSetPasswordPage />, { path: '/operator/set-password', at });

  it('checks the fields before any call: all required, then the two passwords alike', async () => {
    const seen = mockFetch(() => answer(500, null));
    const { user } = open('/operator/set-password?username=nia%40tikiti.co.ke');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    await findBanner('All fields are required');
    await user.type(screen.getByLabelText('Verification Code'), '482913');
    await user.type(screen.getByLabelText('Password'), PASSWORD);
    await user.type(screen.getByLabelText('Confirm Password'), `${PASSWORD}!`);
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findAllByText('Password do not match')).not.toHaveLength(0);
    expect(screen.getByLabelText('Confirm Password').getAttribute('aria-invalid')).toBe('true');
    expect(seen).toHaveLength(0);
  });

  it('shows a refused code beside the code field and keeps no session', async () => {
    const refusal = 'This code is not right or has expired';
    mockFetch(() =>
      answer(
        400,
        { code: 'auth.code_rejected', errors: [{ path: 'code', message: refusal }] },
        { description: refusal },
      ),
    );
    const { user } = open();
    await user.type(screen.getByLabelText('Password'), PASSWORD);
    await user.type(screen.getByLabelText('Confirm Password'), PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    const code = screen.getByLabelText('Verification Code');
    await expect.poll(() => code.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(code.getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent).toContain(
      refusal,
    );
    expect(useSession.getState().token).toBeNull();
  });

  it('sets the password with the link’s code, keeps the operator’s session and goes on to the two-factor setup', async () => {
    const seen = mockFetch(() =>
      answer(200, { fn: 'Nia', ln: 'Otieno', account_type: 'operator' }, { headers: { auth: 'op-tok' } }),
    );
    const { user } = open();
    expect((screen.getByLabelText('Verification Code') as HTMLInputElement).value).toBe('482913');
    await user.type(screen.getByLabelText('Password'), PASSWORD);
    await user.type(screen.getByLabelText('Confirm Password'), PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect((await screen.findByTestId('landed')).textContent).toBe('/operator/security');
    expect(seen).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/v1/auth/password/reset',
        body: { code: '482913', username: 'nia@tikiti.co.ke', password: PASSWORD },
      }),
    ]);
    expect(useSession.getState()).toMatchObject({ token: 'op-tok', accountType: 'operator' });
  });
});
