import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { sessions } from '../../db/schema/index.js';
import { createBuyer, createCategory, createEvent, createOrganiser } from '../../test-support/fixtures.js';
import { latestCode, mailTo, nextIp } from '../../test-support/mailbox.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { deviceSummary } from './device.js';

/**
 * Sessions people can see and end (docs/security.md#sessions): device, address and times; ending
 * one or all others; 12 hours idle and 30 days absolute; a new password ends the others; tokens
 * rotated on sensitive actions; the password entered again before attendee data leaves; the mail
 * of a sign-in from a new device.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;
const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

type Opts = { token?: string; payload?: object; ip?: string; ua?: string };
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, o: Opts = {}) =>
  t.app.inject({
    method,
    url,
    payload: o.payload,
    remoteAddress: o.ip ?? nextIp(),
    headers: { ...(o.token ? { auth: o.token } : {}), ...(o.ua ? { 'user-agent': o.ua } : {}) },
  });

async function signIn(o: { email: string; password: string }, opts: { ip?: string; ua?: string } = {}) {
  const res = await call('POST', '/v1/auth/login', { payload: { username: o.email, password: o.password }, ...opts });
  expect(res.statusCode, res.body).toBe(200);
  return res.headers.auth as string;
}

/** A session's row id, found by its token's hash as the API finds it. */
const sessionIdOf = async (token: string) => {
  const hash = createHash('sha256').update(token).digest('hex');
  return (await db().select().from(sessions).where(eq(sessions.tokenHash, hash)))[0]!.id;
};

const status = async (token: string, url = '/v1/client/self') => (await call('GET', url, { token })).statusCode;

describe('the device a session names', () => {
  it.each([
    [CHROME_WINDOWS, 'Chrome on Windows'],
    [SAFARI_IPHONE, 'Safari on iPhone'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:132.0) Gecko/20100101 Firefox/132.0', 'Firefox on macOS'],
    [
      'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
      'Samsung Internet on Android',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      'Edge on Windows',
    ],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
      'Chrome on Linux',
    ],
    ['curl/8.5.0', 'curl'],
    [undefined, 'Unknown device'],
  ])('%s is %s', (ua, name) => {
    expect(deviceSummary(ua)).toBe(name);
  });
});

describe('GET v1/auth/sessions', () => {
  it('lists the live sessions with device, address and times, this one first and marked', async () => {
    const o = await createOrganiser(db());
    const phone = await signIn(o, { ip: '10.9.0.1', ua: SAFARI_IPHONE });
    const laptop = await signIn(o, { ip: '10.9.0.2', ua: CHROME_WINDOWS });
    await call('POST', '/v1/auth/logout', { token: o.token });
    const res = await call('GET', '/v1/auth/sessions', { token: laptop });
    expect(res.statusCode).toBe(200);
    const list = res.json().data;
    expect(list).toEqual([
      {
        id: expect.any(Number),
        device: 'Chrome on Windows',
        address: '10.9.0.2',
        created_at: expect.any(String),
        last_used_at: expect.any(String),
        expires_at: expect.any(String),
        current: true,
      },
      expect.objectContaining({ device: 'Safari on iPhone', address: '10.9.0.1', current: false }),
    ]);
    // An organiser's session ends 12 hours after its last use, at the latest 30 days after it began.
    const idleEnd = Date.parse(list[0].last_used_at) + 12 * 3_600_000;
    expect(Date.parse(list[0].expires_at)).toBe(idleEnd);
    expect(await status(phone)).toBe(200);
  });
});

