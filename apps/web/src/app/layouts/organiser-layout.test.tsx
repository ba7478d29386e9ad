import { describe, expect, it } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { render, screen, within } from '@testing-library/react';
import type { DoorEvent, OrganiserMe } from '@tikiti/contract';
import { answer, mockFetch } from '../../test-support/fetch';
import { useSession } from '../../features/accounts';
import { AppRoutes } from '../router';

const me = (role: OrganiserMe['role']): OrganiserMe => ({
  id: 7,
  first_name: 'Dalmas',
  last_name: 'Otieno',
  email_address: 'dalmas@example.co.ke',
  role,
  organisation: { id: 1, display_name: 'Nairobi Jazz' },
});

const doorEvent: DoorEvent = {
  id: 42,
  title: 'Jazz at the Arboretum',
  start_time: '2026-11-28T15:00:00.000Z',
  end_time: '2026-11-28T20:00:00.000Z',
  location: 'Nairobi Arboretum',
  status: 1,
  tickets_sold: 120,
  tickets_checked_in: 15,
};

function open(path: string) {
  const router = createMemoryRouter([{ path: '*', element: <AppRoutes /> }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe("the organiser menus follow v1/client/me's role", () => {
  it('a door-only teammate sees Check-in only, and the dashboard sends them to the door events', async () => {
    const seen = mockFetch((req) => {
      if (req.path === '/v1/client/me') return answer(200, me('checkin'));
      if (req.path === '/v1/client/checkin/events') return answer(200, [doorEvent]);
      return answer(403, null, { description: 'Your account opens the check-in pages only' });
    });
    useSession.getState().signIn('tok', 'organizer', { fn: 'Dalmas', ln: 'Otieno' });
    const router = open('/organizer/dashboard');
    const link = await screen.findByRole('link', { name: /Jazz at the Arboretum/ }, { timeout: 5000 });
    expect(router.state.location.pathname).toBe('/organizer/checkin');
    expect(link.getAttribute('href')).toBe('/organizer/checkin/42');
    expect(link.textContent).toContain('15');
    const nav = screen.getByRole('navigation', { name: 'Organiser' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent?.trim()),
    ).toEqual(['Check-in']);
    expect(screen.queryByText('Create Event')).toBeNull();
    // Nothing but the door's calls (and who am I) was asked.
    expect(seen.map((r) => r.path).filter((p) => !p.startsWith('/v1/client/me') && !p.includes('checkin'))).toEqual([]);
    expect(useSession.getState().role).toBe('checkin');
  });

  it('keeps the door menu from the last answer when v1/client/me cannot be reached', async () => {
    mockFetch((req) => {
      if (req.path === '/v1/client/me') throw new TypeError('Failed to fetch');
      return answer(200, []);
    });
    useSession.getState().signIn('tok', 'organizer', { fn: 'Dalmas', ln: 'Otieno' });
    useSession.getState().setRole('checkin');
    const router = open('/organizer/events');
    await screen.findByRole('heading', { name: 'Check-in' }, { timeout: 5000 });
    expect(router.state.location.pathname).toBe('/organizer/checkin');
    await screen.findByText('No events to check in');
  });

  it('opens a door page even when the role was never known and v1/client/me cannot be reached (a door offline)', async () => {
    mockFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    useSession.getState().signIn('tok', 'organizer', { fn: 'Dalmas', ln: 'Otieno' });
    open('/organizer/checkin/42');
    // The door page itself answers (no copy of this event on the device yet), not the frame's error.
    await screen.findByText(/has no ticket list for this event yet/, undefined, { timeout: 5000 });
    expect(screen.queryByText("We couldn't load this", { selector: 'main > div > h3' })).toBeNull();
  });

  it('an admin sees the whole menu, Invoices and Check-in included', async () => {
    mockFetch((req) => {
      if (req.path === '/v1/client/me') return answer(200, me('admin'));
      if (req.path === '/v1/client/checkin/events') return answer(200, []);
      return answer(200, null);
    });
    useSession.getState().signIn('tok', 'organizer', { fn: 'Dalmas', ln: 'Otieno' });
    const router = open('/organizer/checkin');
    await screen.findByText('No events to check in', undefined, { timeout: 5000 });
    const nav = screen.getByRole('navigation', { name: 'Organiser' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent?.trim()),
    ).toEqual(['Overview', 'Events', 'Invoices', 'Money', 'Check-in', 'Settings', 'Create Event']);
    expect(router.state.location.pathname).toBe('/organizer/checkin');
  });
});
