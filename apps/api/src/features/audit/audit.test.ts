import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import type { AuditAction } from '@tikiti/contract';
import { accounts, auditEntries } from '../../db/schema/index.js';
import { createBuyer, createCategory, createEvent, createOrganiser, randomPhone } from '../../test-support/fixtures.js';
import { latestCode, nextIp } from '../../test-support/mailbox.js';
import { eventFields, insertBooking, multipartBody } from '../../test-support/organiser-events.js';
import { causeChain } from '../../http/errors.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';

/**
 * The activity log (docs/security.md#audit-trail): each action that changes money, people or
 * access writes exactly one entry, in its own transaction; only the owner reads it; it cannot be
 * changed or deleted, not even with SQL.
 */
let t: TestApp;
let owner: Awaited<ReturnType<typeof createOrganiser>>;
let categoryId: number;
beforeAll(async () => {
  t = await createTestApp();
  owner = await createOrganiser(t.database.db, { confirmed: true });
  categoryId = (await createCategory(t.database.db)).id;
});
afterAll(() => t.close());

const db = () => t.database.db;
const UA = 'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0';

type Opts = { token?: string; payload?: object; ip?: string; headers?: Record<string, string> };
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, o: Opts = {}) =>
  t.app.inject({
    method,
    url,
    payload: o.payload,
    remoteAddress: o.ip ?? nextIp(),
    headers: { 'user-agent': UA, ...(o.token ? { auth: o.token } : {}), ...(o.headers ?? {}) },
  });

const entriesOf = (organisationId: number) =>
  db().select().from(auditEntries).where(eq(auditEntries.organisationId, organisationId)).orderBy(asc(auditEntries.id));

/** Runs `action` and answers the entries it added to the owner's organisation: it must add exactly one. */
async function oneEntry(action: () => Promise<{ statusCode: number; body: string }>, expected: AuditAction) {
  const before = (await entriesOf(owner.organisationId)).length;
  const res = await action();
  expect(res.statusCode, res.body).toBeLessThan(300);
  const added = (await entriesOf(owner.organisationId)).slice(before);
  expect(added.map((e) => e.action)).toEqual([expected]);
  return added[0]!;
}

const aTeammate = async (role: 'admin' | 'checkin' = 'admin') => {
  const [row] = await db()
    .insert(accounts)
    .values({
      type: 'organizer',
      organisationId: owner.organisationId,
      role,
      firstName: 'Baraka',
      lastName: 'Mwangi',
      email: `baraka-${Math.random().toString(36).slice(2)}@example.com`,
      msisdn: randomPhone(),
    })
    .returning();
  return row!;
};

