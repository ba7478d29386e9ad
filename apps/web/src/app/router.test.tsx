import { beforeEach, describe, expect, it } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { render, screen } from '@testing-library/react';
import { answer, mockFetch } from '../test-support/fetch';
import { useSession } from '../features/accounts';
import { AppRoutes } from './router';

function open(path: string) {
  const router = createMemoryRouter([{ path: '*', element: <AppRoutes /> }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

beforeEach(() => {
  // Google sign-in off, no tickets yet.
  mockFetch((req) => answer(200, req.path === '/v1/auth/config' ? { google_client_id: null } : []));
});

describe('guarded pages (docs/product.md#routes-and-screens: payment/success and account/tickets need a token)', () => {
  it.each([
    ['/payment/success?payment_intent_client_secret=pi_1', '/payment/success?payment_intent_client_secret=pi_1'],
    ['/account/tickets', '/account/tickets'],
  ])('send a visitor without a token from %s to /login, remembering where they were going', async (path, from) => {
    const router = open(path);
    await screen.findByRole('heading', { name: 'Sign in to Tikiti' }, { timeout: 5000 });
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({ from });
  });

  it.each([
    ['/payment/success', 'We could not find this payment'],
    ['/account/tickets', 'E-tickets'],
  ])('open %s for a signed-in visitor', async (path, heading) => {
    useSession.getState().signIn('tok', 'user', { fn: 'Wanjiku', ln: 'Kamau' });
    const router = open(path);
    await screen.findByRole('heading', { name: heading }, { timeout: 5000 });
    expect(router.state.location.pathname).toBe(path);
  });

  it.each([
    ['/payment/success', 'We could not find this payment'],
    ['/account/tickets', 'E-tickets'],
  ])('open %s for a guest with a checkout key, who is not signed in', async (path, heading) => {
    useSession.getState().keepCheckoutKey('ck1.TK-7Q2M9X.key');
    const router = open(path);
    await screen.findByRole('heading', { name: heading }, { timeout: 5000 });
    expect(router.state.location.pathname).toBe(path);
    expect(screen.getAllByRole('link', { name: 'Login / Register' }).length).toBeGreaterThan(0);
    expect(screen.queryAllByRole('link', { name: 'My Tickets' })).toEqual([]);
  });

  it.each([
    ['a guest with a checkout key', () => useSession.getState().keepCheckoutKey('ck1.TK-7Q2M9X.key')],
    ['an organiser', () => useSession.getState().signIn('tok', 'organizer', { fn: 'Wanjiku', ln: 'Kamau' })],
  ])('sends %s from My data (a buyer’s own session only) to /login', async (_who, signIn) => {
    signIn();
    const router = open('/account/data');
    await screen.findByRole('heading', { name: 'Sign in to Tikiti' }, { timeout: 5000 });
    expect(router.state.location.pathname).toBe('/login');
  });

  it('sends a visitor without a session from the organiser pages to the organiser sign-in', async () => {
    const router = open('/organizer/dashboard');
    await screen.findByRole('heading', { name: 'Sign in to your host account' }, { timeout: 5000 });
    expect(router.state.location.pathname).toBe('/organizer/login');
  });
});
