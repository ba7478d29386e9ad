import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { answer, mockFetch, type SeenRequest } from '../../../test-support/fetch';
import { renderPage } from '../../../test-support/render';
import { useSession } from '../session-store';
import BuyerLoginPage from './buyer-login-page';
import BuyerSignupPage from './buyer-signup-page';

/** Google sign-in off (no client id), the email code on. */
function api(req: SeenRequest) {
  if (req.path === '/v1/auth/config') return answer(200, { google_client_id: null });
  if (req.path === '/v1/auth/code/request') return answer(200, null, { description: 'We sent you a code' });
  if (req.path === '/v1/auth/code/verify') {
    return req.body && (req.body as { code: string }).code === '123456'
      ? answer(200, { fn: 'Wanjiku', ln: 'Kamau', account_type: 'user' }, { headers: { auth: 'buyer-tok' } })
      : answer(401, null, {
          description: 'This code is wrong or no longer valid. Check the latest email we sent, or ask for a new code.',
        });
  }
  return answer(404, null);
}

const googleScripts = () => document.querySelectorAll('script[src*="accounts.google.com"]');

describe('buyer sign-in and sign-up (docs/product.md#buyer-sign-in)', () => {
  it('without a Google client id shows no Google button and never loads Google’s script', async () => {
    const seen = mockFetch(api);
    const { queryClient } = open('login');
    await waitFor(() => expect(seen.map((r) => r.path)).toContain('/v1/auth/config'));
    expect(seen.find((r) => r.path === '/v1/auth/config')!.headers.Auth).toBeUndefined();
    // The page has the answer (and drew with it) before anything is said to be absent.
    await waitFor(() => expect(queryClient.getQueryState(['auth-config'])?.status).toBe('success'));
    expect(screen.queryByTestId('google-sign-in')).toBeNull();
    expect(screen.queryByText('or use your email')).toBeNull();
    expect(googleScripts()).toHaveLength(0);
    expect(screen.getByLabelText('Email address')).toBeTruthy();
  });

  it('signs a buyer in with the mailed code and goes home as account type user', async () => {
    const seen = mockFetch(api);
    const { user } = open('login');
    await user.type(screen.getByLabelText('Email address'), 'wanjiku@example.co.ke');
    await user.click(screen.getByRole('button', { name: 'Email me a sign-in code' }));
    await screen.findByText('Check your inbox');
    // The email step is gone: focus waits in the code field.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Sign-in code')));
    await user.type(screen.getByLabelText('Sign-in code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await screen.findByText(/This code is wrong or no longer valid/);
    expect(useSession.getState().token).toBeNull();
    await user.clear(screen.getByLabelText('Sign-in code'));
    await user.type(screen.getByLabelText('Sign-in code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect((await screen.findByTestId('landed')).textContent).toBe('/');
    expect(useSession.getState()).toMatchObject({ token: 'buyer-tok', accountType: 'user' });
    expect(seen.filter((r) => r.path === '/v1/auth/code/verify').at(-1)!.body).toEqual({
      email: 'wanjiku@example.co.ke',
      code: '123456',
    });
    expect(googleScripts()).toHaveLength(0);
  });

  it('links the login page to the host sign-in, sign-up, privacy and contact', async () => {
    mockFetch(api);
    open('login');
    expect(screen.getByRole('heading', { name: 'Sign in to Tikiti' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign In to your Host Account' }).getAttribute('href')).toBe(
      '/organizer/login',
    );
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe('/signup');
    expect(screen.getByRole('link', { name: 'Privacy policy' }).getAttribute('href')).toBe('/privacy-policy');
    expect(screen.getByRole('link', { name: 'Talk to us' }).getAttribute('href')).toBe('/talk-to-us');
  });

  it('links the sign-up page to the host registration and to sign-in', async () => {
    mockFetch(api);
    open('signup');
    expect(screen.getByRole('heading', { name: 'Create your Tikiti account' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign Up as Host' }).getAttribute('href')).toBe('/organizer/register');
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: 'Talk to us' }).getAttribute('href')).toBe('/talk-to-us');
  });

  it('changes the page background while shown, and puts it back after', async () => {
    mockFetch(api);
    const before = document.body.className;
    const view = open('login');
    expect(document.body.classList.contains('from-brand-50')).toBe(true);
    view.unmount();
    expect(document.body.className).toBe(before);
  });
});

function open(page: 'login' | 'signup') {
  return page === 'login'
    ? renderPage(<BuyerLoginPage />, { path: '/login' })
    : renderPage(<BuyerSignupPage />, { path: '/signup' });
}