describe('each audited action', () => {
  it('writes exactly one entry with who, when, from where and what', async () => {
    const ip = '10.77.0.9';
    const refund = await insertBooking(db(), {
      eventId: (await createEvent(db(), { organisationId: owner.organisationId, categoryId })).event.id,
      accountId: (await createBuyer(db())).accountId,
      status: 2,
      totalMinor: 233_300,
      currency: 'KES',
    });
    const entry = await oneEntry(
      () => call('POST', `/v1/client/booking/${refund.id}/refund`, { token: owner.token, ip }),
      'booking.refunded',
    );
    expect(entry).toMatchObject({
      organisationId: owner.organisationId,
      actorAccountId: owner.accountId,
      actorName: expect.stringMatching(/^Wanjiku Test/),
      actorRole: 'owner',
      targetType: 'booking',
      targetId: refund.reference,
      details: { amount: 2333, currency: 'KES', retry: false },
      address: ip,
      device: 'Firefox on Linux',
    });
    expect(Date.now() - entry.createdAt.getTime()).toBeLessThan(60_000);
    // Refunded already: nothing changes, nothing is written.
    const again = await call('POST', `/v1/client/booking/${refund.id}/refund`, { token: owner.token });
    expect(again.statusCode).toBe(202);
    expect((await entriesOf(owner.organisationId)).filter((e) => e.targetId === refund.reference)).toHaveLength(1);
  });

  it('writes one entry for each team change', async () => {
    const invite = await oneEntry(
      () =>
        call('POST', '/v1/client/team/invite', {
          token: owner.token,
          payload: {
            first_name: 'Neema',
            last_name: 'Atieno',
            email_address: `neema-${Math.random().toString(36).slice(2)}@example.com`,
            msisdn: randomPhone(),
            role: 'checkin',
          },
        }),
      'team.invited',
    );
    expect(invite).toMatchObject({ targetType: 'account', targetLabel: 'Neema Atieno', details: { role: 'checkin' } });
    const id = Number(invite.targetId);
    const legacy = await oneEntry(
      () =>
        call('POST', '/v1/register', {
          token: owner.token,
          payload: {
            first_name: 'Juma',
            last_name: 'Otieno',
            email_address: `juma-${Math.random().toString(36).slice(2)}@example.com`,
            msisdn: randomPhone(),
          },
        }),
      'team.invited',
    );
    expect(legacy.details).toMatchObject({ role: 'admin' });
    await oneEntry(() => call('POST', `/v1/client/team/${id}/resend`, { token: owner.token }), 'team.invite_resent');
    const role = await oneEntry(
      () => call('PUT', `/v1/client/team/${id}/role`, { token: owner.token, payload: { role: 'admin' } }),
      'team.role_changed',
    );
    expect(role.details).toEqual({ from: 'checkin', to: 'admin' });
    const removed = await oneEntry(
      () => call('DELETE', `/v1/client/team/${id}`, { token: owner.token }),
      'team.removed',
    );
    expect(removed).toMatchObject({
      targetId: String(id),
      targetLabel: 'Neema Atieno',
      details: { role: 'admin', invite_pending: true },
    });
  });

  it('writes one entry for publishing, unpublishing and cancelling an event', async () => {
    const { event } = await createEvent(db(), {
      organisationId: owner.organisationId,
      categoryId,
      status: 2,
      tickets: [],
    });
    await oneEntry(
      () =>
        call('POST', `/v1/event/${event.id}/ticket/register`, {
          token: owner.token,
          payload: [{ name: 'Regular', price_per_ticket: 19.99, no_of_persons: 1, max_tickets: 10 }],
        }),
      'event.published',
    );
    const form = async (status: 1 | 2) => {
      const body = await multipartBody(eventFields(categoryId, { title: event.title, status }));
      return call('PUT', `/v1/event/update/${event.id}`, {
        token: owner.token,
        payload: body.payload as unknown as object,
        headers: body.headers,
      });
    };
    await oneEntry(() => form(2), 'event.unpublished');
    await oneEntry(() => form(1), 'event.published');
    // Saving without a change of status is not a publication.
    const before = (await entriesOf(owner.organisationId)).length;
    expect((await form(1)).statusCode).toBe(200);
    expect(await entriesOf(owner.organisationId)).toHaveLength(before);
    const cancelled = await oneEntry(
      () =>
        call('POST', `/v1/client/event/${event.id}/cancel`, {
          token: owner.token,
          payload: { reason: 'Venue flooded' },
        }),
      'event.cancelled',
    );
    expect(cancelled).toMatchObject({
      targetType: 'event',
      targetId: String(event.id),
      details: { reason: 'Venue flooded' },
    });
    expect(
      (await call('POST', `/v1/client/event/${event.id}/cancel`, { token: owner.token, payload: {} })).statusCode,
    ).toBe(202);
    expect(
      (await entriesOf(owner.organisationId)).filter(
        (e) => e.action === 'event.cancelled' && e.targetId === String(event.id),
      ),
    ).toHaveLength(1);
  });

  it('writes one entry for each export of attendee data', async () => {
    const { event } = await createEvent(db(), { organisationId: owner.organisationId, categoryId });
    const orders = await oneEntry(
      () => call('GET', `/v1/client/event/${event.id}/orders.csv?q=Achieng`, { token: owner.token }),
      'export.orders',
    );
    expect(orders).toMatchObject({ targetType: 'event', targetLabel: event.title, details: { rows: 0, q: 'Achieng' } });
    await oneEntry(
      () => call('GET', `/v1/client/event/${event.id}/attendees.csv`, { token: owner.token }),
      'export.attendees',
    );
  });

  it('writes one entry for each sign-in, password change, sessions ended and two-factor change', async () => {
    const o = await createOrganiser(db(), { organisationId: owner.organisationId, role: 'admin' });
    const loginAs = () => call('POST', '/v1/auth/login', { payload: { username: o.email, password: o.password } });
    const signIn = await oneEntry(loginAs, 'account.signed_in');
    expect(signIn).toMatchObject({ actorAccountId: o.accountId, actorRole: 'admin', details: { with: 'password' } });
    await oneEntry(() => call('DELETE', '/v1/auth/sessions', { token: o.token }), 'account.sessions_ended');
    const token = (await loginAs()).headers.auth as string;
    const setup = await call('POST', '/v1/auth/totp/setup', { token });
    const secret = setup.json().data.secret as string;
    const totp = new TOTP({ secret: Secret.fromBase32(secret) });
    let rotated = '';
    await oneEntry(async () => {
      const res = await call('POST', '/v1/auth/totp/enable', { token, payload: { code: totp.generate() } });
      rotated = res.headers.auth as string;
      return res;
    }, 'account.totp_enabled');
    const pending = (await loginAs()).json().data.pending_token as string;
    const second = await oneEntry(
      () =>
        call('POST', '/v1/auth/login/totp', {
          payload: { pending_token: pending, code: totp.generate({ timestamp: Date.now() + 30_000 }) },
        }),
      'account.signed_in',
    );
    expect(second.details).toEqual({ with: 'authenticator' });
    const recovery = await call('POST', '/v1/auth/totp/disable', {
      token: rotated,
      payload: { password: o.password, code: '0000-00000' },
    });
    expect(recovery.statusCode).toBe(400);
    await oneEntry(async () => {
      const pendingAgain = (await loginAs()).json().data.pending_token as string;
      const before = (await entriesOf(owner.organisationId)).length;
      const res = await call('POST', '/v1/auth/login/totp', {
        payload: { pending_token: pendingAgain, code: '123456' },
      });
      expect(res.statusCode).toBe(400);
      expect(await entriesOf(owner.organisationId)).toHaveLength(before);
      return call('POST', '/v1/auth/password/change', {
        token: rotated,
        payload: { current_password: o.password, password: 'Mango-Baobab-Tusker-71' },
      });
    }, 'account.password_changed');
  });

  it('writes one entry for a password set with a mailed code', async () => {
    const o = await createOrganiser(db(), { organisationId: owner.organisationId, role: 'admin' });
    await call('POST', '/v1/auth/password/forgot', { payload: { username: o.email } });
    const code = await latestCode(t, o.email);
    await oneEntry(
      () =>
        call('POST', '/v1/auth/password/reset', {
          payload: { username: o.email, code, password: 'Mango-Baobab-Tusker-71' },
        }),
      'account.password_reset',
    );
  });

  it('writes nothing when the action is refused', async () => {
    const { event } = await createEvent(db(), { organisationId: owner.organisationId, categoryId });
    const unpaid = await insertBooking(db(), {
      eventId: event.id,
      accountId: (await createBuyer(db())).accountId,
      status: 1,
      totalMinor: 1999,
    });
    const before = (await entriesOf(owner.organisationId)).length;
    expect((await call('POST', `/v1/client/booking/${unpaid.id}/refund`, { token: owner.token })).statusCode).toBe(409);
    const unconfirmed = await createOrganiser(db(), { organisationId: owner.organisationId, role: 'admin' });
    expect(
      (await call('GET', `/v1/client/event/${event.id}/attendees.csv`, { token: unconfirmed.token })).statusCode,
    ).toBe(403);
    expect(await entriesOf(owner.organisationId)).toHaveLength(before);
  });
});

