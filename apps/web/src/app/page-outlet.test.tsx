import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lazy } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { act, render, screen } from '@testing-library/react';
import { PageOutlet } from './page-outlet';

function Broken(): never {
  throw new Error('a page that cannot render');
}
const NeverLoads = lazy(() => Promise.reject(new Error('Failed to fetch dynamically imported module')));

function open(at: string) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <p>The frame</p>
            <PageOutlet />
          </>
        ),
        children: [
          { path: '/broken', element: <Broken /> },
          { path: '/gone', element: <NeverLoads /> },
          { path: '/fine', element: <h1>A fine page</h1> },
        ],
      },
    ],
    { initialEntries: [at] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

// React reports a caught render error on the console; the page itself is what is tested.
beforeEach(() => void vi.spyOn(console, 'error').mockImplementation(() => {}));
afterEach(() => vi.restoreAllMocks());

describe('a page that fails inside a frame (app/page-outlet.tsx)', () => {
  it.each([
    ['renders with an error', '/broken'],
    ['cannot load its code', '/gone'],
  ])('keeps the frame and offers a way back when the page %s; another address clears it', async (_, path) => {
    const router = open(path);
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByText('The frame')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go home' }).getAttribute('href')).toBe('/');
    await act(() => router.navigate('/fine'));
    expect(await screen.findByRole('heading', { name: 'A fine page' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).toBeNull();
  });
});