describe('ending sessions', () => {
  it('ends one session: its token answers 401 at once; another account’s session is not found', async () => {
    const o = await createOrganiser(db());
    const other = await signIn(o);
    const [row] = await db()
      .select()
      .from(sessions)
      .where(sql`${sessions.accountId} = ${o.accountId} AND ${sessions.revokedAt} IS NULL`)
      .orderBy(sql`${sessions.id} DESC`)
      .limit(1);
    const stranger = await createOrganiser(db());
    const foreign = await call('DELETE', `/v1/auth/sessions/${row!.id}`, { token: stranger.token });
    expect([foreign.statusCode, foreign.json().data.code]).toEqual([404, 'not_found']);
    expect(await status(other)).toBe(200);

    const res = await call('DELETE', `/v1/auth/sessions/${row!.id}`, { token: o.token });
    expect(res.statusCode, res.body).toBe(200);
    const ended = await call('GET', '/v1/client/self', { token: other });
    expect([ended.statusCode, ended.json().data.code]).toEqual([401, 'auth.session_ended']);
    expect(await status(o.token)).toBe(200);
  });

  it('ends every other session at once and goes on with a rotated token', async () => {
    const o = await createOrganiser(db());
    const others = [await signIn(o), await signIn(o)];
    const res = await call('DELETE', '/v1/auth/sessions', { token: o.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ ended: 2 });
    for (const token of others) expect(await status(token)).toBe(401);
    const rotated = res.headers.auth as string;
    expect(rotated).not.toBe(o.token);
    expect(await status(rotated)).toBe(200);
    const list = (await call('GET', '/v1/auth/sessions', { token: rotated })).json().data;
    expect(list).toHaveLength(1);
  });

  it('lets a buyer see and end their own sessions too', async () => {
    const buyer = await createBuyer(db());
    const res = await call('GET', '/v1/auth/sessions', { token: buyer.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([expect.objectContaining({ current: true })]);
  });
});

describe('expiry', () => {
  it('ends an organiser session 12 hours after its last use, and any session 30 days after it began', async () => {
    const o = await createOrganiser(db());
    const idle = await signIn(o);
    const old = await signIn(o);
    await db()
      .update(sessions)
      .set({ lastUsedAt: sql`now() - interval '11 hours 59 minutes'` })
      .where(eq(sessions.id, await sessionIdOf(idle)));
    expect(await status(idle)).toBe(200);
    await db()
      .update(sessions)
      .set({ lastUsedAt: sql`now() - interval '12 hours 1 minute'` })
      .where(eq(sessions.id, await sessionIdOf(idle)));
    expect(await status(idle)).toBe(401);

    await db()
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.id, await sessionIdOf(old)));
    expect(await status(old)).toBe(401);
  });

  it("keeps a buyer's session however long unused (their e-tickets must open at the door), until its 30 days", async () => {
    const buyer = await createBuyer(db());
    await db()
      .update(sessions)
      .set({ lastUsedAt: sql`now() - interval '20 days'` })
      .where(eq(sessions.accountId, buyer.accountId));
    expect(await status(buyer.token, '/v1/tickets/view')).toBe(200);
  });

  it('notes the use of a session at most once a minute', async () => {
    const o = await createOrganiser(db());
    await db()
      .update(sessions)
      .set({ lastUsedAt: sql`now() - interval '2 hours'` })
      .where(eq(sessions.accountId, o.accountId));
    expect(await status(o.token)).toBe(200);
    const [row] = await db().select().from(sessions).where(eq(sessions.accountId, o.accountId));
    expect(Date.now() - row!.lastUsedAt.getTime()).toBeLessThan(60_000);
  });
});

describe('token rotation', () => {
  it('keeps the token a sensitive action replaced working for a minute, for calls already under way, then not', async () => {
    const o = await createOrganiser(db());
    const res = await call('POST', '/v1/auth/confirm', { token: o.token, payload: { password: o.password } });
    expect(res.statusCode, res.body).toBe(200);
    const rotated = res.headers.auth as string;
    expect(rotated).not.toBe(o.token);
    expect(await status(o.token)).toBe(200);
    await db()
      .update(sessions)
      .set({ rotatedAt: sql`now() - interval '61 seconds'` })
      .where(eq(sessions.accountId, o.accountId));
    expect(await status(o.token)).toBe(401);
    expect(await status(rotated)).toBe(200);
  });
});

