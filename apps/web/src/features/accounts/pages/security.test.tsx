import { describe, expect, it } from 'vitest';
import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { useAlert } from '../../../lib/alert';
import { findBanner } from '../../../test-support/banner';
import { answer, mockFetch } from '../../../test-support/fetch';
import { renderPage } from '../../../test-support/render';
import { usePasswordConfirmation } from '../components/password-confirmation';
import { useSession } from '../session-store';
import SecurityPage from './security-page';
import SignInPage from './sign-in-page';

const signedIn = { fn: 'Amina', ln: 'Otieno', account_type: 'organizer' };
const step = { second_factor: 'totp', pending_token: 'ps1.pending', expires_at: '2026-03-01T10:05:00.000Z' };

describe('the second step of a sign-in (docs/product.md#account-security)', () => {
  it('asks for the code after the password, shows a wrong one beside the field, and signs in with the right one', async () => {
    let tries = 0;
    const seen = mockFetch((req) => {
      if (req.path === '/v1/auth/login') return answer(200, step, { description: 'Enter the 6-digit code' });
      tries++;
      if (tries === 1) {
        return answer(400, {
          code: 'auth.totp_rejected',
          errors: [{ path: 'code', message: 'This code is not right.' }],
        });
      }
      return answer(200, signedIn, { headers: { auth: 'tok-2fa' } });
    });
    const { user } = renderPage(<SignInPage />, { path: '/organizer/login' });
    await user.type(screen.getByLabelText('Username'), 'amina@example.co.ke');
    await user.type(screen.getByLabelText('Password'), 'TikitiDemo2026!');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    const code = await screen.findByLabelText('Authentication code');
    expect(useSession.getState().token).toBeNull();

    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(await screen.findByText('This code is not right.')).toBeTruthy();
    await user.clear(code);
    await user.type(code, 'abcde-23456');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect((await screen.findByTestId('landed')).textContent).toBe('/organizer/dashboard');
    expect(seen.at(-1)).toMatchObject({
      path: '/v1/auth/login/totp',
      body: { pending_token: 'ps1.pending', code: 'abcde-23456' },
    });
    expect(seen.at(-1)!.headers.Auth).toBeUndefined();
    expect(useSession.getState()).toMatchObject({ token: 'tok-2fa', accountType: 'organizer' });
  });

  it('starts again with the password when the second step has expired', async () => {
    mockFetch((req) =>
      req.path === '/v1/auth/login'
        ? answer(200, step)
        : answer(401, { code: 'auth.sign_in_step_ended' }, { description: 'This sign-in has expired.' }),
    );
    const { user } = renderPage(<SignInPage />, { path: '/organizer/login' });
    await user.type(screen.getByLabelText('Username'), 'amina@example.co.ke');
    await user.type(screen.getByLabelText('Password'), 'TikitiDemo2026!');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await user.type(await screen.findByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    await findBanner('This sign-in has expired.');
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeTruthy();
  });
});

describe('Settings, Security', () => {
  const sessions = [
    {
      id: 7,
      device: 'Chrome on Windows',
      address: '10.0.0.7',
      created_at: '2026-03-01T06:00:00.000Z',
      last_used_at: '2026-03-01T08:00:00.000Z',
      expires_at: '2026-03-01T20:00:00.000Z',
      current: true,
    },
    {
      id: 8,
      device: 'Safari on iPhone',
      address: '10.0.0.8',
      created_at: '2026-02-27T06:00:00.000Z',
      last_used_at: '2026-02-28T08:00:00.000Z',
      expires_at: '2026-02-28T20:00:00.000Z',
      current: false,
    },
  ];

  it('sets up two-factor sign-in: QR code and key, the first code, then the recovery codes once', async () => {
    useSession.getState().signIn('tok', 'organizer', { fn: 'A', ln: 'O' });
    let enabled = false;
    const codes = Array.from({ length: 10 }, (_, i) => `ABCDE-2345${i}`);
    const seen = mockFetch((req) => {
      if (req.path === '/v1/auth/totp') {
        return answer(200, {
          enabled,
          enabled_at: enabled ? '2026-03-01T08:00:00.000Z' : null,
          recovery_codes_left: enabled ? 10 : 0,
        });
      }
      if (req.path === '/v1/auth/totp/setup') {
        return answer(200, {
          secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
          otpauth_uri: 'otpauth://totp/x',
          qr_data_url: 'data:image/png;base64,AA',
        });
      }
      if (req.path === '/v1/auth/totp/enable') {
        enabled = true;
        return answer(200, { recovery_codes: codes }, { headers: { auth: 'tok-rotated' } });
      }
      if (req.path === '/v1/auth/sessions') return answer(200, sessions);
      return answer(404, null);
    });
    const { user } = renderPage(<SecurityPage />, { path: '/organizer/security' });
    await user.click(await screen.findByRole('button', { name: 'Set up two-factor sign-in' }));
    expect((await screen.findByRole('img', { name: /QR code/ })).getAttribute('src')).toBe('data:image/png;base64,AA');
    expect(screen.getByLabelText('Setup key').textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');

    await user.click(screen.getByRole('button', { name: 'Turn on two-factor sign-in' }));
    expect(await screen.findByText('Enter the 6-digit code from your authenticator app')).toBeTruthy();
    await user.type(screen.getByLabelText('Code from the app'), '654321');
    await user.click(screen.getByRole('button', { name: 'Turn on two-factor sign-in' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(codes);
    expect(seen.find((r) => r.path === '/v1/auth/totp/enable')!.body).toEqual({ code: '654321' });
    expect(useSession.getState().token).toBe('tok-rotated');

    await user.click(screen.getByRole('button', { name: 'I have saved them' }));
    expect(await screen.findByText(/10 of 10 recovery codes left/)).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).toBeNull();
  });

  it('lists the sessions with this device marked, and ends another one', async () => {
    useSession.getState().signIn('tok', 'organizer', { fn: 'A', ln: 'O' });
    let list = sessions;
    const seen = mockFetch((req) => {
      if (req.path === '/v1/auth/totp')
        return answer(200, { enabled: false, enabled_at: null, recovery_codes_left: 0 });
      if (req.path === '/v1/auth/sessions') return answer(200, list);
      if (req.method === 'DELETE' && req.path === '/v1/auth/sessions/8') {
        list = sessions.slice(0, 1);
        return answer(200, null, { description: 'That session has ended' });
      }
      return answer(404, null);
    });
    const { user } = renderPage(<SecurityPage />, { path: '/organizer/security' });
    const items = within(await screen.findByRole('list', { name: 'Sessions' })).getAllByRole('listitem');
    expect(items[0]!.textContent).toContain('This device');
    expect(within(items[0]!).queryByRole('button')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'End the session on Safari on iPhone' }));
    await waitFor(() =>
      expect(useAlert.getState().message).toMatchObject({ type: 'success', text: 'That session has ended' }),
    );
    await waitFor(() => expect(screen.queryByText('Safari on iPhone')).toBeNull());
    expect(seen.some((r) => r.method === 'DELETE' && r.path === '/v1/auth/sessions/8')).toBe(true);
    expect(screen.getByText('You are signed in on this device only.')).toBeTruthy();
  });
});

/** A page that downloads something the API guards with the password asked again. */
function Exporter() {
  const { withConfirmation, dialog } = usePasswordConfirmation();
  const [done, setDone] = useState('');
  const run = async () => {
    const result = await withConfirmation(() =>
      api('client/event/7/attendees.csv', { side: 'organiser', schema: z.string() }),
    );
    setDone(result ?? 'cancelled');
  };
  return (
    <>
      <button type="button" onClick={() => void run()}>
        Export
      </button>
      <p data-testid="done">{done}</p>
      {dialog}
    </>
  );
}

describe('the password asked again before attendee data leaves', () => {
  it('asks in a dialog when the API wants it, shows a wrong password beside the field, then repeats the call', async () => {
    useSession.getState().signIn('tok', 'organizer', { fn: 'A', ln: 'O' });
    let confirmed = false;
    const seen = mockFetch((req) => {
      if (req.path === '/v1/auth/confirm') {
        if ((req.body as { password: string }).password !== 'right one') {
          return answer(400, {
            code: 'auth.password_rejected',
            errors: [{ path: 'password', message: 'This password is not correct' }],
          });
        }
        confirmed = true;
        return answer(200, { confirmed_until: '2026-03-01T08:05:00.000Z' }, { headers: { auth: 'tok-confirmed' } });
      }
      return confirmed
        ? answer(200, 'the file')
        : answer(403, { code: 'auth.confirm_required' }, { description: 'Enter your password again' });
    });
    const { user } = renderPage(<Exporter />);
    await user.click(screen.getByRole('button', { name: 'Export' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enter your password again' });
    await user.type(within(dialog).getByLabelText('Password'), 'wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm and download' }));
    expect(await within(dialog).findByText('This password is not correct')).toBeTruthy();
    await user.clear(within(dialog).getByLabelText('Password'));
    await user.type(within(dialog).getByLabelText('Password'), 'right one');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm and download' }));
    await waitFor(() => expect(screen.getByTestId('done').textContent).toBe('the file'));
    expect(screen.queryByRole('dialog')).toBeNull();
    // The repeated call went with the token the confirmation handed back.
    expect(seen.at(-1)!.headers.Auth).toBe('tok-confirmed');
    expect(useSession.getState().token).toBe('tok-confirmed');
  });

  it('gives up quietly when the organiser cancels', async () => {
    useSession.getState().signIn('tok', 'organizer', { fn: 'A', ln: 'O' });
    mockFetch(() => answer(403, { code: 'auth.confirm_required' }));
    const { user } = renderPage(<Exporter />);
    await user.click(screen.getByRole('button', { name: 'Export' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByTestId('done').textContent).toBe('cancelled'));
  });
});
