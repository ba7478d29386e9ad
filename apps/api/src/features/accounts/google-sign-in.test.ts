import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { accounts } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

const CLIENT_ID = 'tikiti-test.apps.googleusercontent.com';

/** Our stand-in for Google: an RSA key we publish as a JWKS and sign ID tokens with. */
function makeSigner(kid: string) {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...publicKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' };
  return { kid, privateKey, jwk };
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function idToken(
  key: { kid: string; privateKey: KeyObject },
  claims: Record<string, unknown>,
  header: Record<string, unknown> = {},
) {
  const now = Math.floor(Date.now() / 1000);
  const head = b64({ alg: 'RS256', typ: 'JWT', kid: key.kid, ...header });
  const body = b64({
    iss: 'https://accounts.google.com',
    aud: CLIENT_ID,
    sub: '1098765432101234567890',
    email: 'njeri@example.com',
    email_verified: true,
    name: 'Njeri Kamau',
    given_name: 'Njeri',
    family_name: 'Kamau',
    picture: 'https://lh3.googleusercontent.com/a/photo',
    iat: now,
    exp: now + 3600,
    ...claims,
  });
  const signature = sign('RSA-SHA256', Buffer.from(`${head}.${body}`), key.privateKey).toString('base64url');
  return `${head}.${body}.${signature}`;
}

const google = makeSigner('key-1');
const stranger = makeSigner('key-1');
let fetches = 0;

describe('POST v1/auth/firebase without GOOGLE_CLIENT_ID', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('says so in GET v1/auth/config, so no Google button is shown', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/auth/config' });
    expect(res.json()).toEqual({ status: 200, status_description: 'OK', data: { google_client_id: null } });
  });

  it('answers 404: Google sign-in is not configured', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/firebase',
      payload: { credential: 'x.y.z', email: 'a@b.co' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      status: 404,
      status_description: 'Google sign-in is not configured',
      data: { code: 'auth.google_not_configured' },
    });
  });
});

describe('POST v1/auth/firebase with GOOGLE_CLIENT_ID', () => {
  let t: TestApp;
  let keySet: Server;
  beforeAll(async () => {
    // Our stand-in for Google's key set, served over HTTP at GOOGLE_JWKS_URL.
    keySet = createServer((_req, res) => {
      fetches++;
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [google.jwk] }));
    });
    await new Promise<void>((r) => keySet.listen(0, '127.0.0.1', r));
    const { port } = keySet.address() as AddressInfo;
    t = await createTestApp({ GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: `http://127.0.0.1:${port}/certs` });
  });
  afterAll(async () => {
    keySet.close();
    await t.close();
  });

  const signIn = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/v1/auth/firebase', payload, remoteAddress: '10.9.0.1' });

  it('offers Google in GET v1/auth/config with the client id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/auth/config' });
    expect(res.json().data).toEqual({ google_client_id: CLIENT_ID });
  });

  it('signs a buyer in with a verified Google ID token, creating the account once', async () => {
    const res = await signIn({ credential: idToken(google, {}), providerId: 'google', email: 'ignored@example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ fn: 'Njeri', ln: 'Kamau', account_type: 'user' });
    const token = res.headers.auth as string;
    expect(token).toBeTruthy();
    // A buyer token: organiser calls answer 406.
    expect((await t.app.inject({ method: 'GET', url: '/v1/client/self', headers: { auth: token } })).statusCode).toBe(
      406,
    );

    const rows = await t.database.db
      .select()
      .from(accounts)
      .where(and(eq(accounts.type, 'user'), eq(accounts.email, 'njeri@example.com')));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      googleSub: '1098765432101234567890',
      photoUrl: 'https://lh3.googleusercontent.com/a/photo',
    });
    expect(rows[0]!.lastLoginAt).toBeInstanceOf(Date);
    // The payload's own email is never believed.
    expect(await t.database.db.select().from(accounts).where(eq(accounts.email, 'ignored@example.com'))).toHaveLength(
      0,
    );

    const again = await signIn({ credential: idToken(google, { email: 'NJERI@example.com' }) });
    expect(again.statusCode).toBe(200);
    expect(await t.database.db.select().from(accounts).where(eq(accounts.type, 'user'))).toHaveLength(1);
    // Keys are cached between sign-ins.
    expect(fetches).toBe(1);
  });

  it('links Google to an existing buyer account of the same email', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/v1/auth/code/request',
      payload: { email: 'wafula@example.com' },
      remoteAddress: '10.9.0.2',
    });
    const res = await signIn({
      credential: idToken(google, {
        sub: '222',
        email: 'wafula@example.com',
        given_name: 'Wafula',
        family_name: 'Chebet',
      }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ fn: 'Wafula', ln: 'Chebet', account_type: 'user' });
    const rows = await t.database.db.select().from(accounts).where(eq(accounts.email, 'wafula@example.com'));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.googleSub).toBe('222');
  });

  it.each([
    ['another audience', () => idToken(google, { aud: 'someone-else.apps.googleusercontent.com' })],
    ['another issuer', () => idToken(google, { iss: 'https://evil.example.com' })],
    [
      'an expired token',
      () => idToken(google, { exp: Math.floor(Date.now() / 1000) - 3600, iat: Math.floor(Date.now() / 1000) - 7200 }),
    ],
    ['an unverified email', () => idToken(google, { email_verified: false })],
    ['a signature by another key', () => idToken(stranger, {})],
    ['an unknown key id', () => idToken(google, {}, { kid: 'key-404' })],
    ['the none algorithm', () => idToken(google, {}, { alg: 'none' })],
    [
      'a tampered payload',
      () => {
        const [h, , s] = idToken(google, {}).split('.');
        return `${h}.${b64({ iss: 'https://accounts.google.com', aud: CLIENT_ID, sub: '1', email: 'x@y.z', email_verified: true, exp: 9e9 })}.${s}`;
      },
    ],
    ['garbage', () => 'not-a-jwt'],
  ])('refuses %s with 401', async (_what, make) => {
    const res = await signIn({ credential: make(), email: 'njeri@example.com', firebaseUid: '1098765432101234567890' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ status: 401, data: { code: 'auth.google_failed' } });
    expect(res.headers.auth).toBeUndefined();
  });

  it('answers 400 without a credential', async () => {
    const res = await signIn({ email: 'njeri@example.com', firebaseUid: '1', providerId: 'google' });
    expect(res.statusCode).toBe(400);
    expect(res.json().status_description).toContain('credential');
  });
});
