import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { useAlert } from '../../../lib/alert';
import { findBanner } from '../../../test-support/banner';
import { answer, mockFetch } from '../../../test-support/fetch';
import { renderPage } from '../../../test-support/render';
import { useAccountDrafts } from '../account-drafts';
import { useSession } from '../session-store';
import ForgotPage from './forgot-page';
import ResetPage from './reset-page';
import SignInPage from './sign-in-page';

const signedIn = { fn: 'Amina', ln: 'Otieno', account_type: 'organizer' };

afterEach(() => useAccountDrafts.setState({ registration: null, resetUsername: null }));

describe('organiser sign-in (docs/product.md#validation-rules)', () => {
  const open = () => renderPage(<SignInPage />, { path: '/organizer/login' });

  it('needs username and password: All fields are required', async () => {
    const seen = mockFetch(() => answer(200, signedIn, { headers: { auth: 'tok' } }));
    const { user } = open();
    await user.type(screen.getByLabelText('Username'), 'amina@example.co.ke');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await findBanner('All fields are required');
    expect(seen).toEqual([]);
  });

  it('signs in as organiser with the token handed back, then opens the dashboard', async () => {
    const seen = mockFetch(() => answer(200, signedIn, { headers: { auth: 'tok-1' } }));
    const { user } = open();
    await user.type(screen.getByLabelText('Username'), 'amina@example.co.ke');
    await user.type(screen.getByLabelText('Password'), 'TikitiDemo2026!');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect((await screen.findByTestId('landed')).textContent).toBe('/organizer/dashboard');
    expect(seen[0]).toMatchObject({
      method: 'POST',
      path: '/v1/auth/login',
      body: { username: 'amina@example.co.ke', password: 'TikitiDemo2026!' },
    });
    expect(useSession.getState()).toMatchObject({
      token: 'tok-1',
      accountType: 'organizer',
      userName: { fn: 'Amina', ln: 'Otieno' },
    });
  });

  it('shows the server’s message on a failed attempt and leaves an earlier session as it was', async () => {
    useSession.getState().signIn('buyer-token', 'user', { fn: 'W', ln: 'K' });
    const seen = mockFetch(() => answer(401, null, { description: 'Wrong username or password' }));
    const { user } = open();
    await user.type(screen.getByLabelText('Username'), 'amina@example.co.ke');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await findBanner('Wrong username or password');
    expect(seen[0]!.headers.Auth).toBeUndefined();
    expect(useSession.getState()).toMatchObject({ token: 'buyer-token', accountType: 'user' });
  });

  it('refuses a sign-in answer that does not match the contract', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch(() => answer(200, { fn: 'Amina' }, { headers: { auth: 'tok-1' } }));
    const { user } = open();
    await user.type(screen.getByLabelText('Username'), 'amina@example.co.ke');
    await user.type(screen.getByLabelText('Password'), 'TikitiDemo2026!');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await findBanner('Tikiti sent an answer we could not read. Please try again.');
    expect(useSession.getState().token).toBeNull();
  });
});

describe('account verification (docs/product.md#validation-rules)', () => {
  const open = (at = '/organizer/reset') => renderPage(<ResetPage />, { path: '/organizer/reset', at });

  it('without a username to verify, goes to sign-in', async () => {
    open();
    expect((await screen.findByTestId('landed')).textContent).toBe('/organizer/login');
  });

  it('needs code and both passwords: All fields are required', async () => {
    useAccountDrafts.getState().setResetUsername('amina@example.co.ke');
    const { user } = open();
    await user.type(screen.getByLabelText('Verification Code'), '123456');
    await user.type(screen.getByLabelText('Password'), 'a-long-password');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await findBanner('All fields are required');
  });

  it('needs the confirmation to match: Password do not match', async () => {
    useAccountDrafts.getState().setResetUsername('amina@example.co.ke');
    const seen = mockFetch(() => answer(200, signedIn, { headers: { auth: 'tok' } }));
    const { user } = open();
    await user.type(screen.getByLabelText('Verification Code'), '123456');
    await user.type(screen.getByLabelText('Password'), 'a-long-password');
    await user.type(screen.getByLabelText('Confirm Password'), 'a-long-passwordx');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await findBanner('Password do not match');
    expect(seen).toEqual([]);
  });

  it('sets the password for the username of an invite link and signs in as organiser', async () => {
    const seen = mockFetch(() =>
      answer(200, signedIn, { headers: { auth: 'tok-2' }, description: 'Password set, welcome to Tikiti' }),
    );
    const { user } = open('/organizer/reset?username=juma@example.co.ke');
    expect(await screen.findByText('juma@example.co.ke')).toBeTruthy();
    await user.type(screen.getByLabelText('Verification Code'), '123456');
    await user.type(screen.getByLabelText('Password'), 'a-long-password');
    await user.type(screen.getByLabelText('Confirm Password'), 'a-long-password');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByTestId('landed')).textContent).toBe('/organizer/dashboard');
    expect(seen[0]).toMatchObject({
      path: '/v1/auth/password/reset',
      body: { code: '123456', username: 'juma@example.co.ke', password: 'a-long-password' },
    });
    expect(useSession.getState()).toMatchObject({ token: 'tok-2', accountType: 'organizer' });
    expect(useAlert.getState().message).toEqual({ type: 'success', text: 'Password set, welcome to Tikiti' });
    expect(useAccountDrafts.getState().resetUsername).toBeNull();
  });
});

describe('account recovery (docs/product.md#validation-rules)', () => {
  const open = () => renderPage(<ForgotPage />, { path: '/organizer/forgot' });

  it('needs the username: All fields are required', async () => {
    const seen = mockFetch(() => answer(200, null));
    const { user } = open();
    await user.click(screen.getByRole('button', { name: 'Recover' }));
    await findBanner('All fields are required');
    expect(seen).toEqual([]);
  });

  it('asks for a code, keeps the username and goes on to verification', async () => {
    const seen = mockFetch(() => answer(200, null, { description: 'If the account exists, a code is on its way' }));
    const { user } = open();
    await user.type(screen.getByLabelText('Username'), 'amina@example.co.ke');
    await user.click(screen.getByRole('button', { name: 'Recover' }));
    expect((await screen.findByTestId('landed')).textContent).toBe('/organizer/reset');
    expect(seen[0]).toMatchObject({ path: '/v1/auth/password/forgot', body: { username: 'amina@example.co.ke' } });
    expect(useAccountDrafts.getState().resetUsername).toBe('amina@example.co.ke');
    expect(useAlert.getState().message?.text).toBe('If the account exists, a code is on its way');
  });
});
