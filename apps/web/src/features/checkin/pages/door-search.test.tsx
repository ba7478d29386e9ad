import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import type { DoorCounts, DoorSearchRow } from '@tikiti/contract';
import { answer, mockFetch, type SeenRequest } from '../../../test-support/fetch';
import { renderPage } from '../../../test-support/render';
import { useSession } from '../../accounts';
import { closeDoorStore } from '../door-store';
import { doorKit, doorTicket, serverVerdict } from '../test-kit';
import DoorPage from './door-page';

const open = () => renderPage(<DoorPage />, { path: '/organizer/checkin/:eventId', at: '/organizer/checkin/7' });
const KIT = '/v1/client/event/7/checkin/tickets';
const SCAN = '/v1/client/event/7/checkin';
const SEARCH = '/v1/client/event/7/checkin/search';

const counts = (admitted: number): DoorCounts => ({
  tickets_admitted: admitted,
  tickets_sold: 3,
  persons_admitted: admitted,
  persons_sold: 6,
});

/** A kit whose delegates have what the offline search reads: emails, phones, companies. */
const kit = () =>
  doorKit({
    tickets: [
      doorTicket({ company: 'KCB Group', email_address: 'wanjiku@kcb.example', msisdn: '254712345678' }),
      doorTicket({
        id: 502,
        number: 2,
        holder_name: 'Njoki Mũthoni',
        ticket_type: 'VIP',
        email_address: 'njoki@example.com',
        msisdn: '254700000002',
      }),
      doorTicket({
        id: 503,
        booking_id: 41,
        booking_reference: 'TK-GRP4AB',
        holder_name: 'Otieno Odhiambo',
        company: 'Safaricom PLC',
        email_address: 'otieno@example.com',
        msisdn: null,
        ticket_type: 'Group of 4',
        admits: 4,
      }),
    ],
  });

function network(route: (req: SeenRequest) => ReturnType<typeof answer> | Promise<ReturnType<typeof answer>>) {
  const net = { up: true };
  const seen = mockFetch(async (req) => {
    if (!net.up) throw new TypeError('Failed to fetch');
    return route(req);
  });
  return { net, seen };
}

const row = (overrides: Partial<DoorSearchRow> = {}): DoorSearchRow => ({
  ticket_id: 503,
  reference: 'TK-GRP4AB-1',
  booking_reference: 'TK-GRP4AB',
  holder_name: 'Otieno Odhiambo',
  company: 'Safaricom PLC',
  ticket_type: 'Group of 4',
  admits: 4,
  state: 'not_checked_in',
  checked_in_at: null,
  checked_in_device: null,
  ...overrides,
});

async function search(user: ReturnType<typeof open>['user'], text: string) {
  const box = await screen.findByLabelText('Name, phone, email, company or booking reference');
  await user.clear(box);
  // Pasted, as typing each letter is slow in a test; the box searches after a pause either way.
  await user.click(box);
  await user.paste(text);
}

// The first answer also loads the answer schemas, which can take a while in a cold test run.
const found = () => screen.findByRole('list', { name: 'People found' }, { timeout: 4000 });

beforeEach(() => {
  useSession.getState().signIn('org-token', 'organizer', { fn: 'Amina', ln: 'Otieno' });
});

afterEach(() => {
  closeDoorStore();
  // The 'offline' event a test sends reaches TanStack Query's own network watch too.
  onlineManager.setOnline(true);
});

