import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { accounts, organisations, sessions, verificationCodes } from '../../db/schema/index.js';
import { createBuyer, createOrganiser, randomPhone } from '../../test-support/fixtures.js';
import { latestCode, mailTo, nextIp } from '../../test-support/mailbox.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { RECOVERY_SENT } from './organiser-accounts.service.js';
import { CODE_REJECTED, LOGIN_FAILED } from './sign-in.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://tikiti.example' });
});
afterAll(() => t.close());

const db = () => t.database.db;
const unique = () => randomBytes(4).toString('hex');

function registration(overrides: Record<string, string> = {}) {
  const u = unique();
  return {
    first_name: 'Achieng',
    last_name: 'Odhiambo',
    msisdn: randomPhone(),
    email_address: `achieng-${u}@example.com`,
    organization_name: `Summit ${u} Ltd`,
    display_name: `Summit ${u}`,
    organization_email_address: `events-${u}@example.com`,
    organization_msisdn: randomPhone(),
    ...overrides,
  };
}

const post = (url: string, payload: unknown, opts: { ip?: string; token?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: payload as Record<string, unknown>,
    remoteAddress: opts.ip ?? nextIp(),
    headers: opts.token ? { auth: opts.token } : {},
  });
const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? { auth: token } : {} });

async function register(overrides: Record<string, string> = {}) {
  const body = registration(overrides);
  const res = await post('/v1/client/register', body);
  expect(res.statusCode).toBe(201);
  return body;
}

/** Registers and verifies an organiser; returns the body, the password and the first token. */
async function registeredOrganiser() {
  const body = await register();
  const password = `pw-${unique()}-long`;
  const res = await post('/v1/auth/password/reset', {
    code: await latestCode(t, body.email_address),
    username: body.email_address,
    password,
  });
  expect(res.statusCode).toBe(200);
  return { body, password, token: res.headers.auth as string };
}

