import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, like } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { ERROR_STATUS } from '@tikiti/contract';
import { rateLimits, recoveryCodes, totpFactors } from '../../db/schema/index.js';
import { createOrganiser } from '../../test-support/fixtures.js';
import { latestCode, mailTo, nextIp } from '../../test-support/mailbox.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { requireTwoFactor, resolveSession } from './index.js';
import { openSecret, sealSecret } from './totp.js';

/**
 * Two-factor sign-in (docs/security.md#two-factor-sign-in): setup by QR code, turned on by a
 * first code with 10 recovery codes shown once, the second step of a sign-in counted on the
 * password's own limits, recovery codes spent once, and turning it off.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;

const call = (method: 'GET' | 'POST', url: string, opts: { token?: string; payload?: object; ip?: string } = {}) =>
  t.app.inject({
    method,
    url,
    payload: opts.payload,
    remoteAddress: opts.ip ?? nextIp(),
    headers: opts.token ? { auth: opts.token } : {},
  });

/** The code an authenticator app shows for `secret`, `steps` 30-second steps from now. */
const codeOf = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + steps * 30_000 });

/**
 * A code of the app is accepted once: the next use must come from a later step. Tests that need
 * more codes than the drift window holds forget the last one used, as if a minute had passed.
 */
const aMinuteLater = (accountId: number) =>
  db().update(totpFactors).set({ lastStep: null }).where(eq(totpFactors.accountId, accountId));

/** An organiser with two-factor sign-in on: the secret, the recovery codes and the rotated token. */
async function withTwoFactor() {
  const organiser = await createOrganiser(db());
  const setup = await call('POST', '/v1/auth/totp/setup', { token: organiser.token });
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret } = setup.json().data as { secret: string };
  const enable = await call('POST', '/v1/auth/totp/enable', {
    token: organiser.token,
    payload: { code: codeOf(secret) },
  });
  expect(enable.statusCode, enable.body).toBe(200);
  await aMinuteLater(organiser.accountId);
  return {
    ...organiser,
    secret,
    recoveryCodes: enable.json().data.recovery_codes as string[],
    token: enable.headers.auth as string,
  };
}

const login = (o: { email: string; password: string }, ip = nextIp()) =>
  call('POST', '/v1/auth/login', { payload: { username: o.email, password: o.password }, ip });