describe('the door finds people (docs/product.md, "Check-in")', () => {
  it('offline: finds by name, accents, phone, email, company and reference in the kit', async () => {
    const { net } = network(async (req) => (req.path === KIT ? answer(200, await kit()) : answer(404, null)));
    const { user } = open();
    await screen.findByRole('heading', { level: 1, name: 'East Africa Fintech Summit' });
    net.up = false;
    window.dispatchEvent(new Event('offline'));
    expect(await screen.findByText('Offline')).toBeTruthy();

    await search(user, 'muthoni');
    expect(within(await found()).getByText('Njoki Mũthoni', { selector: 'p' })).toBeTruthy();
    expect(screen.getByText('Offline: searched in the ticket list on this device.')).toBeTruthy();
    for (const [text, name] of [
      ['0712 345', 'Wanjiku Kamau'],
      ['kcb.example', 'Wanjiku Kamau'],
      ['safaricom', 'Otieno Odhiambo'],
      ['tk-grp4', 'Otieno Odhiambo'],
    ] as const) {
      await search(user, text);
      await waitFor(async () =>
        expect(
          within(await found())
            .getAllByText(/^(Wanjiku|Otieno|Njoki)/, { selector: 'p' })
            .map((e) => e.textContent),
        ).toEqual([name]),
      );
    }
  });

  it('offline: Admit from a result admits once and queues it; mailing and the QR wait for the network', async () => {
    const { net, seen } = network(async (req) => (req.path === KIT ? answer(200, await kit()) : answer(404, null)));
    const { user } = open();
    await screen.findByRole('heading', { level: 1, name: 'East Africa Fintech Summit' });
    net.up = false;
    window.dispatchEvent(new Event('offline'));
    expect(await screen.findByText('Offline')).toBeTruthy();
    await search(user, 'tk-grp4');
    const list = within(await found());
    expect(list.getByText('Safaricom PLC · Group of 4 · admits 4')).toBeTruthy();
    expect(list.getByText('Not checked in')).toBeTruthy();
    // Mailing and the QR need the network.
    expect((list.getByRole('button', { name: /Mail ticket/ }) as HTMLButtonElement).disabled).toBe(true);
    expect((list.getByRole('button', { name: /Show QR/ }) as HTMLButtonElement).disabled).toBe(true);

    await user.click(list.getByRole('button', { name: 'Admit Otieno Odhiambo' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.getAttribute('data-result')).toBe('admitted');
    expect(within(dialog).getByText('Admit 4 people')).toBeTruthy();
    expect(within(dialog).getByText(/Checked on this device, offline/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('1 waiting to sync')).toBeTruthy();
    expect(within(await found()).getByText(/^Checked in/)).toBeTruthy();

    // Admitting from the search again admits nobody.
    await user.click(within(await found()).getByRole('button', { name: 'Admit Otieno Odhiambo' }));
    const again = await screen.findByRole('alertdialog');
    expect(again.getAttribute('data-result')).toBe('already_checked_in');
    await user.click(within(again).getByRole('button', { name: 'Next' }));
    expect(screen.getByText('1 waiting to sync')).toBeTruthy();
    expect(seen.filter((r) => r.path.startsWith(SEARCH))).toEqual([]);
  });

  it('online: the server searches; Admit sends the ticket reference as a scan, and the search is asked again', async () => {
    let admitted = false;
    const { seen } = network(async (req) => {
      if (req.path === KIT) return answer(200, await kit());
      if (req.path.startsWith(SEARCH))
        return answer(200, [
          row(
            admitted
              ? { state: 'checked_in', checked_in_at: '2026-03-12T06:05:00.000Z', checked_in_device: 'Door 3F9K' }
              : {},
          ),
        ]);
      if (req.path === SCAN) {
        admitted = true;
        return answer(200, {
          verdict: serverVerdict({
            ticket: {
              id: 503,
              holder_name: 'Otieno Odhiambo',
              company: 'Safaricom PLC',
              ticket_type: 'Group of 4',
              admits: 4,
              booking_reference: 'TK-GRP4AB',
            },
            ticket_ids: [503],
            persons: 4,
          }),
          counts: counts(1),
        });
      }
      return answer(404, null);
    });
    const { user } = open();
    await search(user, 'safari');
    const list = within(await found());
    expect(seen.find((r) => r.path.startsWith(SEARCH))!.path).toBe(`${SEARCH}?q=safari`);
    expect(screen.queryByText(/^Offline: searched/)).toBeNull();
    await user.click(list.getByRole('button', { name: 'Admit Otieno Odhiambo' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.getAttribute('data-result')).toBe('admitted');
    expect(seen.find((r) => r.path === SCAN)!.body).toEqual({
      code: 'TK-GRP4AB-1',
      device_id: expect.stringMatching(/^Door /),
    });
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(await found()).findByText(/^Checked in .*Door 3F9K$/)).toBeTruthy();
  });

  it('online: mails the ticket again and says where; a refunded ticket is refused beside its row; shows the QR full screen', async () => {
    network(async (req) => {
      if (req.path === KIT) return answer(200, await kit());
      if (req.path.startsWith(SEARCH))
        return answer(200, [
          row(),
          row({
            ticket_id: 501,
            reference: 'TK-7Q2M9X-1',
            holder_name: 'Wanjiku Kamau',
            company: null,
            ticket_type: 'Delegate',
            admits: 1,
          }),
        ]);
      if (req.path === '/v1/client/event/7/checkin/tickets/503/resend')
        return answer(200, { sent_to: 'o•••@example.com' });
      if (req.path === '/v1/client/event/7/checkin/tickets/501/resend')
        return answer(409, { code: 'door.ticket_not_valid' }, { description: 'Not valid' });
      if (req.path === '/v1/client/event/7/checkin/tickets/503/qr')
        return answer(200, {
          ticket_id: 503,
          reference: 'TK-GRP4AB-1',
          holder_name: 'Otieno Odhiambo',
          code: 'TK1.x.y',
          qr: 'data:image/png;base64,iVBORw0KGgo=',
        });
      return answer(404, null);
    });
    const { user } = open();
    await search(user, 'od');
    const list = within(await found());
    await user.click(list.getByRole('button', { name: 'Mail ticket of Otieno Odhiambo' }));
    expect(await list.findByText('Ticket sent to o•••@example.com')).toBeTruthy();
    await user.click(list.getByRole('button', { name: 'Mail ticket of Wanjiku Kamau' }));
    expect((await list.findByRole('alert')).textContent).toBe(
      'This ticket was refunded or replaced: there is nothing to send.',
    );

    await user.click(list.getByRole('button', { name: "Show QR of Otieno Odhiambo's ticket" }));
    const qr = await screen.findByTestId('door-ticket-qr');
    expect(qr.getAttribute('src')).toBe('data:image/png;base64,iVBORw0KGgo=');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByTestId('door-ticket-qr')).toBeNull());
  });

  it('says when nobody is found, and asks for 2 letters first', async () => {
    network(async (req) => {
      if (req.path === KIT) return answer(200, await kit());
      if (req.path.startsWith(SEARCH)) return answer(200, []);
      return answer(404, null);
    });
    const { user } = open();
    await search(user, 'z');
    expect(await screen.findByText('Type at least 2 letters.')).toBeTruthy();
    await search(user, 'zz');
    expect(await screen.findByText('Nobody found for “zz”.', undefined, { timeout: 4000 })).toBeTruthy();
  });
});
