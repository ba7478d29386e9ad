import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { OrganiserMe, Teammate } from '@tikiti/contract';
import { useSession } from '../../accounts';
import { findBanner } from '../../../test-support/banner';
import { answer, mockFetch, type SeenRequest } from '../../../test-support/fetch';
import { renderPage } from '../../../test-support/render';
import { AlertBanner } from '../../../components/layout/alert-banner';
import InvitePage from './invite-page';
import TeamPage from './team-page';

const person = (p: Partial<Teammate> & Pick<Teammate, 'id' | 'first_name'>): Teammate => ({
  last_name: 'Otieno',
  email_address: `${p.first_name.toLowerCase()}@example.co.ke`,
  msisdn: '254712345678',
  role: 'admin',
  last_login_date: '2026-11-20T08:00:00.000Z',
  ...p,
});

const owner = person({ id: 1, first_name: 'Amina', role: 'owner' });
const me = person({ id: 2, first_name: 'Baraka', role: 'admin' });
const admin = person({ id: 3, first_name: 'Chebet', role: 'admin' });
const pendingDoor = person({ id: 4, first_name: 'Dalmas', role: 'checkin', last_login_date: null });

const meAnswer: OrganiserMe = {
  id: me.id,
  first_name: me.first_name,
  last_name: me.last_name,
  email_address: me.email_address,
  role: 'admin',
  organisation: { id: 9, display_name: 'Nairobi Jazz' },
};

/** The API as the team page sees it: the team, who is signed in, and the changes, each with its own answer. */
function api(team: Teammate[], changes: (req: SeenRequest) => ReturnType<typeof answer> | undefined = () => undefined) {
  return mockFetch((req) => {
    if (req.path.startsWith('/v1/admin/view')) return answer(200, { data: team, total: team.length });
    if (req.path === '/v1/client/me') return answer(200, meAnswer);
    return changes(req) ?? answer(500, null, { description: 'Unexpected call' });
  });
}

function open() {
  return renderPage(
    <>
      <AlertBanner />
      <TeamPage />
    </>,
    { path: '/organizer/team' },
  );
}

beforeEach(() => {
  useSession.getState().signIn('tok', 'organizer', { fn: 'Baraka', ln: 'Otieno' });
});

describe('team page: roles', () => {
  it("shows each person's role; the owner and the signed-in organiser have no actions", async () => {
    api([owner, me, admin, pendingDoor]);
    open();
    const table = await screen.findByRole('table');
    const rowOf = (name: string) =>
      within(table)
        .getAllByRole('row')
        .find((r) => within(r).queryByText(new RegExp(`^${name}`)))!;
    // Who "you" are comes from v1/client/me, which may answer after the team list.
    await waitFor(() => expect(within(rowOf('Baraka')).getByText('(you)')).toBeTruthy());
    expect(within(rowOf('Amina')).getAllByText('Owner').length).toBeGreaterThan(0);
    expect(within(rowOf('Amina')).queryByRole('button')).toBeNull();
    expect(within(rowOf('Amina')).queryByRole('combobox')).toBeNull();
    expect(within(rowOf('Baraka')).queryByRole('button')).toBeNull();
    await waitFor(() =>
      expect(
        (within(rowOf('Chebet')).getByRole('combobox', { name: 'Role of Chebet Otieno' }) as HTMLSelectElement).value,
      ).toBe('admin'),
    );
    expect(within(rowOf('Chebet')).getByRole('button', { name: 'Remove Chebet Otieno' })).toBeTruthy();
  });

  it('changes a teammate to check-in only and says so', async () => {
    let team = [owner, me, admin];
    const seen = api(team, (req) => {
      if (req.method === 'PUT' && req.path === '/v1/client/team/3/role') {
        team = [owner, me, { ...admin, role: 'checkin' }];
        return answer(200, team[2], { description: 'Chebet is now door-only (check-in)' });
      }
    });
    const { user } = open();
    // The table (wide screens) and the cards (phones) are both in the page; CSS shows one.
    const [select] = await screen.findAllByRole('combobox', { name: 'Role of Chebet Otieno' });
    await user.selectOptions(select!, 'checkin');
    await findBanner('Chebet is now door-only (check-in)');
    expect(seen.find((r) => r.method === 'PUT')).toMatchObject({ body: { role: 'checkin' } });
  });

  it("shows the server's refusal when a role change fails", async () => {
    api([owner, me, admin], (req) =>
      req.method === 'PUT' ? answer(403, null, { description: 'You cannot change your own account here' }) : undefined,
    );
    const { user } = open();
    const [select] = await screen.findAllByRole('combobox', { name: 'Role of Chebet Otieno' });
    await user.selectOptions(select!, 'checkin');
    await findBanner('You cannot change your own account here');
  });
});

