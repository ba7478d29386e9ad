import { describe, expect, it } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { render, screen, within } from '@testing-library/react';
import { answer, mockFetch } from '../../test-support/fetch';
import { useSession } from '../../features/accounts';
import { AppRoutes } from '../router';

function open(path: string) {
  const router = createMemoryRouter([{ path: '*', element: <AppRoutes /> }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const off = { enabled: false, enabled_at: null, recovery_codes_left: 0 };

describe('the operator console without two-factor sign-in (docs/product.md#the-operator)', () => {
  it('sends a new operator from the payouts to the two-factor setup and asks no console call', async () => {
    const seen = mockFetch((req) =>
      req.path === '/v1/auth/totp'
        ? answer(200, off)
        : answer(403, { code: 'auth.totp_required' }, { description: 'Turn on two-factor sign-in first' }),
    );
    useSession.getState().signIn('op-tok', 'operator', { fn: 'Nia', ln: 'Otieno' });
    const router = open('/operator/payouts');
    expect(await screen.findByRole('button', { name: 'Set up two-factor sign-in' }, { timeout: 5000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/operator/security');
    expect(screen.queryByRole('navigation', { name: 'Operator' })).toBeNull();
    expect(seen.map((r) => r.path).filter((p) => p.startsWith('/v1/operator/'))).toEqual([]);
  });

  it('opens the console once two-factor sign-in is on', async () => {
    mockFetch((req) =>
      req.path === '/v1/auth/totp'
        ? answer(200, { enabled: true, enabled_at: '2026-11-27T08:00:00.000Z', recovery_codes_left: 10 })
        : answer(200, { data: [], next_cursor: null }),
    );
    useSession.getState().signIn('op-tok', 'operator', { fn: 'Nia', ln: 'Otieno' });
    const router = open('/operator/payouts');
    const nav = await screen.findByRole('navigation', { name: 'Operator' }, { timeout: 5000 });
    expect(router.state.location.pathname).toBe('/operator/payouts');
    // Its Security page (recovery codes, turning two-factor off and on) stays in the menu.
    expect(within(nav).getByRole('link', { name: 'Security' }).getAttribute('href')).toBe('/operator/security');
  });
});