describe('setting up two-factor sign-in', () => {
  it('shows a QR code and the secret once, turns on with a right code, answers 10 recovery codes and rotates the token', async () => {
    const o = await createOrganiser(db());
    expect((await call('GET', '/v1/auth/totp', { token: o.token })).json().data).toEqual({
      enabled: false,
      enabled_at: null,
      recovery_codes_left: 0,
    });
    const setup = await call('POST', '/v1/auth/totp/setup', { token: o.token });
    expect(setup.statusCode).toBe(200);
    const { secret, otpauth_uri, qr_data_url } = setup.json().data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauth_uri).toBe(
      `otpauth://totp/Tikiti:${encodeURIComponent(o.email)}?issuer=Tikiti&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
    );
    expect(qr_data_url).toMatch(/^data:image\/png;base64,/);
    // Kept only encrypted: a dump of the table does not show the secret.
    const [stored] = await db().select().from(totpFactors).where(eq(totpFactors.accountId, o.accountId));
    expect(stored!.secretCipher).toMatch(/^v1\./);
    expect(stored!.secretCipher).not.toContain(secret);
    expect(stored!.enabledAt).toBeNull();
    // Not on until a code proves it: signing in still needs the password only.
    expect((await login(o)).headers.auth).toEqual(expect.any(String));

    const wrong = await call('POST', '/v1/auth/totp/enable', { token: o.token, payload: { code: codeOf(secret, 4) } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().data).toEqual({
      code: 'auth.totp_rejected',
      errors: [{ path: 'code', message: expect.stringContaining('not right') }],
    });

    const enable = await call('POST', '/v1/auth/totp/enable', { token: o.token, payload: { code: codeOf(secret) } });
    expect(enable.statusCode, enable.body).toBe(200);
    const codes = enable.json().data.recovery_codes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[2-9A-HJ-NP-Z]{5}-[2-9A-HJ-NP-Z]{5}$/);
    const rotated = enable.headers.auth as string;
    expect(rotated).toEqual(expect.any(String));
    expect(rotated).not.toBe(o.token);
    expect((await call('GET', '/v1/auth/totp', { token: rotated })).json().data).toMatchObject({
      enabled: true,
      enabled_at: expect.any(String),
      recovery_codes_left: 10,
    });
    // The recovery codes are kept as salted hashes only.
    const hashes = await db().select().from(recoveryCodes).where(eq(recoveryCodes.accountId, o.accountId));
    expect(hashes).toHaveLength(10);
    for (const c of codes) expect(JSON.stringify(hashes)).not.toContain(c.replace('-', ''));

    // Neither the secret nor a new one is handed out once it is on.
    const again = await call('POST', '/v1/auth/totp/setup', { token: rotated });
    expect([again.statusCode, again.json().data.code]).toEqual([409, 'auth.totp_already_enabled']);
    expect(again.body).not.toContain(secret);
    const twice = await call('POST', '/v1/auth/totp/enable', { token: rotated, payload: { code: codeOf(secret, 1) } });
    expect([twice.statusCode, twice.json().data.code]).toEqual([409, 'auth.totp_already_enabled']);
  });

  it('refuses to turn on without a setup first', async () => {
    const o = await createOrganiser(db());
    const res = await call('POST', '/v1/auth/totp/enable', { token: o.token, payload: { code: '123456' } });
    expect([res.statusCode, res.json().data.code]).toEqual([409, 'auth.totp_not_set_up']);
  });

  it('seals the secret with TOTP_ENCRYPTION_KEY when it is set: another key cannot open it', async () => {
    const ctx = (key: string | undefined) => ({ config: { ...t.config, totpEncryptionKey: key }, db: db() });
    const sealed = await sealSecret(ctx('k'.repeat(40)), 'JBSWY3DPEHPK3PXP');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(await openSecret(ctx('k'.repeat(40)), sealed)).toBe('JBSWY3DPEHPK3PXP');
    await expect(openSecret(ctx('x'.repeat(40)), sealed)).rejects.toThrow();
    // Without the variable, the key kept in the database: not the configured one.
    await expect(openSecret(ctx(undefined), sealed)).rejects.toThrow();
  });
});

describe('signing in with two-factor sign-in on', () => {
  it('answers the second step after the password, with no session until a right code; the code opens one session once', async () => {
    const o = await withTwoFactor();
    const first = await login(o);
    expect(first.statusCode).toBe(200);
    expect(first.headers.auth).toBeUndefined();
    const step = first.json().data;
    expect(step).toEqual({
      second_factor: 'totp',
      pending_token: expect.stringMatching(/^ps1\./),
      expires_at: expect.any(String),
    });
    expect(Date.parse(step.expires_at) - Date.now()).toBeLessThanOrEqual(5 * 60_000);

    const code = codeOf(o.secret);
    const second = await call('POST', '/v1/auth/login/totp', { payload: { pending_token: step.pending_token, code } });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().data).toMatchObject({ account_type: 'organizer' });
    const token = second.headers.auth as string;
    expect((await call('GET', '/v1/client/self', { token })).statusCode).toBe(200);

    // The pending sign-in is spent, and so is the code.
    const reused = await call('POST', '/v1/auth/login/totp', { payload: { pending_token: step.pending_token, code } });
    expect([reused.statusCode, reused.json().data.code]).toEqual([401, 'auth.sign_in_step_ended']);
    const replay = await call('POST', '/v1/auth/login/totp', {
      payload: { pending_token: (await login(o)).json().data.pending_token, code },
    });
    expect([replay.statusCode, replay.json().data.code]).toEqual([400, 'auth.totp_rejected']);
  });

  it('refuses a wrong code and counts it with the passwords: after 5 failures from one address even the right code is refused', async () => {
    const o = await withTwoFactor();
    const ip = nextIp();
    const { pending_token } = (await login(o, ip)).json().data;
    const wrong = codeOf(o.secret, 5);
    const pairCount = async () =>
      (
        await db()
          .select()
          .from(rateLimits)
          .where(like(rateLimits.key, `login:pair:%${o.email}:${ip}`))
      )[0]?.count;
    expect(await pairCount()).toBe(1);
    for (let i = 0; i < 4; i++) {
      const res = await call('POST', '/v1/auth/login/totp', { payload: { pending_token, code: wrong }, ip });
      expect([res.statusCode, res.json().data.code]).toEqual([400, 'auth.totp_rejected']);
      expect(await pairCount()).toBe(2 + i);
    }
    const right = await call('POST', '/v1/auth/login/totp', { payload: { pending_token, code: codeOf(o.secret) }, ip });
    expect([right.statusCode, right.json().data.code]).toEqual([ERROR_STATUS['auth.locked_out'], 'auth.locked_out']);
    expect(right.headers.auth).toBeUndefined();
    // The password is refused there too now, and the owner was told once.
    expect((await login(o, ip)).statusCode).toBe(429);
    const paused = (await mailTo(t, o.email)).filter((m) => m.subject === 'Sign-in to your Tikiti account was paused');
    expect(paused).toHaveLength(1);
  });

  it('ends a pending sign-in after 5 wrong codes, wherever they came from', async () => {
    const o = await withTwoFactor();
    const { pending_token } = (await login(o)).json().data;
    for (let i = 0; i < 5; i++) {
      const res = await call('POST', '/v1/auth/login/totp', { payload: { pending_token, code: codeOf(o.secret, 6) } });
      expect(res.statusCode).toBe(400);
    }
    const right = await call('POST', '/v1/auth/login/totp', { payload: { pending_token, code: codeOf(o.secret) } });
    expect([right.statusCode, right.json().data.code]).toEqual([401, 'auth.sign_in_step_ended']);
  });

  it('takes a recovery code, however typed, once: a used recovery code never works again', async () => {
    const o = await withTwoFactor();
    const recovery = o.recoveryCodes[3]!;
    const typed = ` ${recovery.toLowerCase().replace('-', ' ')} `;
    const first = await call('POST', '/v1/auth/login/totp', {
      payload: { pending_token: (await login(o)).json().data.pending_token, code: typed },
    });
    expect(first.statusCode, first.body).toBe(200);
    const token = first.headers.auth as string;
    expect((await call('GET', '/v1/auth/totp', { token })).json().data.recovery_codes_left).toBe(9);

    const again = await call('POST', '/v1/auth/login/totp', {
      payload: { pending_token: (await login(o)).json().data.pending_token, code: recovery },
    });
    expect([again.statusCode, again.json().data.code]).toEqual([400, 'auth.totp_rejected']);
    // Another unused one still works.
    const other = await call('POST', '/v1/auth/login/totp', {
      payload: { pending_token: (await login(o)).json().data.pending_token, code: o.recoveryCodes[4]! },
    });
    expect(other.statusCode).toBe(200);
  });

  it('asks for the code after a password reset too: a mailbox alone does not open the account', async () => {
    const o = await withTwoFactor();
    expect((await call('POST', '/v1/auth/password/forgot', { payload: { username: o.email } })).statusCode).toBe(200);
    const reset = await call('POST', '/v1/auth/password/reset', {
      payload: { username: o.email, code: await latestCode(t, o.email), password: 'Mango-Baobab-Tusker-71' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.headers.auth).toBeUndefined();
    expect(reset.json().data.second_factor).toBe('totp');
    // Every older session ended with the old password.
    expect((await call('GET', '/v1/client/self', { token: o.token })).statusCode).toBe(401);
    const second = await call('POST', '/v1/auth/login/totp', {
      payload: { pending_token: reset.json().data.pending_token, code: codeOf(o.secret) },
    });
    expect(second.statusCode).toBe(200);
  });
});

describe('turning two-factor sign-in off', () => {
  it('needs the password (a 400 on the field, never a 401) and a code; then sign-in takes the password alone', async () => {
    const o = await withTwoFactor();
    const wrongPassword = await call('POST', '/v1/auth/totp/disable', {
      token: o.token,
      payload: { password: 'not my password', code: codeOf(o.secret) },
    });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().data).toEqual({
      code: 'auth.password_rejected',
      errors: [{ path: 'password', message: 'This password is not correct' }],
    });
    const wrongCode = await call('POST', '/v1/auth/totp/disable', {
      token: o.token,
      payload: { password: o.password, code: codeOf(o.secret, 7) },
    });
    expect([wrongCode.statusCode, wrongCode.json().data.code]).toEqual([400, 'auth.totp_rejected']);

    const off = await call('POST', '/v1/auth/totp/disable', {
      token: o.token,
      payload: { password: o.password, code: o.recoveryCodes[0]! },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.headers.auth).toEqual(expect.any(String));
    expect(await db().select().from(totpFactors).where(eq(totpFactors.accountId, o.accountId))).toEqual([]);
    expect(await db().select().from(recoveryCodes).where(eq(recoveryCodes.accountId, o.accountId))).toEqual([]);
    expect((await login(o)).headers.auth).toEqual(expect.any(String));
  });
});

describe('requireTwoFactor (for the payouts calls)', () => {
  it('refuses an organiser without two-factor sign-in with 403 auth.totp_required, and lets one with it through', async () => {
    const without = await createOrganiser(db());
    const caller = (await resolveSession(db(), without.token))!;
    await expect(requireTwoFactor(db(), { ...caller, organisationId: without.organisationId })).rejects.toMatchObject({
      status: 403,
      code: 'auth.totp_required',
    });
    const withIt = await withTwoFactor();
    const other = (await resolveSession(db(), withIt.token))!;
    await expect(requireTwoFactor(db(), { ...other, organisationId: withIt.organisationId })).resolves.toBeUndefined();
  });
});