describe('a new password', () => {
  it('changed by the organiser ends every other session and rotates this one; the current password is checked', async () => {
    const o = await createOrganiser(db());
    const other = await signIn(o);
    const wrong = await call('POST', '/v1/auth/password/change', {
      token: o.token,
      payload: { current_password: 'not it at all', password: 'Mango-Baobab-Tusker-71' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().data).toMatchObject({ code: 'auth.password_rejected', errors: [{ path: 'current_password' }] });
    const weak = await call('POST', '/v1/auth/password/change', {
      token: o.token,
      payload: { current_password: o.password, password: 'password1' },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().data.errors[0].path).toBe('password');

    const res = await call('POST', '/v1/auth/password/change', {
      token: o.token,
      payload: { current_password: o.password, password: 'Mango-Baobab-Tusker-71' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await status(other)).toBe(401);
    expect(await status(res.headers.auth as string)).toBe(200);
    expect(
      (await call('POST', '/v1/auth/login', { payload: { username: o.email, password: o.password } })).statusCode,
    ).toBe(401);
    expect(await signIn({ email: o.email, password: 'Mango-Baobab-Tusker-71' })).toEqual(expect.any(String));
  });

  it('set with a mailed code (a reset) ends every other session', async () => {
    const o = await createOrganiser(db());
    const others = [o.token, await signIn(o), await signIn(o)];
    await call('POST', '/v1/auth/password/forgot', { payload: { username: o.email } });
    const res = await call('POST', '/v1/auth/password/reset', {
      payload: { username: o.email, code: await latestCode(t, o.email), password: 'Mango-Baobab-Tusker-71' },
    });
    expect(res.statusCode, res.body).toBe(200);
    for (const token of others) expect(await status(token)).toBe(401);
    expect(await status(res.headers.auth as string)).toBe(200);
  });
});

describe('exporting attendee data', () => {
  it('needs the password entered again in this session in the last 5 minutes, for the owner and a teammate alike', async () => {
    const owner = await createOrganiser(db());
    const admin = await createOrganiser(db(), { organisationId: owner.organisationId, role: 'admin' });
    const categoryId = (await createCategory(db())).id;
    const { event } = await createEvent(db(), { organisationId: owner.organisationId, categoryId });
    for (const who of [owner, admin]) {
      for (const what of ['attendees.csv', 'orders.csv']) {
        const res = await call('GET', `/v1/client/event/${event.id}/${what}`, { token: who.token });
        expect(res.statusCode, what).toBe(403);
        expect(res.json()).toEqual({
          status: 403,
          status_description: 'Enter your password again to download attendee data',
          data: { code: 'auth.confirm_required' },
        });
      }
      const wrong = await call('POST', '/v1/auth/confirm', { token: who.token, payload: { password: 'guess' } });
      expect([wrong.statusCode, wrong.json().data.code]).toEqual([400, 'auth.password_rejected']);
      const ok = await call('POST', '/v1/auth/confirm', { token: who.token, payload: { password: who.password } });
      expect(ok.statusCode).toBe(200);
      const until = Date.parse(ok.json().data.confirmed_until);
      expect(until - Date.now()).toBeGreaterThan(4 * 60_000);
      expect(until - Date.now()).toBeLessThanOrEqual(5 * 60_000);
      const token = ok.headers.auth as string;
      for (const what of ['attendees.csv', 'orders.csv']) {
        expect((await call('GET', `/v1/client/event/${event.id}/${what}`, { token })).statusCode, what).toBe(200);
      }
      // Another session of the same person has not confirmed anything.
      const elsewhere = await signIn(who);
      expect((await call('GET', `/v1/client/event/${event.id}/attendees.csv`, { token: elsewhere })).statusCode).toBe(
        403,
      );
      // Five minutes on, the password is asked again.
      await db()
        .update(sessions)
        .set({ confirmedAt: sql`now() - interval '5 minutes 1 second'` })
        .where(eq(sessions.accountId, who.accountId));
      expect((await call('GET', `/v1/client/event/${event.id}/attendees.csv`, { token })).statusCode).toBe(403);
    }
  });
});

describe('a sign-in from a new device', () => {
  it('mails the account once per new device, never for the first sign-in nor a device seen before', async () => {
    const o = await createOrganiser(db());
    // The fixture's own session has no device: any named one is new.
    const subject = 'New sign-in to your Tikiti account';
    const count = async () => (await mailTo(t, o.email)).filter((m) => m.subject === subject).length;
    await signIn(o, { ua: CHROME_WINDOWS, ip: '10.8.0.1' });
    expect(await count()).toBe(1);
    const [mail] = (await mailTo(t, o.email)).filter((m) => m.subject === subject);
    expect(mail!.text).toContain('Chrome on Windows');
    expect(mail!.text).toContain('10.8.0.1');
    expect(mail!.text).toContain('/organizer/security');
    await signIn(o, { ua: CHROME_WINDOWS });
    expect(await count()).toBe(1);
    await signIn(o, { ua: SAFARI_IPHONE });
    expect(await count()).toBe(2);
  });

  it('is not mailed for the very first sign-in of an account', async () => {
    const o = await createOrganiser(db());
    await db().delete(sessions).where(eq(sessions.accountId, o.accountId));
    await signIn(o, { ua: CHROME_WINDOWS });
    expect((await mailTo(t, o.email)).filter((m) => m.subject.startsWith('New sign-in'))).toEqual([]);
  });
});
