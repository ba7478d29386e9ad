import type { ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

/** Shows where the router went, for tests that follow a navigation. */
function Landed() {
  const { pathname } = useLocation();
  return <p data-testid="landed">{pathname}</p>;
}

/**
 * Renders `element` at `path` (opened at `at`) inside the app's providers: a fresh query
 * client without retries and a memory router where any other path shows where it landed.
 */
export function renderPage(
  element: ReactElement,
  { path = '/', at = path, routes = [] }: { path?: string; at?: string; routes?: RouteObject[] } = {},
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter([{ path, element }, ...routes, { path: '*', element: <Landed /> }], {
    initialEntries: [at],
  });
  const user = userEvent.setup();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, user, router, queryClient };
}
