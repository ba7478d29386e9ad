import { describe, expect, it } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setSessionEndHandler } from '../../lib/api-client';
import { answer, mockFetch } from '../../test-support/fetch';
import { useSession } from '../../features/accounts';
import { PublicLayout } from './public-layout';

function open(at: string) {
  const router = createMemoryRouter(
    [
      {
        element: <PublicLayout />,
        children: [
          { path: '/', element: <h1>Home</h1> },
          { path: '/about-us', element: <h1>About</h1> },
          { path: '/login', element: <h1>Login</h1> },
        ],
      },
    ],
    { initialEntries: [at] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, user: userEvent.setup() };
}

describe('Logout in the buyer frame (docs/product.md#buyer-side)', () => {
  it.each([['a buyer’s session', 'tok', 200]])(
    'signs out %s cleanly: token dropped, home, no error',
    async (_who, token, status) => {
      useSession.getState().signIn(token, 'user', { fn: 'Wanjiku', ln: 'Kamau' });
      const seen = mockFetch(() =>
        answer(status, null, { description: status === 200 ? 'Logged out' : 'Please sign in' }),
      );
      const { router, user } = open('/about-us');
      // As the app does (start-session.ts): an ended session opens the sign-in page.
      const visited: string[] = [];
      router.subscribe((state) => visited.push(state.location.pathname));
      setSessionEndHandler((side) => void router.navigate(side === 'buyer' ? '/login' : '/organizer/login'));
      const bar = within(screen.getByRole('banner'));
      expect(bar.getByRole('link', { name: 'My Tickets' }).getAttribute('href')).toBe('/account/tickets');
      await user.click(bar.getByRole('button', { name: 'Logout' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
      expect(seen).toEqual([expect.objectContaining({ method: 'POST', path: '/v1/auth/logout' })]);
      expect(seen[0]!.headers.Auth).toBe(token);
      expect(useSession.getState().token).toBeNull();
      expect(await screen.findByRole('heading', { name: 'Home' })).toBeTruthy();
      expect(bar.getByRole('link', { name: 'Login / Register' })).toBeTruthy();
      expect(screen.queryByRole('alert')).toBeNull();
      expect(visited).not.toContain('/login');
    },
  );
});