describe('team page: pending invitations', () => {
  it('resends an invitation', async () => {
    const seen = api([owner, me, pendingDoor], (req) =>
      req.method === 'POST' && req.path === '/v1/client/team/4/resend'
        ? answer(200, pendingDoor, { description: 'A new invite was sent to dalmas@example.co.ke' })
        : undefined,
    );
    const { user } = open();
    await user.click(await screen.findByRole('tab', { name: 'Invites (1)' }));
    const resend = (await screen.findAllByRole('button', { name: 'Resend invitation to Dalmas Otieno' }))[0]!;
    await user.click(resend);
    await findBanner('A new invite was sent to dalmas@example.co.ke');
    expect(seen.filter((r) => r.path === '/v1/client/team/4/resend')).toHaveLength(1);
  });

  it('revokes an invitation after asking, and cancelling changes nothing', async () => {
    let team = [owner, me, pendingDoor];
    const seen = api(team, (req) => {
      if (req.method === 'DELETE' && req.path === '/v1/client/team/4') {
        team = [owner, me];
        return answer(200, null, { description: 'Removed from the team' });
      }
    });
    const { user } = open();
    await user.click(await screen.findByRole('tab', { name: 'Invites (1)' }));
    const revoke = () => screen.findAllByRole('button', { name: 'Revoke the invitation of Dalmas Otieno' });
    await user.click((await revoke())[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Revoke the invitation of Dalmas Otieno?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(seen.filter((r) => r.method === 'DELETE')).toEqual([]);

    await user.click((await revoke())[0]!);
    const again = await screen.findByRole('dialog');
    await user.click(within(again).getByRole('button', { name: 'Revoke invitation' }));
    await findBanner('Removed from the team');
    expect(seen.filter((r) => r.method === 'DELETE')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('team page: removing a teammate', () => {
  it('asks first, says what happens, then removes them', async () => {
    let team = [owner, me, admin];
    const seen = api(team, (req) => {
      if (req.method === 'DELETE' && req.path === '/v1/client/team/3') {
        team = [owner, me];
        return answer(200, null, { description: 'Removed from the team' });
      }
    });
    const { user } = open();
    await user.click((await screen.findAllByRole('button', { name: 'Remove Chebet Otieno' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Remove Chebet Otieno from the team?' });
    expect(dialog.textContent).toContain('signed out at once');
    await user.click(within(dialog).getByRole('button', { name: 'Remove teammate' }));
    await findBanner('Removed from the team');
    expect(seen.find((r) => r.method === 'DELETE')).toMatchObject({ path: '/v1/client/team/3' });
  });
});

describe('invite page: a role', () => {
  it('invites a teammate as check-in only', async () => {
    const seen = mockFetch((req) =>
      req.path === '/v1/client/team/invite'
        ? answer(201, pendingDoor, { description: 'Invite sent to dalmas@example.co.ke.' })
        : answer(200, { data: [], total: 0 }),
    );
    const { user } = renderPage(
      <>
        <AlertBanner />
        <InvitePage />
      </>,
      { path: '/organizer/invite' },
    );
    await user.type(screen.getByLabelText('First Name'), 'Dalmas');
    await user.type(screen.getByLabelText('Last Name'), 'Otieno');
    await user.type(screen.getByLabelText('Email'), 'dalmas@example.co.ke');
    await user.type(screen.getByLabelText('Phone No'), '0712 345 678');
    // The least power is the default: nothing picked sends a door-only invite.
    expect((screen.getByRole('radio', { name: /^Check-in only/ }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: /^Admin/ }) as HTMLInputElement).checked).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Send Invite' }));
    expect((await screen.findByTestId('landed')).textContent).toBe('/organizer/team');
    expect(seen[0]).toMatchObject({
      method: 'POST',
      path: '/v1/client/team/invite',
      body: { first_name: 'Dalmas', email_address: 'dalmas@example.co.ke', role: 'checkin' },
    });
  });

  it('keeps the values and the role when the server refuses', async () => {
    mockFetch(() => answer(409, null, { description: 'An organiser account with this email address already exists' }));
    const { user } = renderPage(
      <>
        <AlertBanner />
        <InvitePage />
      </>,
      { path: '/organizer/invite' },
    );
    await user.type(screen.getByLabelText('First Name'), 'Dalmas');
    await user.type(screen.getByLabelText('Last Name'), 'Otieno');
    await user.type(screen.getByLabelText('Email'), 'dalmas@example.co.ke');
    await user.type(screen.getByLabelText('Phone No'), '0712 345 678');
    await user.click(screen.getByRole('radio', { name: /^Admin/ }));
    await user.click(screen.getByRole('button', { name: 'Send Invite' }));
    await findBanner('An organiser account with this email address already exists');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('dalmas@example.co.ke');
    expect((screen.getByRole('radio', { name: /^Admin/ }) as HTMLInputElement).checked).toBe(true);
  });
});
