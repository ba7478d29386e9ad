import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { accounts, verificationCodes } from '../../db/schema/index.js';
import { createBuyer, createOrganiser, randomPhone } from '../../test-support/fixtures.js';
import { latestCode, mailTo, nextIp } from '../../test-support/mailbox.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://tikiti.example' });
});
afterAll(() => t.close());

const db = () => t.database.db;
const unique = () => randomBytes(4).toString('hex');

const invite = (token: string, overrides: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/register',
    headers: { auth: token },
    payload: {
      first_name: 'Baraka',
      last_name: 'Mwangi',
      email_address: `baraka-${unique()}@example.com`,
      msisdn: randomPhone(),
      ...overrides,
    },
  });
const team = (token: string, query = '') =>
  t.app.inject({ method: 'GET', url: `/v1/admin/view${query}`, headers: { auth: token } });

describe('GET v1/admin/view', () => {
  it("lists the caller's organisation only, owner included, with last_login_date", async () => {
    const a = await createOrganiser(db());
    const b = await createOrganiser(db());
    const res = await team(a.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.total).toBe(1);
    expect(res.json().data.data).toEqual([
      {
        id: a.accountId,
        first_name: 'Wanjiku',
        last_name: expect.any(String),
        email_address: a.email,
        msisdn: expect.any(String),
        role: 'owner',
        last_login_date: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    ]);
    const ofB = (await team(b.token)).json().data.data;
    expect(ofB.map((m: { email_address: string }) => m.email_address)).toEqual([b.email]);
  });

  it('pages with page and limit, the owner first', async () => {
    const owner = await createOrganiser(db());
    for (let i = 0; i < 3; i++) expect((await invite(owner.token)).statusCode).toBe(201);
    const first = (await team(owner.token, '?page=1&limit=2')).json().data;
    expect(first.total).toBe(4);
    expect(first.data).toHaveLength(2);
    expect(first.data[0].role).toBe('owner');
    const second = (await team(owner.token, '?page=2&limit=2')).json().data;
    expect(second.data).toHaveLength(2);
    expect(second.data.every((m: { role: string }) => m.role === 'admin')).toBe(true);
    expect((await team(owner.token, '?limit=0')).statusCode).toBe(400);
  });

  it('answers 401 without a token and 406 for a buyer', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/v1/admin/view' })).statusCode).toBe(401);
    const buyer = await createBuyer(db());
    expect((await team(buyer.token)).statusCode).toBe(406);
  });
});

describe('POST v1/register', () => {
  it('invites a teammate: 201, pending without last login, mailed a code valid 7 days with the reset link', async () => {
    const owner = await createOrganiser(db());
    const email = `amina-${unique()}@example.com`;
    const res = await invite(owner.token, {
      first_name: 'Amina',
      last_name: 'Hassan',
      email_address: email.toUpperCase(),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      status: 201,
      data: { first_name: 'Amina', last_name: 'Hassan', email_address: email, role: 'admin', last_login_date: null },
    });

    const [account] = await db()
      .select()
      .from(accounts)
      .where(and(eq(accounts.type, 'organizer'), eq(accounts.email, email)));
    expect(account).toMatchObject({ organisationId: owner.organisationId, role: 'admin', passwordHash: null });
    const [code] = await db().select().from(verificationCodes).where(eq(verificationCodes.accountId, account!.id));
    expect(code!.purpose).toBe('invite');
    const days = (code!.expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);

    const [mail] = await mailTo(t, email);
    expect(mail!.subject).toContain('invited you');
    expect(mail!.text).toMatch(/^\d{6}$/m);
    const link = `https://tikiti.example/organizer/reset?username=${encodeURIComponent(email)}`;
    expect(mail!.text).toContain(link);
    expect(mail!.html).toContain(`href="${link}"`);

    const listed = (await team(owner.token)).json().data.data;
    expect(listed.find((m: { email_address: string }) => m.email_address === email)).toMatchObject({
      last_login_date: null,
    });
  });

  it('answers 409 when the email or phone is already an organiser anywhere', async () => {
    const owner = await createOrganiser(db());
    const elsewhere = await createOrganiser(db());
    const byEmail = await invite(owner.token, { email_address: elsewhere.email });
    expect(byEmail.statusCode).toBe(409);
    expect(byEmail.json().data.errors[0].path).toBe('email_address');

    const phone = randomPhone();
    expect((await invite(owner.token, { msisdn: phone })).statusCode).toBe(201);
    const byPhone = await invite(owner.token, { msisdn: phone });
    expect(byPhone.statusCode).toBe(409);
    expect(byPhone.json().data.errors[0].path).toBe('msisdn');
  });

  it('lets an email that only has a buyer account be invited', async () => {
    const owner = await createOrganiser(db());
    const buyer = await createBuyer(db());
    expect((await invite(owner.token, { email_address: buyer.email })).statusCode).toBe(201);
  });

  it('answers 400 naming a missing field, 401 without a token, 406 for a buyer', async () => {
    const owner = await createOrganiser(db());
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/register',
      headers: { auth: owner.token },
      payload: { first_name: 'A', last_name: 'B', msisdn: randomPhone() },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().status_description).toContain('email_address');
    expect((await t.app.inject({ method: 'POST', url: '/v1/register', payload: {} })).statusCode).toBe(401);
    const buyer = await createBuyer(db());
    expect((await invite(buyer.token)).statusCode).toBe(406);
  });

  it('takes a teammate from invite to first sign-in, after which they show a last login', async () => {
    const owner = await createOrganiser(db());
    const other = await createOrganiser(db());
    const email = `otieno-${unique()}@example.com`;
    expect(
      (await invite(owner.token, { first_name: 'Otieno', last_name: 'Ouma', email_address: email })).statusCode,
    ).toBe(201);
    const code = await latestCode(t, email);

    const reset = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/password/reset',
      payload: { code, username: email, password: 'teammate password' },
      remoteAddress: nextIp(),
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().data).toEqual({ fn: 'Otieno', ln: 'Ouma', account_type: 'organizer' });

    const login = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { username: email, password: 'teammate password' },
      remoteAddress: nextIp(),
    });
    expect(login.statusCode).toBe(200);
    const teammateToken = login.headers.auth as string;

    const seenByOwner = (await team(owner.token)).json().data.data;
    const entry = seenByOwner.find((m: { email_address: string }) => m.email_address === email);
    expect(entry.last_login_date).toMatch(/^\d{4}-\d\d-\d\dT/);

    // The teammate works in the same organisation: same team, same profile.
    const seenByTeammate = (await team(teammateToken)).json().data.data;
    expect(seenByTeammate.map((m: { email_address: string }) => m.email_address).sort()).toEqual(
      seenByOwner.map((m: { email_address: string }) => m.email_address).sort(),
    );
    const self = await t.app.inject({ method: 'GET', url: '/v1/client/self', headers: { auth: teammateToken } });
    expect(self.json().data.id).toBe(owner.organisationId);

    // Another organisation never sees them.
    const seenByOther = (await team(other.token)).json().data.data;
    expect(seenByOther.map((m: { email_address: string }) => m.email_address)).not.toContain(email);
  });
});