describe('POST v1/client/register', () => {
  it('creates the organisation and its owner without a password and mails a verification code', async () => {
    const body = registration({ email_address: `  Mixed.Case-${unique()}@Example.com ` });
    const res = await post('/v1/client/register', body);
    expect(res.statusCode).toBe(201);
    const email = body.email_address.trim().toLowerCase();
    expect(res.json()).toMatchObject({ status: 201, data: { username: email } });
    expect(res.json().status_description).toContain(email);

    const [owner] = await db()
      .select()
      .from(accounts)
      .where(and(eq(accounts.type, 'organizer'), eq(accounts.email, email)));
    expect(owner).toMatchObject({
      role: 'owner',
      firstName: 'Achieng',
      lastName: 'Odhiambo',
      passwordHash: null,
      lastLoginAt: null,
    });
    expect(owner!.msisdn).toBe(body.msisdn);
    const [org] = await db().select().from(organisations).where(eq(organisations.id, owner!.organisationId!));
    expect(org).toMatchObject({ organizationName: body.organization_name, displayName: body.display_name });

    const [mail] = await mailTo(t, email);
    expect(mail!.subject).toBe('Your Tikiti verification code');
    const code = /^(\d{6})$/m.exec(mail!.text)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(mail!.html).toContain(code);
    expect(mail!.text).toContain(`https://tikiti.example/organizer/reset?username=${encodeURIComponent(email)}`);

    const [stored] = await db().select().from(verificationCodes).where(eq(verificationCodes.accountId, owner!.id));
    expect(stored!.purpose).toBe('verify');
    expect(stored!.codeHash).not.toContain(code!);
    const ttlMinutes = (stored!.expiresAt.getTime() - Date.now()) / 60_000;
    expect(ttlMinutes).toBeGreaterThan(9);
    expect(ttlMinutes).toBeLessThanOrEqual(10);
  });

  it('answers 409 when the email is already an organiser, naming the field', async () => {
    const first = await register();
    const res = await post('/v1/client/register', registration({ email_address: first.email_address.toUpperCase() }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ status: 409, data: { errors: [{ path: 'email_address' }] } });
    expect(res.json().status_description).toMatch(/email/i);
  });

  it('answers 409 when the phone is already an organiser, whatever its spelling', async () => {
    const digits = String(Math.floor(Math.random() * 1e8)).padStart(8, '0');
    await register({ msisdn: `+2547${digits}` });
    const res = await post(
      '/v1/client/register',
      registration({ msisdn: `07${digits.slice(0, 2)} ${digits.slice(2, 5)}-${digits.slice(5)}` }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ data: { errors: [{ path: 'msisdn' }] } });
    expect(res.json().status_description).toMatch(/phone/i);
  });

  it('answers 400 naming a missing or invalid field', async () => {
    const { organization_email_address: _omitted, ...missing } = registration();
    const res = await post('/v1/client/register', missing);
    expect(res.statusCode).toBe(400);
    expect(res.json().status_description).toContain('organization_email_address');

    const bad = await post('/v1/client/register', registration({ email_address: 'not-an-email' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.errors[0].path).toBe('email_address');
  });
  it('limits registrations per address', async () => {
    const ip = nextIp();
    for (let i = 0; i < 30; i++)
      expect((await post('/v1/client/register', registration(), { ip })).statusCode).toBe(201);
    expect((await post('/v1/client/register', registration(), { ip })).statusCode).toBe(429);
    expect((await post('/v1/client/register', registration())).statusCode).toBe(201);
  });
});

describe('POST v1/auth/password/reset', () => {
  it('sets the password with the mailed code and signs the organiser in', async () => {
    const body = await register();
    const code = await latestCode(t, body.email_address);
    const res = await post('/v1/auth/password/reset', {
      code,
      username: body.email_address,
      password: 'a strong password',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 200,
      status_description: expect.any(String),
      data: { fn: 'Achieng', ln: 'Odhiambo', account_type: 'organizer' },
    });
    const token = res.headers.auth as string;
    expect(token.length).toBeGreaterThan(20);

    const self = await get('/v1/client/self', token);
    expect(self.statusCode).toBe(200);
    expect(self.json().data).toMatchObject({
      organization_name: body.organization_name,
      display_name: body.display_name,
      organization_email_address: body.organization_email_address,
      organization_msisdn: body.organization_msisdn,
    });

    const [owner] = await db()
      .select()
      .from(accounts)
      .where(and(eq(accounts.type, 'organizer'), eq(accounts.email, body.email_address)));
    expect(owner!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(owner!.lastLoginAt).toBeInstanceOf(Date);

    // Single use.
    const again = await post('/v1/auth/password/reset', {
      code,
      username: body.email_address,
      password: 'another password',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().status_description).toBe(CODE_REJECTED);
  });

  it('refuses a short password, naming the field', async () => {
    const body = await register();
    const res = await post('/v1/auth/password/reset', {
      code: await latestCode(t, body.email_address),
      username: body.email_address,
      password: 'short',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.errors[0].path).toBe('password');
  });

  it.each(['password', '12345678', '        ', 'qwertyuiop', 'Achieng2026'])(
    'refuses the weak password %j, saying why and what would do, and keeps the code usable',
    async (weak) => {
      const body = await register();
      const code = await latestCode(t, body.email_address);
      const res = await post('/v1/auth/password/reset', { code, username: body.email_address, password: weak });
      expect(res.statusCode).toBe(400);
      const error = res.json().data.errors[0];
      expect(error.path).toBe('password');
      expect(error.message).toMatch(/too easy to guess|only spaces/);
      expect(error.message).toContain('unrelated words');
      const strong = await post('/v1/auth/password/reset', {
        code,
        username: body.email_address,
        password: 'Correct-Horse-42',
      });
      expect(strong.statusCode).toBe(200);
    },
  );

  it('gives a wrong code and an unknown username the very same answer', async () => {
    const body = await register();
    const code = await latestCode(t, body.email_address);
    const wrong = code === '000000' ? '111111' : '000000';
    const a = await post('/v1/auth/password/reset', {
      code: wrong,
      username: body.email_address,
      password: 'a strong password',
    });
    const b = await post('/v1/auth/password/reset', {
      code,
      username: `nobody-${unique()}@example.com`,
      password: 'a strong password',
    });
    expect(a.statusCode).toBe(400);
    expect(b.statusCode).toBe(400);
    expect(a.json()).toEqual(b.json());
    expect(a.json().status_description).toBe(CODE_REJECTED);
  });

  it('refuses an expired code', async () => {
    const body = await register();
    const code = await latestCode(t, body.email_address);
    const [owner] = await db()
      .select()
      .from(accounts)
      .where(and(eq(accounts.type, 'organizer'), eq(accounts.email, body.email_address)));
    await db()
      .update(verificationCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(verificationCodes.accountId, owner!.id));
    const res = await post('/v1/auth/password/reset', {
      code,
      username: body.email_address,
      password: 'a strong password',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().status_description).toBe(CODE_REJECTED);
  });

  it('kills a code after 5 wrong tries, even for the right code afterwards', async () => {
    const body = await register();
    const code = await latestCode(t, body.email_address);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await post('/v1/auth/password/reset', {
        code: wrong,
        username: body.email_address,
        password: 'a strong password',
      });
      expect(res.statusCode).toBe(400);
    }
    const dead = await post('/v1/auth/password/reset', {
      code,
      username: body.email_address,
      password: 'a strong password',
    });
    expect(dead.statusCode).toBe(400);
    expect(dead.json().status_description).toMatch(/new code/);

    // A new code from "forgot" works.
    expect((await post('/v1/auth/password/forgot', { username: body.email_address })).statusCode).toBe(200);
    const fresh = await latestCode(t, body.email_address);
    const ok = await post('/v1/auth/password/reset', {
      code: fresh,
      username: body.email_address,
      password: 'a strong password',
    });
    expect(ok.statusCode).toBe(200);
  });

  it('rejects a right code after 4 wrong tries only once the fifth is spent: the fifth try may still be right', async () => {
    const body = await register();
    const code = await latestCode(t, body.email_address);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) {
      await post('/v1/auth/password/reset', {
        code: wrong,
        username: body.email_address,
        password: 'a strong password',
      });
    }
    const fifth = await post('/v1/auth/password/reset', {
      code,
      username: body.email_address,
      password: 'a strong password',
    });
    expect(fifth.statusCode).toBe(200);
  });

  it('accepts the phone number as username', async () => {
    const body = await register();
    const code = await latestCode(t, body.email_address);
    const local = `0${body.msisdn.slice(4)}`;
    const res = await post('/v1/auth/password/reset', { code, username: local, password: 'a strong password' });
    expect(res.statusCode).toBe(200);
  });

  it('limits code checks per username', async () => {
    const body = await register();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await post('/v1/auth/password/reset', {
        code: '999999',
        username: body.email_address,
        password: 'a strong password',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('POST v1/auth/password/forgot', () => {
  it('answers the same for a known and an unknown username, and mails only the known one', async () => {
    const { body } = await registeredOrganiser();
    const unknown = `ghost-${unique()}@example.com`;
    const known = await post('/v1/auth/password/forgot', { username: body.email_address });
    const ghost = await post('/v1/auth/password/forgot', { username: unknown });
    expect(known.statusCode).toBe(200);
    expect(ghost.statusCode).toBe(200);
    expect(known.json()).toEqual(ghost.json());
    expect(known.json()).toEqual({ status: 200, status_description: RECOVERY_SENT, data: null });

    const mails = await mailTo(t, body.email_address);
    expect(mails[0]!.subject).toBe('Reset your Tikiti password');
    expect(await mailTo(t, unknown)).toEqual([]);

    // The recovery code sets a new password; the old one stops working.
    const code = await latestCode(t, body.email_address);
    const reset = await post('/v1/auth/password/reset', {
      code,
      username: body.email_address,
      password: 'brand new password',
    });
    expect(reset.statusCode).toBe(200);
    expect(
      (await post('/v1/auth/login', { username: body.email_address, password: 'brand new password' })).statusCode,
    ).toBe(200);
  });

  it('signs out every older session when the password is set anew', async () => {
    const { body, token } = await registeredOrganiser();
    expect((await get('/v1/client/self', token)).statusCode).toBe(200);
    await post('/v1/auth/password/forgot', { username: body.email_address });
    const code = await latestCode(t, body.email_address);
    const reset = await post('/v1/auth/password/reset', {
      code,
      username: body.email_address,
      password: 'after recovery',
    });
    expect(reset.statusCode).toBe(200);
    expect((await get('/v1/client/self', token)).statusCode).toBe(401);
    expect((await get('/v1/client/self', reset.headers.auth as string)).statusCode).toBe(200);
  });

  it('replaces an older code: only the newest mailed code works', async () => {
    const body = await register();
    const first = await latestCode(t, body.email_address);
    await post('/v1/auth/password/forgot', { username: body.email_address });
    const second = await latestCode(t, body.email_address);
    if (first !== second) {
      const old = await post('/v1/auth/password/reset', {
        code: first,
        username: body.email_address,
        password: 'a strong password',
      });
      expect(old.statusCode).toBe(400);
    }
    const res = await post('/v1/auth/password/reset', {
      code: second,
      username: body.email_address,
      password: 'a strong password',
    });
    expect(res.statusCode).toBe(200);
  });

  it('is rate limited per username, known or not, and per address', async () => {
    const { body } = await registeredOrganiser();
    for (const username of [body.email_address, `ghost-${unique()}@example.com`]) {
      const statuses = [];
      for (let i = 0; i < 6; i++) statuses.push((await post('/v1/auth/password/forgot', { username })).statusCode);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    }
    const ip = nextIp();
    const statuses = [];
    for (let i = 0; i < 21; i++)
      statuses.push(
        (await post('/v1/auth/password/forgot', { username: `x${i}-${unique()}@example.com` }, { ip })).statusCode,
      );
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});

describe('POST v1/auth/login', () => {
  it('signs in by email or by phone, and records the sign-in', async () => {
    const { body, password } = await registeredOrganiser();
    await db()
      .update(accounts)
      .set({ lastLoginAt: null })
      .where(and(eq(accounts.type, 'organizer'), eq(accounts.email, body.email_address)));

    const byEmail = await post('/v1/auth/login', { username: body.email_address.toUpperCase(), password });
    expect(byEmail.statusCode).toBe(200);
    expect(byEmail.json().data).toEqual({ fn: 'Achieng', ln: 'Odhiambo', account_type: 'organizer' });
    expect(byEmail.headers.auth).toBeTruthy();
    expect((await get('/v1/client/self', byEmail.headers.auth as string)).statusCode).toBe(200);

    const byPhone = await post('/v1/auth/login', {
      username: `0${body.msisdn.slice(4, 7)} ${body.msisdn.slice(7)}`,
      password,
    });
    expect(byPhone.statusCode).toBe(200);
    expect(byPhone.headers.auth).not.toBe(byEmail.headers.auth);

    const [owner] = await db()
      .select()
      .from(accounts)
      .where(and(eq(accounts.type, 'organizer'), eq(accounts.email, body.email_address)));
    expect(owner!.lastLoginAt).toBeInstanceOf(Date);
  });

  it('gives one generic 401 for a wrong password, an unknown user and an account without a password', async () => {
    const { body } = await registeredOrganiser();
    const pending = await register();
    const answers = [
      await post('/v1/auth/login', { username: body.email_address, password: 'wrong password' }),
      await post('/v1/auth/login', { username: `nobody-${unique()}@example.com`, password: 'wrong password' }),
      await post('/v1/auth/login', { username: pending.email_address, password: 'wrong password' }),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        status: 401,
        status_description: LOGIN_FAILED,
        data: { code: 'auth.login_failed' },
      });
      expect(res.headers.auth).toBeUndefined();
    }
  });

  it('does not let a buyer account sign in here', async () => {
    const buyer = await createBuyer(db());
    const res = await post('/v1/auth/login', { username: buyer.email, password: 'anything at all' });
    expect(res.statusCode).toBe(401);
  });

  it('locks one address out of one username after 5 failures, the right password included, and mails the owner once', async () => {
    const { body, password } = await registeredOrganiser();
    const ip = nextIp();
    const fail = () => post('/v1/auth/login', { username: body.email_address, password: 'wrong password' }, { ip });
    for (let i = 0; i < 4; i++) expect((await fail()).statusCode).toBe(401);
    // A success before the limit wipes this address's count.
    expect((await post('/v1/auth/login', { username: body.email_address, password }, { ip })).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await fail()).statusCode).toBe(401);
    const blocked = await post('/v1/auth/login', { username: body.email_address, password }, { ip });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ status: 429, status_description: expect.stringContaining('15 minutes') });
    expect((await fail()).statusCode).toBe(429);

    // The owner at another address is not locked out by whoever failed here.
    expect((await post('/v1/auth/login', { username: body.email_address, password })).statusCode).toBe(200);

    const notices = (await mailTo(t, body.email_address)).filter((m) => m.subject.includes('paused'));
    expect(notices).toHaveLength(1);
    expect(notices[0]!.text).toContain('/organizer/forgot');
  });

  it('lifts the lockout once the window has passed and the right password is given', async () => {
    const { body, password } = await registeredOrganiser();
    const ip = nextIp();
    for (let i = 0; i < 5; i++) {
      await post('/v1/auth/login', { username: body.email_address, password: 'wrong password' }, { ip });
    }
    expect((await post('/v1/auth/login', { username: body.email_address, password }, { ip })).statusCode).toBe(429);
    // Fifteen minutes later (the window moved back in the database rather than waited for).
    await db().execute(
      sql`UPDATE rate_limits SET window_start = window_start - interval '16 minutes' WHERE key LIKE ${`login:%${ip}`}`,
    );
    expect((await post('/v1/auth/login', { username: body.email_address, password }, { ip })).statusCode).toBe(200);
    const left = await db().execute(sql`SELECT count FROM rate_limits WHERE key LIKE ${`login:pair:%:${ip}`}`);
    expect((left as unknown as { rows: unknown[] }).rows).toEqual([]);
  });

  it('answers 429 after 20 failures from one address, across usernames, and not for other addresses', async () => {
    const { body, password } = await registeredOrganiser();
    const ip = nextIp();
    for (let i = 0; i < 20; i++) {
      const res = await post(
        '/v1/auth/login',
        { username: `spray-${i}-${unique()}@example.com`, password: 'guess' },
        { ip },
      );
      expect(res.statusCode).toBe(401);
    }
    expect((await post('/v1/auth/login', { username: body.email_address, password }, { ip })).statusCode).toBe(429);
    expect(
      (await post('/v1/auth/login', { username: body.email_address, password }, { ip: nextIp() })).statusCode,
    ).toBe(200);
  });

  it('holds the limit under 30 attempts sent at once: at most 5 reach the password check', async () => {
    const { body, password } = await registeredOrganiser();
    const ip = nextIp();
    const attempts = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        post(
          '/v1/auth/login',
          { username: body.email_address, password: i === 29 ? password : 'wrong password' },
          { ip },
        ),
      ),
    );
    const statuses = attempts.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401 || s === 200).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(25);
    expect(statuses.every((s) => [200, 401, 429].includes(s))).toBe(true);
  });

  it('takes as long for an unknown username as for a wrong password, so timing does not tell', async () => {
    const { body } = await registeredOrganiser();
    const timed = async (username: string) => {
      const started = process.hrtime.bigint();
      const res = await post('/v1/auth/login', { username, password: 'wrong password' });
      expect(res.statusCode).toBe(401);
      return Number(process.hrtime.bigint() - started) / 1e6;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 12; i++) {
      known.push(await timed(body.email_address));
      unknown.push(await timed(`nobody-${unique()}@example.com`));
    }
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[xs.length >> 1]!;
    // Both verify one argon2id hash (about 20-60 ms); without the decoy, unknown names
    // answered in under a third of the time. The bound is loose so a busy machine cannot trip it.
    expect(median(unknown) / median(known)).toBeGreaterThan(0.5);
  });

  it('answers 400 naming a missing field', async () => {
    const res = await post('/v1/auth/login', { username: 'someone@example.com' });
    expect(res.statusCode).toBe(400);
    expect(res.json().status_description).toContain('password');
  });
});

describe('sessions', () => {
  it('logout revokes the token', async () => {
    const { token } = await registeredOrganiser();
    expect((await get('/v1/client/self', token)).statusCode).toBe(200);
    const out = await post('/v1/auth/logout', {}, { token });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toMatchObject({ status: 200, data: null });
    expect((await get('/v1/client/self', token)).statusCode).toBe(401);
    expect((await post('/v1/auth/logout', {}, { token })).statusCode).toBe(401);
  });

  it('answers 401 for a missing, unknown or expired token', async () => {
    const organiser = await createOrganiser(db());
    const missing = await get('/v1/client/self');
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toMatchObject({ status: 401, data: { code: 'auth.required' } });
    expect((await get('/v1/client/self', randomBytes(32).toString('base64url'))).statusCode).toBe(401);

    expect((await get('/v1/client/self', organiser.token)).statusCode).toBe(200);
    await db()
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.accountId, organiser.accountId));
    expect((await get('/v1/client/self', organiser.token)).statusCode).toBe(401);
  });

  it("answers 406 for a buyer's token on an organiser call", async () => {
    const buyer = await createBuyer(db());
    const res = await get('/v1/client/self', buyer.token);
    expect(res.statusCode).toBe(406);
    expect(res.json()).toMatchObject({ status: 406, data: { code: 'auth.wrong_account_type' } });
  });

  it("shows each organiser their own organisation's profile", async () => {
    const a = await createOrganiser(db());
    const b = await createOrganiser(db());
    const [orgA] = await db().select().from(organisations).where(eq(organisations.id, a.organisationId));
    const res = await get('/v1/client/self', a.token);
    expect(res.json().data).toEqual({
      id: a.organisationId,
      organization_name: orgA!.organizationName,
      display_name: orgA!.displayName,
      organization_email_address: orgA!.email,
      organization_msisdn: orgA!.msisdn,
    });
    expect((await get('/v1/client/self', b.token)).json().data.id).toBe(b.organisationId);
  });
});

describe('buyer sign-in by email code', () => {
  it('creates the buyer on request, mails a code, and the code signs in once', async () => {
    const email = `buyer-${unique()}@example.com`;
    const req = await post('/v1/auth/code/request', { email: email.toUpperCase() });
    expect(req.statusCode).toBe(200);
    expect(req.json()).toMatchObject({ status: 200, data: null });
    const [account] = await db()
      .select()
      .from(accounts)
      .where(and(eq(accounts.type, 'user'), eq(accounts.email, email)));
    expect(account).toBeTruthy();

    const mails = await mailTo(t, email);
    expect(mails[0]!.subject).toMatch(/sign-in code/);
    const code = await latestCode(t, email);
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await post('/v1/auth/code/verify', { email, code: wrong })).statusCode).toBe(400);

    const res = await post('/v1/auth/code/verify', { email, code });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ fn: '', ln: '', account_type: 'user' });
    const token = res.headers.auth as string;
    expect((await get('/v1/client/self', token)).statusCode).toBe(406);

    const reused = await post('/v1/auth/code/verify', { email, code });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().status_description).toBe(CODE_REJECTED);

    // Asking again signs the same account in.
    await post('/v1/auth/code/request', { email });
    const again = await post('/v1/auth/code/verify', { email, code: await latestCode(t, email) });
    expect(again.statusCode).toBe(200);
    const all = await db()
      .select()
      .from(accounts)
      .where(and(eq(accounts.type, 'user'), eq(accounts.email, email)));
    expect(all).toHaveLength(1);
  });

  it('gives an unknown email the same answer as a wrong code, and refuses an expired code', async () => {
    const unknown = await post('/v1/auth/code/verify', { email: `nobody-${unique()}@example.com`, code: '123456' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().status_description).toBe(CODE_REJECTED);

    const email = `late-${unique()}@example.com`;
    await post('/v1/auth/code/request', { email });
    const code = await latestCode(t, email);
    await db().execute(
      sql`UPDATE verification_codes SET expires_at = now() - interval '1 second' WHERE account_id = (SELECT id FROM accounts WHERE type = 'user' AND email = ${email})`,
    );
    expect((await post('/v1/auth/code/verify', { email, code })).statusCode).toBe(400);
  });

  it('limits code requests per email', async () => {
    const email = `busy-${unique()}@example.com`;
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await post('/v1/auth/code/request', { email })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