describe('GET v1/client/activity', () => {
  it('answers the owner; a teammate gets 403 forbidden.owner_only, a door-only teammate 403, another organisation only its own', async () => {
    const admin = await createOrganiser(db(), { organisationId: owner.organisationId, role: 'admin' });
    const door = await createOrganiser(db(), { organisationId: owner.organisationId, role: 'checkin' });
    const intruder = await createOrganiser(db());
    const mine = await call('GET', '/v1/client/activity', { token: owner.token });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data.total).toBeGreaterThan(0);
    for (const who of [admin, door]) {
      for (const url of ['/v1/client/activity', '/v1/client/activity.csv']) {
        const res = await call('GET', url, { token: who.token });
        expect(res.statusCode, url).toBe(403);
        expect(res.body).not.toContain(owner.email);
      }
    }
    expect((await call('GET', '/v1/client/activity', { token: admin.token })).json().data.code).toBe(
      'forbidden.owner_only',
    );
    const theirs = await call('GET', '/v1/client/activity', { token: intruder.token });
    expect(theirs.json().data).toEqual({ data: [], total: 0, people: [] });
    expect((await call('GET', '/v1/client/activity')).statusCode).toBe(401);
  });

  it('filters by person, kind and Nairobi days, pages newest first, and names the people in the log', async () => {
    const o = await createOrganiser(db());
    const mate = await createOrganiser(db(), { organisationId: o.organisationId, role: 'admin' });
    for (const who of [o, mate, o])
      await call('POST', '/v1/auth/login', { payload: { username: who.email, password: who.password } });
    await call('DELETE', '/v1/auth/sessions', { token: mate.token });
    const list = async (query: string) =>
      (await call('GET', `/v1/client/activity${query}`, { token: o.token })).json().data;
    const all = await list('');
    expect(all.total).toBe(4);
    expect(all.data.map((e: { action: string }) => e.action)).toEqual([
      'account.sessions_ended',
      'account.signed_in',
      'account.signed_in',
      'account.signed_in',
    ]);
    expect(all.people.map((p: { id: number }) => p.id).sort()).toEqual([o.accountId, mate.accountId].sort());
    expect(all.data[0]).toMatchObject({
      actor: { id: mate.accountId, role: 'admin' },
      target: null,
      details: { ended: 1 },
      device: 'Firefox on Linux',
    });
    expect((await list(`?actor_id=${mate.accountId}`)).total).toBe(2);
    expect((await list('?action=account.signed_in')).total).toBe(3);
    expect((await list(`?actor_id=${o.accountId}&action=account.sessions_ended`)).total).toBe(0);
    const page = await list('?limit=3&page=2');
    expect([page.total, page.data.length]).toEqual([4, 1]);
    // Days are Nairobi days: an entry at 22:30 UTC on 1 March is on 2 March in Nairobi.
    const today = new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);
    expect((await list(`?from=${today}&to=${today}`)).total).toBe(4);
    expect((await list('?to=2020-01-01')).total).toBe(0);
    const bad = await call('GET', '/v1/client/activity?from=2026-03-02&to=2026-03-01', { token: o.token });
    expect([bad.statusCode, bad.json().data.errors[0].path]).toEqual([400, 'to']);
    expect(
      (await call('GET', '/v1/client/activity?action=account.deleted_everything', { token: o.token })).statusCode,
    ).toBe(400);
  });

  it('downloads the log as CSV, filtered, with formulas disarmed', async () => {
    const o = await createOrganiser(db());
    const mate = await createOrganiser(db(), { organisationId: o.organisationId, role: 'admin' });
    await db().update(accounts).set({ firstName: '=HYPERLINK("http://evil")' }).where(eq(accounts.id, mate.accountId));
    await call('POST', '/v1/auth/login', { payload: { username: mate.email, password: mate.password } });
    const res = await call('GET', `/v1/client/activity.csv?actor_id=${mate.accountId}`, { token: o.token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="activity.csv"');
    const lines = res.rawPayload.toString('utf8').split('\r\n');
    expect(lines[0]).toBe('\uFEFFTime (Nairobi),Person,Role,Action,Target,Details,Address,Device');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil"") `);
    expect(lines[1]).toContain(',admin,Signed in,,with: password,');
    expect(lines[1]).toContain('with: password');
  });
});

describe('the log is append-only', () => {
  it('refuses UPDATE, DELETE and TRUNCATE in the database itself, whoever sends them', async () => {
    const [entry] = await entriesOf(owner.organisationId);
    expect(entry).toBeDefined();
    /** What the database answered, through Drizzle's wrapping. */
    const refusal = async (statement: Promise<unknown>) => {
      try {
        await statement;
        return 'done';
      } catch (err) {
        return causeChain(err)
          .map((e) => (e as Error).message)
          .join(' | ');
      }
    };
    expect(
      await refusal(db().execute(sql`UPDATE audit_entries SET actor_name = 'Nobody' WHERE id = ${entry!.id}`)),
    ).toMatch(/append-only: UPDATE refused/);
    expect(await refusal(db().execute(sql`DELETE FROM audit_entries WHERE id = ${entry!.id}`))).toMatch(
      /append-only: DELETE refused/,
    );
    expect(await refusal(db().execute(sql`TRUNCATE audit_entries`))).toMatch(/append-only: TRUNCATE refused/);
    const [after] = await db().select().from(auditEntries).where(eq(auditEntries.id, entry!.id));
    expect(after).toEqual(entry);
  });

  it('offers no call that changes or deletes an entry', () => {
    const spec = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const activity = Object.entries(spec.paths).filter(([path]) => path.includes('activity'));
    expect(activity.map(([path, methods]) => [path, Object.keys(methods)])).toEqual([
      ['/v1/client/activity', ['get']],
      ['/v1/client/activity.csv', ['get']],
    ]);
  });

  it('keeps the entries of a removed teammate, with the name and role they had', async () => {
    const mate = await aTeammate('admin');
    const before = (await entriesOf(owner.organisationId)).length;
    await call('DELETE', `/v1/client/team/${mate.id}`, { token: owner.token });
    const after = await entriesOf(owner.organisationId);
    expect(after).toHaveLength(before + 1);
    expect(after.at(-1)).toMatchObject({ action: 'team.removed', targetLabel: 'Baraka Mwangi' });
  });
});
