import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { organiserMeResponseSchema, teammateResponseSchema } from '@tikiti/contract';
import { accounts, sessions } from '../../db/schema/index.js';
import { createOrganiser, randomPhone } from '../../test-support/fixtures.js';
import { latestCode, mailTo, nextIp } from '../../test-support/mailbox.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://tikiti.example' });
});
afterAll(() => t.close());

const db = () => t.database.db;
const unique = () => randomBytes(4).toString('hex');

const invite = (token: string, role: string, email = `neema-${unique()}@example.com`) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/client/team/invite',
    headers: { auth: token },
    payload: { first_name: 'Neema', last_name: 'Achieng', email_address: email, msisdn: randomPhone(), role },
  });

const call = (token: string, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { auth: token }, ...(payload ? { payload } : {}) });

const acceptInvite = (email: string, code: string, password = 'door keeper password') =>
  t.app.inject({
    method: 'POST',
    url: '/v1/auth/password/reset',
    payload: { code, username: email, password },
    remoteAddress: nextIp(),
  });

async function signIn(email: string, password = 'door keeper password') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/auth/login',
    payload: { username: email, password },
    remoteAddress: nextIp(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.headers.auth as string;
}

describe('a door-only teammate, from invite to the door', () => {
  it('is invited with role checkin, told so by mail, signs in and is a door-only teammate', async () => {
    const owner = await createOrganiser(db());
    const email = `door-${unique()}@example.com`;
    const res = await invite(owner.token, 'checkin', email);
    expect(res.statusCode, res.body).toBe(201);
    const teammate = teammateResponseSchema.parse(res.json()).data;
    expect(teammate).toMatchObject({ role: 'checkin', last_login_date: null, email_address: email });
    const [mail] = await mailTo(t, email);
    expect(mail!.text).toContain('check tickets in at the door');

    expect((await acceptInvite(email, await latestCode(t, email))).statusCode).toBe(200);
    const token = await signIn(email);
    const me = await call(token, 'GET', '/v1/client/me');
    expect(me.statusCode, me.body).toBe(200);
    expect(organiserMeResponseSchema.parse(me.json()).data).toMatchObject({
      id: teammate.id,
      first_name: 'Neema',
      email_address: email,
      role: 'checkin',
      organisation: { id: owner.organisationId },
    });
    expect((await call(token, 'GET', '/v1/client/checkin/events')).statusCode).toBe(200);
    expect((await call(token, 'GET', '/v1/client/event/view')).statusCode).toBe(403);
    expect((await call(token, 'GET', '/v1/admin/view')).statusCode).toBe(403);

    // Made an admin, the same session opens the organiser pages at once.
    const promoted = await call(owner.token, 'PUT', `/v1/client/team/${teammate.id}/role`, { role: 'admin' });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(promoted.json().data.role).toBe('admin');
    expect((await call(token, 'GET', '/v1/client/event/view')).statusCode).toBe(200);
    expect((await call(token, 'GET', '/v1/client/me')).json().data.role).toBe('admin');
  });

  it('refuses a role that does not exist, and the owner role, with 400', async () => {
    const owner = await createOrganiser(db());
    for (const role of ['owner', 'superuser', '']) {
      const res = await invite(owner.token, role);
      expect(res.statusCode, role).toBe(400);
    }
    expect((await db().select().from(accounts).where(eq(accounts.organisationId, owner.organisationId))).length).toBe(
      1,
    );
  });
});

describe('PUT v1/client/team/{id}/role', () => {
  it("refuses to change the owner's role or one's own, with 403", async () => {
    const owner = await createOrganiser(db());
    const admin = await createOrganiser(db(), { organisationId: owner.organisationId, role: 'admin' });
    const toOwner = await call(admin.token, 'PUT', `/v1/client/team/${owner.accountId}/role`, { role: 'checkin' });
    expect(toOwner.statusCode).toBe(403);
    expect(toOwner.json().status_description).toContain('owner');
    const self = await call(admin.token, 'PUT', `/v1/client/team/${admin.accountId}/role`, { role: 'checkin' });
    expect(self.statusCode).toBe(403);
    const roles = await db()
      .select({ role: accounts.role })
      .from(accounts)
      .where(eq(accounts.organisationId, owner.organisationId));
    expect(roles.map((r) => r.role).sort()).toEqual(['admin', 'owner']);
  });
});

