import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { DoorEvent } from '@tikiti/contract';
import { answer, mockFetch } from '../../../test-support/fetch';
import { renderPage } from '../../../test-support/render';
import { useSession } from '../../accounts';
import { closeDoorStore, doorStore } from '../door-store';
import { doorKit } from '../test-kit';
import DoorEventsPage from './door-events-page';

const open = () => renderPage(<DoorEventsPage />, { path: '/organizer/checkin' });

const doorEvent = (overrides: Partial<DoorEvent> = {}): DoorEvent => ({
  id: 7,
  title: 'East Africa Fintech Summit',
  start_time: '2026-03-12T06:00:00.000Z',
  end_time: '2026-03-12T14:00:00.000Z',
  location: 'KICC, Nairobi',
  status: 1,
  tickets_sold: 120,
  tickets_checked_in: 37,
  ...overrides,
});

beforeEach(() => {
  useSession.getState().signIn('org-token', 'organizer', { fn: 'Amina', ln: 'Otieno' });
});
afterEach(() => closeDoorStore());

describe('the door’s event list', () => {
  it('lists the events a door can open with admitted against sold, each linking to its door', async () => {
    const seen = mockFetch(() =>
      answer(200, [
        doorEvent(),
        doorEvent({ id: 8, title: 'Cyber Security Summit', status: 3, tickets_checked_in: 0 }),
      ]),
    );
    open();
    const first = within(await screen.findByRole('list', { name: 'Events' })).getByRole('link', {
      name: /East Africa Fintech Summit/,
    });
    expect(first.getAttribute('href')).toBe('/organizer/checkin/7');
    expect(within(first).getByText('Admitted 37 of 120')).toBeTruthy();
    expect(within(first).queryByText(/waiting to sync/)).toBeNull();
    expect(within(first).getByText('Thu, 12 Mar 2026 · 09:00–17:00 EAT')).toBeTruthy();
    const second = screen.getByRole('link', { name: /Cyber Security Summit/ });
    expect(within(second).getByText('Cancelled · Admitted 0 of 120')).toBeTruthy();
    expect(seen[0]).toMatchObject({ method: 'GET', path: '/v1/client/checkin/events' });
    expect(document.title).toBe('Check-in · Tikiti');
  });

  it('says when there is nothing to open, and offers My events', async () => {
    mockFetch(() => answer(200, []));
    open();
    expect(await screen.findByRole('heading', { name: 'No events to check in' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'My events' }).getAttribute('href')).toBe('/organizer/events');
  });

  it('shows progress, then a retry when the list fails', async () => {
    let fail = true;
    mockFetch(() => (fail ? answer(500, null, { description: 'Something broke' }) : answer(200, [doorEvent()])));
    const { user } = open();
    expect(screen.getByRole('status', { name: 'Loading events' })).toBeTruthy();
    expect(await screen.findByText('Something broke')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: /East Africa Fintech Summit/ })).toBeTruthy();
  });

  it('offline, offers the events whose ticket lists are on this device', async () => {
    const store = await doorStore();
    await store.putKit({ event_id: 7, kit: await doorKit(), saved_at: '2026-03-12T05:00:00.000Z' });
    for (const local_id of ['a', 'b']) {
      await store.addScan({
        local_id,
        event_id: 7,
        code: 'TK1.x',
        scanned_at: '2026-03-12T06:00:00.000Z',
        ticket_ids: [501],
        persons: 1,
      });
    }
    mockFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    open();
    expect(await screen.findByText(/Offline: these events’ ticket lists are on this device/)).toBeTruthy();
    const link = screen.getByRole('link', { name: /East Africa Fintech Summit/ });
    expect(link.getAttribute('href')).toBe('/organizer/checkin/7');
    expect(within(link).getByText('Admitted 0 of 3')).toBeTruthy();
    expect(await within(link).findByText('2 waiting to sync on this device')).toBeTruthy();
  });
});
