import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { sessions } from '../../db/schema/index.js';
import { createSession } from '../accounts/index.js';
import { createBuyer, createCategory, createEvent, createOrganiser } from '../../test-support/fixtures.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';

/**
 * The authorisation matrix of the calls of issue 30 (two-factor sign-in, sessions, the password
 * asked again, the activity log and the exports that now ask for it): owner, admin, door-only
 * teammate, another organisation, a buyer and nobody. Each caller gets a fresh session per call,
 * so a call that ends sessions cannot spoil the next.
 */
let t: TestApp;
type Org = Awaited<ReturnType<typeof createOrganiser>>;
let owner: Org;
let admin: Org;
let door: Org;
let intruder: Org;
let buyer: Awaited<ReturnType<typeof createBuyer>>;
let eventId: number;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  owner = await createOrganiser(db);
  admin = await createOrganiser(db, { organisationId: owner.organisationId, role: 'admin' });
  door = await createOrganiser(db, { organisationId: owner.organisationId, role: 'checkin' });
  intruder = await createOrganiser(db);
  buyer = await createBuyer(db);
  const categoryId = (await createCategory(db)).id;
  eventId = (await createEvent(db, { organisationId: owner.organisationId, categoryId })).event.id;
});
afterAll(() => t.close());

type Who = 'owner' | 'admin' | 'door' | 'intruder' | 'buyer' | 'nobody';
const everyone = (ok: number) => ({ owner: ok, admin: ok, door: ok, intruder: ok, buyer: ok, nobody: 401 });
const organisers = (ok: number) => ({ owner: ok, admin: ok, door: 403, intruder: ok, buyer: 406, nobody: 401 });

/** A session of the owner's that another caller might try to end. */
async function ownersOtherSession() {
  const token = await createSession(t.database.db, owner.accountId);
  const hash = createHash('sha256').update(token).digest('hex');
  return (await t.database.db.select().from(sessions).where(eq(sessions.tokenHash, hash)))[0]!.id;
}

const calls: { name: string; request: () => Promise<InjectOptions>; expect: Record<Who, number> }[] = [
  {
    name: 'GET v1/client/activity',
    request: async () => ({ method: 'GET', url: '/v1/client/activity' }),
    // Another organisation reads its own (empty) log.
    expect: { owner: 200, admin: 403, door: 403, intruder: 200, buyer: 406, nobody: 401 },
  },
  {
    name: 'GET v1/client/activity.csv',
    request: async () => ({ method: 'GET', url: '/v1/client/activity.csv' }),
    expect: { owner: 200, admin: 403, door: 403, intruder: 200, buyer: 406, nobody: 401 },
  },
  {
    name: 'GET v1/client/event/{id}/attendees.csv (not confirmed)',
    request: async () => ({ method: 'GET', url: `/v1/client/event/${eventId}/attendees.csv` }),
    expect: { owner: 403, admin: 403, door: 403, intruder: 404, buyer: 406, nobody: 401 },
  },
  {
    name: 'GET v1/client/event/{id}/orders.csv (not confirmed)',
    request: async () => ({ method: 'GET', url: `/v1/client/event/${eventId}/orders.csv` }),
    expect: { owner: 403, admin: 403, door: 403, intruder: 404, buyer: 406, nobody: 401 },
  },
  { name: 'GET v1/auth/totp', request: async () => ({ method: 'GET', url: '/v1/auth/totp' }), expect: organisers(200) },
  {
    name: 'POST v1/auth/totp/setup',
    request: async () => ({ method: 'POST', url: '/v1/auth/totp/setup' }),
    expect: organisers(200),
  },
  {
    name: 'POST v1/auth/totp/enable (a wrong code)',
    request: async () => ({ method: 'POST', url: '/v1/auth/totp/enable', payload: { code: '123456' } }),
    // The setup row above left a setup waiting for each organiser: a wrong code does not turn it on.
    expect: organisers(400),
  },
  {
    name: 'POST v1/auth/totp/disable (wrong password)',
    request: async () => ({ method: 'POST', url: '/v1/auth/totp/disable', payload: { password: 'x', code: '123456' } }),
    expect: organisers(400),
  },
  {
    name: 'POST v1/auth/confirm (wrong password)',
    request: async () => ({ method: 'POST', url: '/v1/auth/confirm', payload: { password: 'not it' } }),
    expect: organisers(400),
  },
  {
    name: 'POST v1/auth/password/change (wrong password)',
    request: async () => ({
      method: 'POST',
      url: '/v1/auth/password/change',
      payload: { current_password: 'not it', password: 'Mango-Baobab-Tusker-71' },
    }),
    expect: organisers(400),
  },
  {
    name: 'GET v1/auth/sessions',
    request: async () => ({ method: 'GET', url: '/v1/auth/sessions' }),
    expect: everyone(200),
  },
  {
    name: 'DELETE v1/auth/sessions',
    request: async () => ({ method: 'DELETE', url: '/v1/auth/sessions' }),
    expect: everyone(200),
  },
  {
    name: "DELETE v1/auth/sessions/{id} (the owner's)",
    request: async () => ({ method: 'DELETE', url: `/v1/auth/sessions/${await ownersOtherSession()}` }),
    expect: { owner: 200, admin: 404, door: 404, intruder: 404, buyer: 404, nobody: 401 },
  },
  // Issue 26: the organisation's money (balances, ledger, statements). Always the caller's own
  // organisation (another organisation reads its own, empty; ledger.test.ts checks it holds
  // nothing of the first's); a door-only teammate sees none of it.
  ...[
    '/v1/client/balance',
    '/v1/client/ledger',
    '/v1/client/ledger.csv',
    '/v1/client/statements/2026-11.pdf',
    '/v1/client/statements/2026-11.csv',
  ].map((url) => ({
    name: `GET ${url.slice(1)}`,
    request: async () => ({ method: 'GET' as const, url }),
    expect: organisers(200),
  })),
];

async function tokenOf(who: Who) {
  const accountId = { owner, admin, door, intruder, buyer, nobody: undefined }[who]?.accountId;
  return accountId === undefined ? undefined : createSession(t.database.db, accountId);
}

const rows = calls.flatMap((call) =>
  (Object.keys(call.expect) as Who[]).map((who) => ({ name: call.name, who, status: call.expect[who], call })),
);

describe('the matrix', () => {
  it.each(rows)('$name as $who: $status', async ({ call, who, status }) => {
    const req = await call.request();
    const token = await tokenOf(who);
    const res = await t.app.inject({ ...req, headers: { ...(req.headers ?? {}), ...(token ? { auth: token } : {}) } });
    expect(res.statusCode, res.body).toBe(status);
  });

  it("another organisation's activity holds nothing of the first's", async () => {
    await t.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { username: owner.email, password: owner.password },
    });
    const token = await tokenOf('intruder');
    const res = await t.app.inject({ method: 'GET', url: '/v1/client/activity', headers: { auth: token! } });
    expect(res.json().data.data.map((e: { actor: { id: number } }) => e.actor.id)).not.toContain(owner.accountId);
  });
});
