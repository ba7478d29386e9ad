import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { MAX_SYNC_SCANS, type DoorCounts, type DoorVerdict } from '@tikiti/contract';
import { answer, mockFetch, type SeenRequest } from '../../../test-support/fetch';
import { renderPage } from '../../../test-support/render';
import { useSession } from '../../accounts';
import { closeDoorStore, doorStore } from '../door-store';
import { codeFor, doorKit, serverVerdict } from '../test-kit';
import { SLOW_MS } from '../door-controller';
import DoorPage from './door-page';

const open = () => renderPage(<DoorPage />, { path: '/organizer/checkin/:eventId', at: '/organizer/checkin/7' });
const KIT = '/v1/client/event/7/checkin/tickets';
const SCAN = '/v1/client/event/7/checkin';
const SYNC = '/v1/client/event/7/checkin/sync';

const counts = (admitted: number, persons = admitted): DoorCounts => ({
  tickets_admitted: admitted,
  tickets_sold: 3,
  persons_admitted: persons,
  persons_sold: 6,
});

/** The network: up answers with `route`, down fails every call as an unreachable server does. */
function network(route: (req: SeenRequest) => ReturnType<typeof answer> | Promise<ReturnType<typeof answer>>) {
  const net = { up: true };
  const seen = mockFetch(async (req) => {
    if (!net.up) throw new TypeError('Failed to fetch');
    return route(req);
  });
  return { net, seen };
}

async function typeCode(user: ReturnType<typeof open>['user'], code: string) {
  const field = await screen.findByLabelText('Reference on the ticket');
  await user.clear(field);
  // Pasting, as a door person would: typing 113 characters one by one is slow in a test.
  await user.click(field);
  await user.paste(code);
  await user.click(screen.getByRole('button', { name: 'Check in' }));
}

const verdictDialog = () => screen.findByRole('alertdialog');
const countText = () => screen.getByTestId('door-count').textContent;

beforeEach(() => {
  useSession.getState().signIn('org-token', 'organizer', { fn: 'Amina', ln: 'Otieno' });
});

afterEach(() => {
  closeDoorStore();
});

