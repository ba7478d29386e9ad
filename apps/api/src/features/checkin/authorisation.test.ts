import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { accounts, checkIns, doorScans } from '../../db/schema/index.js';
import { createSession } from '../accounts/index.js';
import { createBuyer, createCategory, createEvent, createOrganiser, randomPhone } from '../../test-support/fixtures.js';
import { paidBookingWithTickets } from '../../test-support/door.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';

/**
 * The authorisation matrix of the door's calls and the team calls with roles
 * (docs/decisions/0011-offline-check-in.md): owner, admin, door-only teammate, another
 * organisation, a buyer and nobody, on every new call; and every other organiser call refused
 * to a door-only teammate.
 */
let t: TestApp;
type Org = Awaited<ReturnType<typeof createOrganiser>>;
let owner: Org;
let admin: Org;
let door: Org;
let intruder: Org;
let buyer: Awaited<ReturnType<typeof createBuyer>>;
let eventId: number;
let code: string;
let ticketId: number;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  owner = await createOrganiser(db);
  admin = await createOrganiser(db, { organisationId: owner.organisationId, role: 'admin' });
  door = await createOrganiser(db, { organisationId: owner.organisationId, role: 'checkin' });
  intruder = await createOrganiser(db);
  buyer = await createBuyer(db);
  const categoryId = (await createCategory(db)).id;
  const created = await createEvent(db, {
    organisationId: owner.organisationId,
    categoryId,
    tickets: [{ name: 'Regular', price: 10, max: 100 }],
  });
  eventId = created.event.id;
  const paid = await paidBookingWithTickets(t, {
    eventId,
    lines: [{ ticketTypeId: created.tickets[0]!.id, name: 'Regular', quantity: 1 }],
  });
  code = paid.tickets[0]!.code;
  ticketId = paid.tickets[0]!.id;
  await createEvent(db, { organisationId: intruder.organisationId, categoryId, title: 'Intruder event' });
});
afterAll(() => t.close());

/** A teammate of the owner's organisation that a team call can act on, made afresh for each call. */
async function aTeammate(role: 'admin' | 'checkin' = 'admin', pending = true) {
  const [row] = await t.database.db
    .insert(accounts)
    .values({
      type: 'organizer',
      organisationId: owner.organisationId,
      role,
      firstName: 'Baraka',
      lastName: 'Pending',
      email: `pending-${Math.random().toString(36).slice(2)}@example.com`,
      msisdn: randomPhone(),
      lastLoginAt: pending ? null : new Date(),
    })
    .returning();
  return row!.id;
}

type Who = 'owner' | 'admin' | 'door' | 'intruder' | 'buyer' | 'nobody';
type Call = {
  name: string;
  request: () => Promise<InjectOptions>;
  /** What each caller gets. */
  expect: Record<Who, number>;
};

const doorCall = (ok: number) => ({ owner: ok, admin: ok, door: ok, intruder: 404, buyer: 406, nobody: 401 });
const teamCall = (ok: number, intruder = 404) => ({
  owner: ok,
  admin: ok,
  door: 403,
  intruder,
  buyer: 406,
  nobody: 401,
});

const calls: Call[] = [
  {
    name: 'GET v1/client/checkin/events',
    request: async () => ({ method: 'GET', url: '/v1/client/checkin/events' }),
    expect: { ...doorCall(200), intruder: 200 },
  },
  {
    name: 'GET v1/client/event/{id}/checkin/tickets',
    request: async () => ({ method: 'GET', url: `/v1/client/event/${eventId}/checkin/tickets` }),
    expect: doorCall(200),
  },
  {
    name: 'POST v1/client/event/{id}/checkin',
    request: async () => ({
      method: 'POST',
      url: `/v1/client/event/${eventId}/checkin`,
      payload: { code, device_id: 'Door M' },
    }),
    expect: doorCall(200),
  },
  {
    name: 'POST v1/client/event/{id}/checkin/sync',
    request: async () => ({
      method: 'POST',
      url: `/v1/client/event/${eventId}/checkin/sync`,
      payload: {
        device_id: 'Door M',
        scans: [{ local_id: '1', code, scanned_at: new Date(Date.now() - 60_000).toISOString() }],
      },
    }),
    expect: doorCall(200),
  },
  {
    name: 'GET v1/client/me',
    request: async () => ({ method: 'GET', url: '/v1/client/me' }),
    expect: { owner: 200, admin: 200, door: 200, intruder: 200, buyer: 406, nobody: 401 },
  },
  {
    name: 'POST v1/client/team/invite',
    request: async () => ({
      method: 'POST',
      url: '/v1/client/team/invite',
      payload: {
        first_name: 'Neema',
        last_name: 'Door',
        email_address: `neema-${Math.random().toString(36).slice(2)}@example.com`,
        msisdn: randomPhone(),
        role: 'checkin',
      },
    }),
    // Another organisation invites into its own team.
    expect: teamCall(201, 201),
  },
  {
    name: 'PUT v1/client/team/{id}/role',
    request: async () => ({
      method: 'PUT',
      url: `/v1/client/team/${await aTeammate()}/role`,
      payload: { role: 'checkin' },
    }),
    expect: teamCall(200),
  },
  {
    name: 'POST v1/client/team/{id}/resend',
    request: async () => ({ method: 'POST', url: `/v1/client/team/${await aTeammate()}/resend` }),
    expect: teamCall(200),
  },
  {
    name: 'DELETE v1/client/team/{id}',
    request: async () => ({ method: 'DELETE', url: `/v1/client/team/${await aTeammate()}` }),
    expect: teamCall(200),
  },
  {
    name: 'GET v1/admin/view',
    request: async () => ({ method: 'GET', url: '/v1/admin/view' }),
    expect: { ...teamCall(200), intruder: 200 },
  },
];

