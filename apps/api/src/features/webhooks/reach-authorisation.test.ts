import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBuyer, createCategory, createEvent, createOrganiser } from '../../test-support/fixtures.js';
import { paidBookingWithTickets } from '../../test-support/door.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { emitBookingEvent } from './index.js';

/**
 * The authorisation matrix of the organiser calls of issue 29 (messages to attendees, webhooks):
 * owner, admin, door-only teammate, another organisation, a buyer and nobody. Another
 * organisation gets 404 for everything of the first's.
 */
let t: TestApp;
type Org = Awaited<ReturnType<typeof createOrganiser>>;
let owner: Org;
let admin: Org;
let door: Org;
let intruder: Org;
let buyer: Awaited<ReturnType<typeof createBuyer>>;
let eventId: number;
let messageId: number;
let endpointId: number;
let deliveryId: number;

const draft = { subject: 'Hi', body: 'Hello {first_name}', audience: { kind: 'everyone' }, channels: ['mail'] };

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  owner = await createOrganiser(db);
  admin = await createOrganiser(db, { organisationId: owner.organisationId, role: 'admin' });
  door = await createOrganiser(db, { organisationId: owner.organisationId, role: 'checkin' });
  intruder = await createOrganiser(db);
  buyer = await createBuyer(db);
  const categoryId = (await createCategory(db)).id;
  const { event, tickets } = await createEvent(db, { organisationId: owner.organisationId, categoryId });
  eventId = event.id;
  const { booking } = await paidBookingWithTickets(t, {
    eventId,
    lines: [{ ticketTypeId: tickets[0]!.id, name: tickets[0]!.name, quantity: 1 }],
  });
  const sent = await t.app.inject({
    method: 'POST',
    url: `/v1/client/event/${eventId}/messages`,
    headers: { auth: owner.token },
    payload: draft,
  });
  messageId = sent.json().data.id;
  const hook = await t.app.inject({
    method: 'POST',
    url: '/v1/client/webhooks',
    headers: { auth: owner.token },
    payload: { url: 'http://127.0.0.1:9/hook', events: ['booking.paid'] },
  });
  endpointId = hook.json().data.id;
  await db.transaction((tx) => emitBookingEvent(tx, 'booking.paid', booking.id));
  const log = await t.app.inject({
    method: 'GET',
    url: `/v1/client/webhooks/${endpointId}/deliveries`,
    headers: { auth: owner.token },
  });
  deliveryId = log.json().data.data[0].id;
});
afterAll(() => t.close());

type Who = 'owner' | 'admin' | 'door' | 'intruder' | 'buyer' | 'nobody';
const own = (ok: number) => ({ owner: ok, admin: ok, door: 403, intruder: 404, buyer: 406, nobody: 401 });

const calls: { name: string; request: () => InjectOptions; expect: Record<Who, number> }[] = [
  {
    name: 'GET messages',
    request: () => ({ method: 'GET', url: `/v1/client/event/${eventId}/messages` }),
    expect: own(200),
  },
  {
    name: 'GET a message',
    request: () => ({ method: 'GET', url: `/v1/client/event/${eventId}/messages/${messageId}` }),
    expect: own(200),
  },
  {
    name: 'POST preview',
    request: () => ({ method: 'POST', url: `/v1/client/event/${eventId}/messages/preview`, payload: draft }),
    expect: own(200),
  },
  {
    name: 'POST test',
    request: () => ({ method: 'POST', url: `/v1/client/event/${eventId}/messages/test`, payload: draft }),
    expect: own(200),
  },
  {
    name: 'POST a message (a scheduled one)',
    request: () => ({
      method: 'POST',
      url: `/v1/client/event/${eventId}/messages`,
      payload: { ...draft, send_at: new Date(Date.now() + 86_400_000).toISOString() },
    }),
    expect: own(201),
  },
  {
    name: 'GET deliveries',
    request: () => ({ method: 'GET', url: `/v1/client/webhooks/${endpointId}/deliveries` }),
    expect: own(200),
  },
  {
    name: 'POST resend',
    request: () => ({ method: 'POST', url: `/v1/client/webhooks/${endpointId}/deliveries/${deliveryId}/resend` }),
    expect: own(201),
  },
  {
    name: 'POST enable',
    request: () => ({ method: 'POST', url: `/v1/client/webhooks/${endpointId}/enable` }),
    expect: own(200),
  },
  // Another organisation lists and adds its own.
  {
    name: 'GET webhooks',
    request: () => ({ method: 'GET', url: '/v1/client/webhooks' }),
    expect: { owner: 200, admin: 200, door: 403, intruder: 200, buyer: 406, nobody: 401 },
  },
  {
    name: 'POST webhooks',
    request: () => ({
      method: 'POST',
      url: '/v1/client/webhooks',
      payload: { url: 'https://crm.example.com/hook', events: ['event.cancelled'] },
    }),
    expect: { owner: 201, admin: 201, door: 403, intruder: 201, buyer: 406, nobody: 401 },
  },
];

const tokenOf = (who: Who) =>
  ({
    owner: owner.token,
    admin: admin.token,
    door: door.token,
    intruder: intruder.token,
    buyer: buyer.token,
    nobody: undefined,
  })[who];

describe('issue 29 authorisation matrix', () => {
  for (const call of calls) {
    for (const who of Object.keys(call.expect) as Who[]) {
      it(`${call.name} as ${who}: ${call.expect[who]}`, async () => {
        const req = call.request();
        const token = tokenOf(who);
        const res = await t.app.inject({ ...req, headers: { ...(token ? { auth: token } : {}) } });
        expect(res.statusCode, res.body).toBe(call.expect[who]);
      });
    }
  }

  it("DELETE another organisation's endpoint is 404, the owner's own 200", async () => {
    for (const who of ['intruder', 'door', 'buyer'] as Who[]) {
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/v1/client/webhooks/${endpointId}`,
        headers: { auth: tokenOf(who)! },
      });
      expect(res.statusCode, who).toBe(who === 'intruder' ? 404 : who === 'door' ? 403 : 406);
    }
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/v1/client/webhooks/${endpointId}`,
      headers: { auth: admin.token },
    });
    expect(res.statusCode).toBe(200);
  });
});