describe('the door page (docs/product.md#after-the-sale)', () => {
  it('online: asks the server, shows Admitted full screen with holder, type and persons, then Already checked in', async () => {
    let scans = 0;
    const { seen } = network(async (req) => {
      if (req.path === KIT) return answer(200, await doorKit());
      if (req.path === SCAN) {
        scans += 1;
        return scans === 1
          ? answer(200, { verdict: serverVerdict(), counts: counts(1) })
          : answer(200, {
              verdict: serverVerdict({ result: 'already_checked_in', persons: 0, ticket_ids: [] }),
              counts: counts(1),
            });
      }
      return answer(404, null);
    });
    const { user } = open();
    expect(await screen.findByRole('heading', { level: 1, name: 'East Africa Fintech Summit' })).toBeTruthy();
    expect(countText()).toBe('Admitted 0 of 3');
    expect(screen.getByText('All synced')).toBeTruthy();
    expect(document.title).toBe('Check-in · East Africa Fintech Summit · Tikiti');

    const code = await codeFor(501);
    await typeCode(user, code);
    const dialog = await verdictDialog();
    expect(dialog.getAttribute('data-result')).toBe('admitted');
    const d = within(dialog);
    expect(d.getByRole('heading', { name: 'Admitted' })).toBeTruthy();
    expect(d.getByText('Admit 1 person')).toBeTruthy();
    expect(d.getByText('Wanjiku Kamau')).toBeTruthy();
    expect(d.getByText('Delegate · TK-7Q2M9X')).toBeTruthy();
    expect(d.queryByText(/offline/)).toBeNull();
    const scan = seen.find((r) => r.path === SCAN)!;
    expect(scan).toMatchObject({ method: 'POST', headers: expect.objectContaining({ Auth: 'org-token' }) });
    expect(scan.body).toEqual({ code, device_id: expect.stringMatching(/^Door [2-9A-HJ-NP-Z]{4}$/) });
    expect(countText()).toBe('Admitted 1 of 3');

    await user.click(d.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect((screen.getByLabelText('Reference on the ticket') as HTMLInputElement).value).toBe('');

    await typeCode(user, code);
    const again = await verdictDialog();
    expect(again.getAttribute('data-result')).toBe('already_checked_in');
    expect(within(again).getByRole('heading', { name: 'Already checked in' })).toBeTruthy();
    expect(within(again).getByText(/^Checked in at .*09:05 on Door 3F9K$/)).toBeTruthy();
    // A tap anywhere dismisses it too.
    await user.click(again);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('offline: answers from the device, queues admissions ("2 waiting to sync"), and syncs them oldest first when the network returns', async () => {
    const syncs: SeenRequest[] = [];
    // The server's counts, as a fresh download after the sync reports them.
    let known = counts(0);
    const { net, seen } = network(async (req) => {
      if (req.path === KIT) return answer(200, await doorKit({ counts: known }));
      if (req.path === SYNC) {
        syncs.push(req);
        known = counts(2, 5);
        const scans = (req.body as { scans: { local_id: string }[] }).scans;
        const results: (DoorVerdict & { local_id: string })[] = [
          { ...serverVerdict({ checked_in_device: 'Door X' }), local_id: scans[0]!.local_id },
          {
            ...serverVerdict({
              ticket: {
                id: 503,
                holder_name: 'Otieno Odhiambo',
                company: null,
                ticket_type: 'Group of 4',
                admits: 4,
                booking_reference: 'TK-GRP4AB',
              },
              ticket_ids: [503],
              persons: 4,
            }),
            local_id: scans[1]!.local_id,
          },
        ];
        return answer(200, { results, counts: known });
      }
      return answer(404, null);
    });
    const { user } = open();
    await screen.findByRole('heading', { level: 1, name: 'East Africa Fintech Summit' });
    expect(screen.getByText('Online')).toBeTruthy();

    net.up = false;
    const first = await codeFor(501);
    await typeCode(user, first);
    const dialog = await verdictDialog();
    expect(dialog.getAttribute('data-result')).toBe('admitted');
    expect(within(dialog).getByText('Wanjiku Kamau')).toBeTruthy();
    expect(within(dialog).getByText(/Checked on this device, offline/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('1 waiting to sync')).toBeTruthy();
    expect(screen.getByText('Offline')).toBeTruthy();
    expect(countText()).toBe('Admitted 1 of 3');

    // The same ticket again, still offline: this device remembers it.
    await typeCode(user, first);
    const again = await verdictDialog();
    expect(again.getAttribute('data-result')).toBe('already_checked_in');
    expect(within(again).getByText(/on Door [2-9A-HJ-NP-Z]{4}$/)).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());

    await typeCode(user, await codeFor(503, { bookingRef: 'TK-GRP4AB', persons: 4 }));
    expect(within(await verdictDialog()).getByText('Admit 4 people')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('2 waiting to sync')).toBeTruthy();
    expect(screen.getByText('5 of 6 people')).toBeTruthy();
    expect(syncs).toEqual([]);
    // Only the first scan tried the server: from then on the door knew it was offline.
    expect(seen.filter((r) => r.path === SCAN)).toHaveLength(1);

    net.up = true;
    window.dispatchEvent(new Event('online'));
    expect(await screen.findByText('All synced')).toBeTruthy();
    expect(syncs).toHaveLength(1);
    const body = syncs[0]!.body as {
      device_id: string;
      scans: { local_id: string; code: string; scanned_at: string }[];
    };
    expect(body.device_id).toMatch(/^Door [2-9A-HJ-NP-Z]{4}$/);
    expect(body.scans.map((s) => s.code)).toEqual([first, await codeFor(503, { bookingRef: 'TK-GRP4AB', persons: 4 })]);
    expect(body.scans[0]!.scanned_at <= body.scans[1]!.scanned_at).toBe(true);
    expect(new Set(body.scans.map((s) => s.local_id)).size).toBe(2);
    await waitFor(() => expect(countText()).toBe('Admitted 2 of 3'));
    expect(screen.getByText('Online')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Sync conflicts' })).toBeNull();
  });

  it('asks for the reference printed on the ticket, and takes it typed in any case: from the server, and offline from the list on the device', async () => {
    const syncs: SeenRequest[] = [];
    const { net, seen } = network(async (req) => {
      if (req.path === KIT) return answer(200, await doorKit());
      if (req.path === SCAN) return answer(200, { verdict: serverVerdict(), counts: counts(1) });
      if (req.path === SYNC) {
        syncs.push(req);
        const [scan] = (req.body as { scans: { local_id: string }[] }).scans;
        const ticket = {
          id: 503,
          holder_name: 'Otieno Odhiambo',
          company: null,
          ticket_type: 'Group of 4',
          admits: 4,
          booking_reference: 'TK-GRP4AB',
        };
        return answer(200, {
          results: [{ ...serverVerdict({ ticket, ticket_ids: [503], persons: 4 }), local_id: scan!.local_id }],
          counts: counts(2, 5),
        });
      }
      return answer(404, null);
    });
    const { user } = open();
    await screen.findByRole('heading', { level: 1, name: 'East Africa Fintech Summit' });
    const field = screen.getByLabelText('Reference on the ticket');
    expect(screen.getByText(/the reference printed under the QR code, such as TK-ERZVFGJ-2/)).toBeTruthy();
    expect(field.getAttribute('placeholder')).toBe('TK-…');

    // Online, the server reads what was typed.
    await typeCode(user, 'tk-7q2m9x-1');
    expect((await verdictDialog()).getAttribute('data-result')).toBe('admitted');
    expect(seen.find((r) => r.path === SCAN)!.body).toMatchObject({ code: 'tk-7q2m9x-1' });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());

    // Offline, the device looks it up in its list, with no key needed.
    net.up = false;
    await typeCode(user, 'grp4ab');
    const offline = await verdictDialog();
    expect(offline.getAttribute('data-result')).toBe('admitted');
    expect(within(offline).getByText('Admit 4 people')).toBeTruthy();
    expect(within(offline).getByText(/Checked on this device, offline/)).toBeTruthy();
    await user.click(within(offline).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('1 waiting to sync')).toBeTruthy();
    await typeCode(user, 'TK-GRP4AB-1');
    expect((await verdictDialog()).getAttribute('data-result')).toBe('already_checked_in');
    await user.keyboard('{Escape}');
    await typeCode(user, 'TK-GRP4AB-2');
    expect((await verdictDialog()).getAttribute('data-result')).toBe('unknown');
    await user.keyboard('{Escape}');

    net.up = true;
    window.dispatchEvent(new Event('online'));
    expect(await screen.findByText('All synced')).toBeTruthy();
    expect((syncs[0]!.body as { scans: { code: string }[] }).scans.map((s) => s.code)).toEqual(['grp4ab']);
  });

  it(`answers from the device when the server is slower than ${SLOW_MS / 1000} s, and queues the admission`, async () => {
    network(async (req) => {
      if (req.path === KIT) return answer(200, await doorKit());
      if (req.path === SCAN) return new Promise<never>(() => {});
      return answer(404, null);
    });
    const { user } = open();
    await screen.findByRole('heading', { level: 1, name: 'East Africa Fintech Summit' });
    await typeCode(user, await codeFor(501));
    expect(screen.getByRole('button', { name: 'Checking...' })).toBeTruthy();
    const dialog = await screen.findByRole('alertdialog', undefined, { timeout: SLOW_MS + 2_000 });
    expect(dialog.getAttribute('data-result')).toBe('admitted');
    expect(within(dialog).getByText(/Checked on this device, offline/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('1 waiting to sync')).toBeTruthy();
  }, 15_000);

  it('offline in a browser that cannot verify codes, says so instead of calling the ticket unknown', async () => {
    const { net } = network(async (req) =>
      req.path === KIT ? answer(200, await doorKit({ public_keys: ['not-a-key'] })) : answer(404, null),
    );
    const { user } = open();
    await screen.findByRole('heading', { level: 1, name: 'East Africa Fintech Summit' });
    net.up = false;
    const code = await codeFor(501);
    await typeCode(user, code);
    expect(await screen.findByText(/This browser cannot check ticket codes without the network/)).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect((screen.getByLabelText('Reference on the ticket') as HTMLInputElement).value).toBe(code);
    expect(screen.getByText('All synced')).toBeTruthy();
  });

  it('says nothing when the server found the ticket admitted earlier by this very device', async () => {
    const { net } = network(async (req) => {
      if (req.path === KIT) return answer(200, await doorKit());
      if (req.path === SYNC) {
        const body = req.body as { device_id: string; scans: { local_id: string }[] };
        return answer(200, {
          results: [
            {
              ...serverVerdict({
                result: 'already_checked_in',
                persons: 0,
                ticket_ids: [],
                checked_in_device: body.device_id,
              }),
              local_id: body.scans[0]!.local_id,
            },
          ],
          counts: counts(1),
        });
      }
      return answer(404, null);
    });
    const { user } = open();
    await screen.findByRole('heading', { level: 1, name: 'East Africa Fintech Summit' });
    net.up = false;
    await typeCode(user, await codeFor(501));
    await user.click(within(await verdictDialog()).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('1 waiting to sync')).toBeTruthy();
    net.up = true;
    window.dispatchEvent(new Event('online'));
    expect(await screen.findByText('All synced')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Sync conflicts' })).toBeNull();
  });

  it('shows the conflicts the server reports: "This ticket was admitted earlier on Door X"', async () => {
    const { net } = network(async (req) => {
      if (req.path === KIT) return answer(200, await doorKit());
      if (req.path === SYNC) {
        const [scan] = (req.body as { scans: { local_id: string }[] }).scans;
        return answer(200, {
          results: [
            {
              ...serverVerdict({
                result: 'already_checked_in',
                persons: 0,
                ticket_ids: [],
                checked_in_at: '2026-03-12T06:01:00.000Z',
                checked_in_device: 'Door X7Q2',
                conflict: { device: 'Door X7Q2', scanned_at: '2026-03-12T06:01:00.000Z' },
              }),
              local_id: scan!.local_id,
            },
          ],
          counts: counts(1),
        });
      }
      return answer(404, null);
    });
    const { user } = open();
    await screen.findByRole('heading', { level: 1, name: 'East Africa Fintech Summit' });
    net.up = false;
    await typeCode(user, await codeFor(501));
    await user.click(within(await verdictDialog()).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('1 waiting to sync')).toBeTruthy();

    net.up = true;
    window.dispatchEvent(new Event('online'));
    const conflicts = await screen.findByRole('region', { name: 'Sync conflicts' });
    expect(within(conflicts).getByText('This ticket was admitted earlier on Door X7Q2')).toBeTruthy();
    expect(within(conflicts).getByText('Wanjiku Kamau · Delegate at 09:01')).toBeTruthy();
    expect(screen.getByText('All synced')).toBeTruthy();
    await user.click(within(conflicts).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('region', { name: 'Sync conflicts' })).toBeNull();
  });

  it(`syncs a long queue in batches of ${MAX_SYNC_SCANS}, oldest first, and keeps the queue across a reload`, async () => {
    const store = await doorStore();
    const code = await codeFor(501);
    const total = MAX_SYNC_SCANS + 3;
    for (let i = 0; i < total; i++) {
      await store.addScan({
        local_id: `scan-${i}`,
        event_id: 7,
        code,
        scanned_at: new Date(Date.UTC(2026, 2, 12, 6, 0, i)).toISOString(),
        ticket_ids: [501],
        persons: 1,
      });
    }
    const batches: string[][] = [];
    network(async (req) => {
      if (req.path === KIT) return answer(200, await doorKit());
      if (req.path === SYNC) {
        const scans = (req.body as { scans: { local_id: string }[] }).scans;
        batches.push(scans.map((s) => s.local_id));
        return answer(200, {
          results: scans.map((s) => ({ ...serverVerdict(), local_id: s.local_id })),
          counts: counts(1),
        });
      }
      return answer(404, null);
    });
    open();
    expect(await screen.findByText('All synced')).toBeTruthy();
    expect(batches.map((b) => b.length)).toEqual([MAX_SYNC_SCANS, 3]);
    expect(batches.flat()).toEqual(Array.from({ length: total }, (_, i) => `scan-${i}`));
    expect(await store.countPending(7)).toBe(0);
  });

  it('opens from the copy on the device when the network is gone, and says when there is none', async () => {
    const { net } = network(async (req) => (req.path === KIT ? answer(200, await doorKit()) : answer(404, null)));
    const first = open();
    await screen.findByRole('heading', { level: 1, name: 'East Africa Fintech Summit' });
    first.unmount();

    net.up = false;
    const { user } = open();
    expect(await screen.findByRole('heading', { level: 1, name: 'East Africa Fintech Summit' })).toBeTruthy();
    expect(await screen.findByText('Offline')).toBeTruthy();
    await typeCode(user, await codeFor(502));
    expect((await verdictDialog()).getAttribute('data-result')).toBe('admitted');
  });

  it('with no copy and no network, says to connect once; a failed download offers a retry', async () => {
    let fail = true;
    const { net } = network(async (req) =>
      req.path === KIT && !fail
        ? answer(200, await doorKit())
        : answer(503, null, { description: 'Tikiti is briefly unavailable' }),
    );
    net.up = false;
    const offline = open();
    expect(await screen.findByText(/has no ticket list for this event yet/)).toBeTruthy();
    offline.unmount();

    net.up = true;
    const { user } = open();
    expect(screen.getByRole('status', { name: 'Loading the ticket list' })).toBeTruthy();
    expect(await screen.findByText('Tikiti is briefly unavailable')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'East Africa Fintech Summit' })).toBeTruthy();
  });

  it('says there is no such event for an address that names none, and asks the server nothing', async () => {
    const seen = mockFetch(() => answer(200, null));
    renderPage(<DoorPage />, { path: '/organizer/checkin/:eventId', at: '/organizer/checkin/abc' });
    expect(await screen.findByText('There is no such event.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All events at the door' }).getAttribute('href')).toBe(
      '/organizer/checkin',
    );
    expect(seen).toEqual([]);
  });

  it('asks for the reference when the field is empty, and keeps what was typed when the server refuses the request', async () => {
    network(async (req) => {
      if (req.path === KIT) return answer(200, await doorKit());
      return answer(404, null, { description: 'No such event' });
    });
    const { user } = open();
    await screen.findByRole('heading', { level: 1, name: 'East Africa Fintech Summit' });
    await user.click(screen.getByRole('button', { name: 'Check in' }));
    expect(await screen.findByText('Enter the reference printed on the ticket')).toBeTruthy();
    await typeCode(user, 'TK1.typed');
    expect(await screen.findByText('No such event')).toBeTruthy();
    expect((screen.getByLabelText('Reference on the ticket') as HTMLInputElement).value).toBe('TK1.typed');
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
