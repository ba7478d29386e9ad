import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganiser } from '../../test-support/fixtures.js';
import { mailTo, nextIp } from '../../test-support/mailbox.js';
import { createOperator, totpCode, TEST_TOTP_SECRET } from '../../test-support/payouts.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { addOperator } from './operator-accounts.js';

/**
 * The operator (docs/decisions/0031-payout-safeguards.md): made from the command line with a
 * mailed link, signed in with the organisers' two calls (password, then the authenticator's code),
 * refused every console call until two-factor sign-in is on, rate-limited like an organiser, and
 * every action in the operator's log.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ctx = () => ({ config: t.config, db: t.database.db });
const call = (method: 'GET' | 'POST', url: string, opts: { token?: string; payload?: object; ip?: string } = {}) =>
  t.app.inject({
    method,
    url,
    payload: opts.payload,
    remoteAddress: opts.ip ?? nextIp(),
    headers: opts.token ? { auth: opts.token } : {},
  });

describe('npm run operator -- add', () => {
  it('makes an operator who sets a password from the mailed link, then must turn on two-factor sign-in', async () => {
    const email = 'new.operator@tikiti.test';
    await addOperator(ctx(), email, 'Nia', 'Otieno');
    const [mail] = await mailTo(t, email);
    expect(mail?.subject).toBe('Your Tikiti operator account');
    const link = /(http\S+\/operator\/set-password\?username=\S+&code=(\d{6}))/.exec(mail!.text);
    expect(link).not.toBeNull();
    const set = await call('POST', '/v1/auth/password/reset', {
      payload: { username: email, code: link![2], password: 'A long operator passphrase 2026' },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().data.account_type).toBe('operator');
    const token = set.headers.auth as string;
    const refused = await call('GET', '/v1/operator/organisations', { token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().data.code).toBe('auth.totp_required');
    const setup = await call('POST', '/v1/auth/totp/setup', { token });
    expect(setup.statusCode).toBe(200);
    const on = await call('POST', '/v1/auth/totp/enable', {
      token,
      payload: { code: totpCode(setup.json().data.secret) },
    });
    expect(on.statusCode).toBe(200);
    const opened = await call('GET', '/v1/operator/organisations', { token: on.headers.auth as string });
    expect(opened.statusCode).toBe(200);
  });

  it('lets a new operator sign in with the password alone until two-factor sign-in is on, then only with the code', async () => {
    // The journey of the web's /operator/set-password and /operator/security pages.
    const email = 'second.operator@tikiti.test';
    const password = 'Another operator passphrase 2026';
    await addOperator(ctx(), email, 'Baraka', 'Mwangi');
    const [mail] = await mailTo(t, email);
    const code = /\/operator\/set-password\?username=\S+&code=(\d{6})/.exec(mail!.text)![1];
    expect(
      (await call('POST', '/v1/auth/password/reset', { payload: { username: email, code, password } })).statusCode,
    ).toBe(200);
    // Signing in again (a new tab, the next day): the password alone opens a session, which
    // reaches the two-factor setup but no console call.
    const ip = nextIp();
    const login = await call('POST', '/v1/auth/login', { payload: { username: email, password }, ip });
    expect(login.statusCode).toBe(200);
    expect(login.json().data.account_type).toBe('operator');
    const token = login.headers.auth as string;
    const refused = await call('GET', '/v1/operator/payouts', { token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().data.code).toBe('auth.totp_required');
    expect((await call('GET', '/v1/auth/totp', { token })).json().data.enabled).toBe(false);
    const setup = await call('POST', '/v1/auth/totp/setup', { token });
    const secret = setup.json().data.secret as string;
    const on = await call('POST', '/v1/auth/totp/enable', { token, payload: { code: totpCode(secret) } });
    expect(on.json().data.recovery_codes).toHaveLength(10);
    const payouts = await call('GET', '/v1/operator/payouts', { token: on.headers.auth as string });
    expect(payouts.statusCode).toBe(200);
    // From now on the password alone opens nothing: the second step is asked for.
    const again = await call('POST', '/v1/auth/login', { payload: { username: email, password }, ip: nextIp() });
    expect(again.headers.auth).toBeUndefined();
    expect(again.json().data.second_factor).toBe('totp');
  });

  it("mails a forgotten password's code with the link to the operator's own page", async () => {
    const op = await createOperator(t);
    const answer = await call('POST', '/v1/auth/password/forgot', { payload: { username: op.email } });
    expect(answer.statusCode).toBe(200);
    // The operator's page shows this answer: it speaks of an account, not an organiser's.
    expect(answer.json().status_description).toBe(
      'If an account uses this username, we have sent a code to its email address.',
    );
    const [newest] = await mailTo(t, op.email);
    const text = newest!.text;
    expect(text).toContain(`/operator/set-password?username=${encodeURIComponent(op.email)}`);
    expect(text).not.toContain('/organizer/reset');
  });

  it('refuses an address that already signs in as an organiser or operator', async () => {
    const organiser = await createOrganiser(t.database.db);
    await expect(addOperator(ctx(), organiser.email)).rejects.toMatchObject({ code: 'operator.email_taken' });
    await expect(addOperator(ctx(), 'new.operator@tikiti.test')).rejects.toMatchObject({
      code: 'operator.email_taken',
    });
  });
});

describe('operator sign-in', () => {
  it('takes the password, then the code; a wrong code is refused', async () => {
    const op = await createOperator(t);
    const ip = nextIp();
    const first = await call('POST', '/v1/auth/login', { payload: { username: op.email, password: op.password }, ip });
    expect(first.statusCode).toBe(200);
    expect(first.headers.auth).toBeUndefined();
    const pending = first.json().data.pending_token as string;
    const wrong = await call('POST', '/v1/auth/login/totp', {
      payload: { pending_token: pending, code: totpCode(TEST_TOTP_SECRET, 10) },
      ip,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().data.code).toBe('auth.totp_rejected');
    const right = await call('POST', '/v1/auth/login/totp', {
      payload: { pending_token: pending, code: totpCode() },
      ip,
    });
    expect(right.statusCode).toBe(200);
    expect(right.json().data.account_type).toBe('operator');
    const figures = await call('GET', '/v1/operator/figures', { token: right.headers.auth as string });
    expect(figures.statusCode).toBe(200);
    // The operator's own log has the sign-in; no organisation's activity does.
    const log = await call('GET', '/v1/operator/audit', { token: right.headers.auth as string });
    expect(log.json().data.data[0]).toMatchObject({ action: 'account.signed_in', organisation: null });
  });

  it('is rate-limited like an organiser: after 5 wrong passwords even the right one waits', async () => {
    const op = await createOperator(t);
    const ip = nextIp();
    for (let i = 0; i < 5; i++) {
      const res = await call('POST', '/v1/auth/login', {
        payload: { username: op.email, password: 'wrong password' },
        ip,
      });
      expect(res.statusCode).toBe(401);
    }
    const locked = await call('POST', '/v1/auth/login', { payload: { username: op.email, password: op.password }, ip });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().data.code).toBe('auth.locked_out');
  });
});

describe('the console', () => {
  it('verifies, sets fees and adjusts the ledger, each in the operator log and the organisation activity', async () => {
    const op = await createOperator(t);
    const org = await createOrganiser(t.database.db);
    const base = `/v1/operator/organisations/${org.organisationId}`;
    const found = await call('GET', `/v1/operator/organisations?q=${encodeURIComponent(org.email)}`, {
      token: op.token,
    });
    expect(found.json().data.data.map((o: { id: number }) => o.id)).toEqual([org.organisationId]);
    expect((await call('POST', `${base}/verify`, { token: op.token })).json().data.verified_at).not.toBeNull();
    const fees = await call('POST', `${base}/unverify`, { token: op.token });
    expect(fees.json().data.verified_at).toBeNull();
    const set = await t.app.inject({
      method: 'PUT',
      url: `${base}/fees`,
      payload: { percent: 2.5, fixed: { KES: 20, USD: null } },
      headers: { auth: op.token },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().data.fees).toMatchObject({ percent: 2.5, fixed: { KES: 20 } });
    const adjust = await call('POST', '/v1/operator/adjustments', {
      token: op.token,
      payload: { organisation_id: org.organisationId, currency: 'KES', amount: 33.33, reason: 'Goodwill' },
    });
    expect(adjust.statusCode).toBe(201);
    const detail = (await call('GET', base, { token: op.token })).json().data;
    expect(detail.balances.find((b: { currency: string }) => b.currency === 'KES')).toMatchObject({ available: 33.33 });
    const log = (await call('GET', '/v1/operator/audit', { token: op.token })).json().data.data;
    expect(log.slice(0, 4).map((e: { action: string }) => e.action)).toEqual([
      'operator.adjustment',
      'operator.fees_set',
      'operator.organisation_unverified',
      'operator.organisation_verified',
    ]);
    const activity = (await call('GET', '/v1/client/activity', { token: org.token })).json().data.data;
    expect(activity.map((e: { action: string }) => e.action)).toContain('operator.adjustment');
  });
});
