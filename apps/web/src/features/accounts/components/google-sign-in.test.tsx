import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { answer, mockFetch, type SeenRequest } from '../../../test-support/fetch';
import { renderPage } from '../../../test-support/render';
import BuyerLoginPage from '../pages/buyer-login-page';
import BuyerSignupPage from '../pages/buyer-signup-page';
import { useSession } from '../session-store';
import { GOOGLE_SCRIPT, GoogleSignIn } from './google-sign-in';

const CLIENT_ID = '1234-tikiti.apps.googleusercontent.com';

/** happy-dom loads no script files; it can report them loaded (Google's library is stubbed below) or failed. */
const happyDom = (window as unknown as { happyDOM: { settings: { handleDisabledFileLoadingAsSuccess: boolean } } })
  .happyDOM.settings;

/** A Google ID token as Google's library hands it over: only its payload matters here (the server verifies it). */
function credentialOf(claims: Record<string, unknown>) {
  const part = (o: unknown) =>
    btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(o))))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  return `${part({ alg: 'RS256', kid: 'k1', typ: 'JWT' })}.${part(claims)}.c2lnbmF0dXJl`;
}

const claims = {
  iss: 'https://accounts.google.com',
  aud: CLIENT_ID,
  sub: '110248495921238986420',
  email: 'wanjiku.kamau@gmail.com',
  email_verified: true,
  name: 'Wanjikũ Kamau',
  picture: 'https://lh3.googleusercontent.com/a/photo',
};

type Callback = (response: { credential?: string }) => void;

/** Google's `google.accounts.id`, recording what the page asks of it. */
function stubGoogle() {
  const id = {
    initialize: vi.fn<(config: { client_id: string; callback: Callback; context?: string }) => void>(),
    renderButton: vi.fn((parent: HTMLElement, _options: Record<string, unknown>) => {
      const button = document.createElement('div');
      button.setAttribute('role', 'button');
      button.textContent = 'Sign in with Google';
      parent.appendChild(button);
    }),
    prompt: vi.fn(),
    cancel: vi.fn(),
  };
  (window as { google?: unknown }).google = { accounts: { id } };
  return id;
}

function api(firebase: () => ReturnType<typeof answer>) {
  return (req: SeenRequest) => {
    if (req.path === '/v1/auth/config') return answer(200, { google_client_id: CLIENT_ID });
    if (req.path === '/v1/auth/firebase') return firebase();
    return answer(404, null);
  };
}

const signedIn = () =>
  answer(200, { fn: 'Wanjikũ', ln: 'Kamau', account_type: 'user' }, { headers: { auth: 'g-tok' } });
const scripts = () =>
  [...document.querySelectorAll<HTMLScriptElement>('script')].filter((s) => s.src === GOOGLE_SCRIPT);

beforeEach(() => {
  happyDom.handleDisabledFileLoadingAsSuccess = true;
});
afterEach(() => {
  delete (window as { google?: unknown }).google;
});
afterAll(() => {
  happyDom.handleDisabledFileLoadingAsSuccess = false;
});