/** A fresh session of each caller per request, so a call that signs out cannot spoil the next. */
async function tokenOf(who: Who): Promise<string | undefined> {
  const accountId = { owner, admin, door, intruder, buyer, nobody: undefined }[who]?.accountId;
  return accountId === undefined ? undefined : createSession(t.database.db, accountId);
}

async function send(req: InjectOptions, who: Who) {
  const token = await tokenOf(who);
  return t.app.inject({ ...req, headers: { ...(req.headers ?? {}), ...(token ? { auth: token } : {}) } });
}

const rows = calls.flatMap((call) =>
  (Object.keys(call.expect) as Who[]).map((who) => ({ name: call.name, who, status: call.expect[who], call })),
);

/** What a door call may have changed. */
const doorState = async () => ({
  checkIns: await t.database.db.select().from(checkIns).where(eq(checkIns.eTicketId, ticketId)),
  scans: await t.database.db.select().from(doorScans).orderBy(asc(doorScans.id)),
});

describe('the matrix', () => {
  it.each(rows)('$name as $who: $status', async ({ call, who, status }) => {
    const before = status >= 400 ? await doorState() : undefined;
    const res = await send(await call.request(), who);
    expect(res.statusCode, res.body).toBe(status);
    if (status === 404) expect(res.json()).toMatchObject({ status: 404, data: { code: 'not_found' } });
    if (status === 403 && who === 'door') {
      expect(res.json()).toEqual({
        status: 403,
        status_description: 'Your account opens the check-in pages only',
        data: { code: 'forbidden' },
      });
    }
    if (before) expect(await doorState()).toEqual(before);
  });

  it('another organisation gets the same 404 for the event as for an event that does not exist', async () => {
    for (const suffix of ['checkin/tickets', 'checkin']) {
      const method = suffix === 'checkin' ? 'POST' : 'GET';
      const payload = method === 'POST' ? { code, device_id: 'Door X' } : undefined;
      const foreign = await send({ method, url: `/v1/client/event/${eventId}/${suffix}`, payload }, 'intruder');
      const missing = await send({ method, url: `/v1/client/event/987654/${suffix}`, payload }, 'intruder');
      expect([foreign.statusCode, foreign.body]).toEqual([missing.statusCode, missing.body]);
    }
  });

  it("does not list the first organisation's events to another", async () => {
    const res = await send({ method: 'GET', url: '/v1/client/checkin/events' }, 'intruder');
    expect(res.json().data.map((e: { id: number }) => e.id)).not.toContain(eventId);
    expect(res.json().data.map((e: { title: string }) => e.title)).toEqual(['Intruder event']);
  });

  it("another organisation cannot change, resend or remove the first one's teammates", async () => {
    const id = await aTeammate('admin');
    for (const req of [
      { method: 'PUT', url: `/v1/client/team/${id}/role`, payload: { role: 'checkin' } },
      { method: 'POST', url: `/v1/client/team/${id}/resend` },
      { method: 'DELETE', url: `/v1/client/team/${id}` },
    ] as InjectOptions[]) {
      expect((await send(req, 'intruder')).statusCode).toBe(404);
    }
    const [row] = await t.database.db.select().from(accounts).where(eq(accounts.id, id));
    expect(row).toMatchObject({ role: 'admin' });
  });
});

/**
 * Every organiser call (one that refuses a buyer with 406) refuses a door-only teammate with
 * 403, but for the door's calls and v1/client/me. Found in the API's own OpenAPI description,
 * so a call added later is checked too.
 */
describe('a door-only teammate', () => {
  const allowed = new Set([
    'GET /v1/client/checkin/events',
    'GET /v1/client/event/{id}/checkin/tickets',
    'POST /v1/client/event/{id}/checkin',
    'POST /v1/client/event/{id}/checkin/sync',
    'GET /v1/client/event/{id}/checkin/search',
    'POST /v1/client/event/{id}/checkin/tickets/{ticket_id}/resend',
    'GET /v1/client/event/{id}/checkin/tickets/{ticket_id}/qr',
    'GET /v1/client/me',
  ]);

  it('is refused every other organiser call with 403', async () => {
    const spec = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const checked: string[] = [];
    for (const [path, methods] of Object.entries(spec.paths)) {
      for (const method of Object.keys(methods)) {
        const verb = method.toUpperCase();
        if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(verb)) continue;
        // The operator's calls refuse every organiser with 406 (features/operator/authorisation.test.ts).
        if (path.startsWith('/v1/operator/')) continue;
        const url = path.replace(/\{[^}]+\}/g, String(eventId));
        const req = { method: verb as InjectOptions['method'], url };
        const asBuyer = await send(req, 'buyer');
        if (asBuyer.statusCode !== 406) continue; // not an organiser call
        const asDoor = await send(req, 'door');
        const key = `${verb} ${path}`;
        if (allowed.has(key)) expect(asDoor.statusCode, key).not.toBe(403);
        else expect([key, asDoor.statusCode]).toEqual([key, 403]);
        checked.push(key);
      }
    }
    // The survey saw the organiser calls, old and new.
    expect(checked).toEqual(
      expect.arrayContaining([
        'GET /v1/client/event/view',
        'POST /v1/event/register',
        'GET /v1/client/self',
        'GET /v1/admin/view',
        'POST /v1/register',
        'DELETE /v1/client/team/{id}',
        ...allowed,
      ]),
    );
  });

  it('can sign out', async () => {
    const token = await createSession(t.database.db, door.accountId);
    const res = await t.app.inject({ method: 'POST', url: '/v1/auth/logout', headers: { auth: token } });
    expect(res.statusCode, res.body).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/v1/client/me', headers: { auth: token } });
    expect(after.statusCode).toBe(401);
  });
});