describe('POST v1/client/team/{id}/resend', () => {
  it('mails a new code; the old one stops working and the new one lets them in', async () => {
    const owner = await createOrganiser(db());
    const email = `resend-${unique()}@example.com`;
    const id = (await invite(owner.token, 'admin', email)).json().data.id as number;
    const oldCode = await latestCode(t, email);
    const res = await call(owner.token, 'POST', `/v1/client/team/${id}/resend`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id, last_login_date: null });
    const mails = await mailTo(t, email);
    expect(mails).toHaveLength(2);
    const newCode = await latestCode(t, email);
    expect(newCode).not.toBe(oldCode);
    expect((await acceptInvite(email, oldCode)).statusCode).not.toBe(200);
    expect((await acceptInvite(email, newCode)).statusCode).toBe(200);
    // Signed in: there is no invite to resend any more.
    await signIn(email);
    const after = await call(owner.token, 'POST', `/v1/client/team/${id}/resend`);
    expect(after.statusCode).toBe(409);
    expect(await mailTo(t, email)).toHaveLength(2);
  });

  it('sends at most 5 an hour to one teammate', async () => {
    const owner = await createOrganiser(db());
    const email = `flood-${unique()}@example.com`;
    const id = (await invite(owner.token, 'checkin', email)).json().data.id as number;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await call(owner.token, 'POST', `/v1/client/team/${id}/resend`)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('DELETE v1/client/team/{id}', () => {
  it('revokes a pending invite: the code stops working and the email can be invited again', async () => {
    const owner = await createOrganiser(db());
    const email = `revoke-${unique()}@example.com`;
    const id = (await invite(owner.token, 'checkin', email)).json().data.id as number;
    const code = await latestCode(t, email);
    const res = await call(owner.token, 'DELETE', `/v1/client/team/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 200, data: null });
    expect((await acceptInvite(email, code)).statusCode).not.toBe(200);
    expect((await call(owner.token, 'GET', '/v1/admin/view')).json().data.total).toBe(1);
    expect((await invite(owner.token, 'admin', email)).statusCode).toBe(201);
  });

  it('removes a teammate: their sessions end at once', async () => {
    const owner = await createOrganiser(db());
    const mate = await createOrganiser(db(), { organisationId: owner.organisationId, role: 'admin' });
    expect((await call(mate.token, 'GET', '/v1/client/me')).statusCode).toBe(200);
    expect((await call(owner.token, 'DELETE', `/v1/client/team/${mate.accountId}`)).statusCode).toBe(200);
    expect((await call(mate.token, 'GET', '/v1/client/me')).statusCode).toBe(401);
    expect(await db().select().from(sessions).where(eq(sessions.accountId, mate.accountId))).toEqual([]);
    expect((await call(owner.token, 'DELETE', `/v1/client/team/${mate.accountId}`)).statusCode).toBe(404);
  });

  it('refuses to remove the owner or oneself, with 403', async () => {
    const owner = await createOrganiser(db());
    const admin = await createOrganiser(db(), { organisationId: owner.organisationId, role: 'admin' });
    expect((await call(admin.token, 'DELETE', `/v1/client/team/${owner.accountId}`)).statusCode).toBe(403);
    expect((await call(admin.token, 'DELETE', `/v1/client/team/${admin.accountId}`)).statusCode).toBe(403);
    expect((await call(owner.token, 'DELETE', `/v1/client/team/${owner.accountId}`)).statusCode).toBe(403);
    expect((await call(owner.token, 'GET', '/v1/admin/view')).json().data.total).toBe(2);
  });
});