describe('Google sign-in for buyers (docs/product.md#buyer-sign-in)', () => {
  it('loads Google’s script once configured, draws the large button (40 px) and offers One Tap', async () => {
    const google = stubGoogle();
    mockFetch(api(signedIn));
    renderPage(<BuyerLoginPage />, { path: '/login' });
    const slot = await screen.findByTestId('google-sign-in');
    await waitFor(() => expect(google.renderButton).toHaveBeenCalledTimes(1));
    expect(scripts()).toHaveLength(1);
    expect(scripts()[0]!.async).toBe(true);
    expect(google.initialize).toHaveBeenCalledWith(
      expect.objectContaining({ client_id: CLIENT_ID, context: 'signin', ux_mode: 'popup' }),
    );
    const [parent, options] = google.renderButton.mock.calls[0]!;
    expect(parent).toBe(slot);
    expect(options).toMatchObject({ type: 'standard', theme: 'outline', size: 'large', text: 'signin_with' });
    expect(options.width).toBeGreaterThanOrEqual(200);
    expect(options.width).toBeLessThanOrEqual(400);
    expect(slot.style.minHeight).toBe('40px');
    expect(google.prompt).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Sign in with Google' })).toBeTruthy();
    expect(screen.getByText('or use your email')).toBeTruthy();
    expect(screen.getByLabelText('Email address')).toBeTruthy();
  });

  it('signs in with the credential through POST v1/auth/firebase and goes home as account type user', async () => {
    const google = stubGoogle();
    const seen = mockFetch(api(signedIn));
    renderPage(<BuyerLoginPage />, { path: '/login' });
    await waitFor(() => expect(google.initialize).toHaveBeenCalled());
    const credential = credentialOf(claims);
    google.initialize.mock.calls[0]![0].callback({ credential });
    expect((await screen.findByTestId('landed')).textContent).toBe('/');
    const call = seen.find((r) => r.path === '/v1/auth/firebase')!;
    expect(call.method).toBe('POST');
    expect(call.headers.Auth).toBeUndefined();
    expect(call.body).toEqual({
      firebaseUid: '110248495921238986420',
      email: 'wanjiku.kamau@gmail.com',
      name: 'Wanjikũ Kamau',
      photoURL: 'https://lh3.googleusercontent.com/a/photo',
      providerId: 'google',
      credential,
    });
    expect(useSession.getState()).toMatchObject({
      token: 'g-tok',
      accountType: 'user',
      userName: { fn: 'Wanjikũ', ln: 'Kamau' },
    });
    // One script for the whole visit.
    expect(scripts()).toHaveLength(1);
  });

  it('says calmly when Google sign-in is refused, and leaves any session as it was', async () => {
    useSession.getState().signIn('old', 'user', { fn: 'A', ln: 'B' });
    const google = stubGoogle();
    mockFetch(api(() => answer(401, null, { description: 'Google sign-in failed' })));
    renderPage(<BuyerLoginPage />, { path: '/login' });
    await waitFor(() => expect(google.initialize).toHaveBeenCalled());
    google.initialize.mock.calls[0]![0].callback({ credential: credentialOf(claims) });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Google sign-in did not work this time. Please try again, or use an email code below.',
    );
    expect(screen.queryByTestId('landed')).toBeNull();
    expect(useSession.getState().token).toBe('old');
  });

  it('passes on the server’s word when waiting helps (429)', async () => {
    const google = stubGoogle();
    mockFetch(api(() => answer(429, null, { description: 'Too many sign-in attempts. Please wait 15 minutes.' })));
    renderPage(<BuyerLoginPage />, { path: '/login' });
    await waitFor(() => expect(google.initialize).toHaveBeenCalled());
    google.initialize.mock.calls[0]![0].callback({ credential: credentialOf(claims) });
    expect((await screen.findByRole('alert')).textContent).toBe('Too many sign-in attempts. Please wait 15 minutes.');
  });

  it('says "Sign up with Google" on the sign-up page', async () => {
    const google = stubGoogle();
    mockFetch(api(signedIn));
    renderPage(<BuyerSignupPage />, { path: '/signup' });
    await waitFor(() => expect(google.renderButton).toHaveBeenCalled());
    expect(google.initialize.mock.calls[0]![0].context).toBe('signup');
    expect(google.renderButton.mock.calls[0]![1]).toMatchObject({ text: 'signup_with', size: 'large' });
  });

  // The spec's sizes, written out here rather than read from the component's own table.
  it.each([
    ['large', 40],
    ['medium', 32],
    ['small', 20],
  ] as const)('draws the %s button %i px high', async (size, height) => {
    const google = stubGoogle();
    mockFetch(api(signedIn));
    renderPage(<GoogleSignIn mode="signin" size={size} />);
    const slot = await screen.findByTestId('google-sign-in');
    expect(slot.style.minHeight).toBe(`${height}px`);
    await waitFor(() => expect(google.renderButton.mock.calls[0]![1]).toMatchObject({ size }));
  });

  it('ends One Tap when the page goes', async () => {
    const google = stubGoogle();
    mockFetch(api(signedIn));
    const view = renderPage(<BuyerLoginPage />, { path: '/login' });
    await waitFor(() => expect(google.prompt).toHaveBeenCalled());
    view.unmount();
    expect(google.cancel).toHaveBeenCalled();
  });
});
