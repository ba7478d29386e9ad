import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { jobs, webhookDeliveries, webhookEndpoints } from '../../db/schema/index.js';
import { runDueJobs } from '../../jobs/worker.js';
import { paidBookingWithTickets } from '../../test-support/door.js';
import { createCategory, createEvent, createOrganiser } from '../../test-support/fixtures.js';
import { mailTo } from '../../test-support/mailbox.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { emitBookingEvent, setWebhookResolver, webhooksJobs } from './index.js';

/** Webhooks (docs/api.md#webhooks), delivered to a receiver on this machine. */

interface Received {
  body: string;
  signature: string;
}

/** A receiver that answers each request with the next status of `plan` (200 when it runs out). */
function receiver() {
  const received: Received[] = [];
  const plan: number[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      received.push({ body, signature: String(req.headers['tikiti-signature'] ?? '') });
      res.statusCode = plan.shift() ?? 200;
      res.end('ok');
    });
  });
  return {
    received,
    plan,
    server,
    async start() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as { port: number }).port}/hooks/tikiti`;
    },
  };
}

/** Runs webhook jobs until none is due, making each retry due at once (the back-off is the clock's business). */
async function deliverAll(t: TestApp) {
  const db = t.database.db;
  for (let i = 0; i < 50; i++) {
    const r = await runDueJobs({ config: t.config, db }, webhooksJobs);
    await db
      .update(webhookDeliveries)
      .set({ nextAttemptAt: new Date() })
      .where(eq(webhookDeliveries.status, 'retrying'));
    const moved = await db
      .update(jobs)
      .set({ runAt: new Date() })
      .where(sql`${jobs.kind} = 'webhooks.deliver' AND ${jobs.state} = 'queued'`)
      .returning({ id: jobs.id });
    if (r.done + r.dead === 0 && moved.length === 0) return;
  }
}

/** The verification example of docs/api.md#webhooks, run as written there. */
async function documentedVerifier(): Promise<(body: string, header: string, secret: string) => boolean> {
  const doc = fs.readFileSync(fileURLToPath(new URL('../../../../../docs/api.md', import.meta.url)), 'utf8');
  const code = /<!-- webhook-verify-example -->\n```js\n([\s\S]*?)```/.exec(doc)?.[1];
  if (!code) throw new Error('docs/api.md has no webhook verification example');
  expect(code.trim().split('\n').length).toBeLessThanOrEqual(10);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tikiti-verify-')), 'verify.mjs');
  fs.writeFileSync(file, code);
  const mod = (await import(pathToFileURL(file).href)) as {
    verifyTikitiSignature: (b: string, h: string, s: string) => boolean;
  };
  return mod.verifyTikitiSignature;
}

describe('webhooks (development mode)', () => {
  let t: TestApp;
  let org: Awaited<ReturnType<typeof createOrganiser>>;
  let categoryId: number;
  const r = receiver();
  let url: string;

  beforeAll(async () => {
    t = await createTestApp();
    org = await createOrganiser(t.database.db);
    categoryId = (await createCategory(t.database.db)).id;
    url = await r.start();
  });
  afterAll(async () => {
    // The sender's keep-alive sockets too, so nothing of this file outlives it in the worker.
    r.server.closeAllConnections();
    await new Promise((resolve) => r.server.close(resolve));
    await t.close();
  });

  const create = (token: string, body: object) =>
    t.app.inject({ method: 'POST', url: '/v1/client/webhooks', headers: { auth: token }, payload: body });

  async function aBooking(organisationId = org.organisationId) {
    const { event, tickets } = await createEvent(t.database.db, { organisationId, categoryId });
    return paidBookingWithTickets(t, {
      eventId: event.id,
      lines: [{ ticketTypeId: tickets[0]!.id, name: tickets[0]!.name, quantity: 1 }],
    });
  }

  it('signs each delivery so that the documented example verifies it, and a changed body does not', async () => {
    const res = await create(org.token, { url, events: ['booking.paid'] });
    expect(res.statusCode).toBe(201);
    const { secret, id } = res.json().data as { secret: string; id: number };
    expect(secret).toMatch(/^whsec_/);
    // Shown once: the list never carries it.
    const list = await t.app.inject({ method: 'GET', url: '/v1/client/webhooks', headers: { auth: org.token } });
    expect(JSON.stringify(list.json())).not.toContain(secret);

    const { booking } = await aBooking();
    await t.database.db.transaction((tx) => emitBookingEvent(tx, 'booking.paid', booking.id));
    await deliverAll(t);
    const got = r.received.at(-1)!;
    const payload = JSON.parse(got.body);
    expect(payload).toMatchObject({ type: 'booking.paid', data: { object: 'booking', reference: booking.reference } });
    expect(payload.id).toMatch(/^evt_[0-9a-f]{24}$/);
    expect(got.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const verify = await documentedVerifier();
    expect(verify(got.body, got.signature, secret)).toBe(true);
    expect(verify(got.body.replace(booking.reference, 'TK-FORGED'), got.signature, secret)).toBe(false);
    expect(verify(got.body, got.signature, 'whsec_wrong')).toBe(false);
    await t.app.inject({ method: 'DELETE', url: `/v1/client/webhooks/${id}`, headers: { auth: org.token } });
  });

  it("retries a receiver that fails twice: three attempts, one success, and the booking's next event only after it", async () => {
    const res = await create(org.token, { url, events: ['booking.paid', 'booking.refunded'] });
    const endpointId = res.json().data.id as number;
    const { booking } = await aBooking();
    r.received.length = 0;
    r.plan.push(500, 500, 200, 200);
    await t.database.db.transaction(async (tx) => {
      await emitBookingEvent(tx, 'booking.paid', booking.id);
      await emitBookingEvent(tx, 'booking.refunded', booking.id);
    });
    await deliverAll(t);
    expect(r.received.map((x) => JSON.parse(x.body).type)).toEqual([
      'booking.paid',
      'booking.paid',
      'booking.paid',
      'booking.refunded',
    ]);
    const log = await t.app.inject({
      method: 'GET',
      url: `/v1/client/webhooks/${endpointId}/deliveries`,
      headers: { auth: org.token },
    });
    const [refunded, paid] = log.json().data.data as {
      type: string;
      status: string;
      attempts: number;
      response_code: number;
    }[];
    expect(paid).toMatchObject({ type: 'booking.paid', status: 'succeeded', attempts: 3, response_code: 200 });
    expect(refunded).toMatchObject({ type: 'booking.refunded', status: 'succeeded', attempts: 1 });
    await t.app.inject({ method: 'DELETE', url: `/v1/client/webhooks/${endpointId}`, headers: { auth: org.token } });
  });

  it("cannot replay a delivery of one organisation to another's endpoint, nor touch another's endpoints", async () => {
    const mine = await create(org.token, { url, events: ['booking.paid'] });
    const mineId = mine.json().data.id as number;
    const { booking } = await aBooking();
    await t.database.db.transaction((tx) => emitBookingEvent(tx, 'booking.paid', booking.id));
    const [delivery] = await t.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, mineId));

    const other = await createOrganiser(t.database.db);
    const theirs = await create(other.token, { url: `${url}?theirs`, events: ['booking.paid'] });
    const theirsId = theirs.json().data.id as number;
    const replay = await t.app.inject({
      method: 'POST',
      url: `/v1/client/webhooks/${theirsId}/deliveries/${delivery!.id}/resend`,
      headers: { auth: other.token },
    });
    expect(replay.statusCode).toBe(404);
    expect(
      await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, theirsId)),
    ).toEqual([]);
    for (const req of [
      { method: 'POST' as const, url: `/v1/client/webhooks/${mineId}/deliveries/${delivery!.id}/resend` },
      { method: 'GET' as const, url: `/v1/client/webhooks/${mineId}/deliveries` },
      { method: 'POST' as const, url: `/v1/client/webhooks/${mineId}/enable` },
      { method: 'DELETE' as const, url: `/v1/client/webhooks/${mineId}` },
    ]) {
      const res = await t.app.inject({ ...req, headers: { auth: other.token } });
      expect(res.statusCode, req.url).toBe(404);
    }
    const theirList = await t.app.inject({ method: 'GET', url: '/v1/client/webhooks', headers: { auth: other.token } });
    expect(theirList.json().data.map((w: { id: number }) => w.id)).toEqual([theirsId]);
    // The owner's own resend works: the same event again.
    const again = await t.app.inject({
      method: 'POST',
      url: `/v1/client/webhooks/${mineId}/deliveries/${delivery!.id}/resend`,
      headers: { auth: org.token },
    });
    expect(again.statusCode).toBe(201);
    expect(again.json().data.event_id).toBe(delivery!.eventId);
    await t.database.db.delete(webhookEndpoints).where(inArray(webhookEndpoints.id, [mineId, theirsId]));
  });

  it('turns an endpoint off after 50 failures in a row and mails its owners', async () => {
    const res = await create(org.token, { url, events: ['booking.paid'] });
    const endpointId = res.json().data.id as number;
    await t.database.db
      .update(webhookEndpoints)
      .set({ consecutiveFailures: 49 })
      .where(eq(webhookEndpoints.id, endpointId));
    r.plan.push(503);
    const { booking } = await aBooking();
    await t.database.db.transaction((tx) => emitBookingEvent(tx, 'booking.paid', booking.id));
    await deliverAll(t);
    const [endpoint] = await t.database.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId));
    expect(endpoint).toMatchObject({ status: 'disabled', consecutiveFailures: 50 });
    const mails = await mailTo(t, org.email);
    expect(mails.map((m) => m.subject)).toContain('A webhook endpoint was turned off');
    const enabled = await t.app.inject({
      method: 'POST',
      url: `/v1/client/webhooks/${endpointId}/enable`,
      headers: { auth: org.token },
    });
    expect(enabled.json().data).toMatchObject({ status: 'active', consecutive_failures: 0 });
  });
});

describe('webhooks in production mode', () => {
  let t: TestApp;
  let org: Awaited<ReturnType<typeof createOrganiser>>;

  beforeAll(async () => {
    t = await createTestApp({ NODE_ENV: 'production', PUBLIC_URL: 'https://tikiti.example.com' });
    org = await createOrganiser(t.database.db);
  });
  afterAll(() => t.close());

  const create = (url: string) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/client/webhooks',
      headers: { auth: org.token },
      payload: { url, events: ['booking.paid'] },
    });

  it('takes only https addresses on the public internet', async () => {
    for (const url of [
      'http://hooks.example.com/x',
      'https://127.0.0.1/x',
      'https://10.0.0.1/x',
      'https://[::1]/x',
      'https://localhost/x',
    ]) {
      const res = await create(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().data.code).toBe('webhook.address_not_allowed');
    }
    expect((await create('https://hooks.example.com/x')).statusCode).toBe(201);
  });

  it.each(['127.0.0.1', '10.0.0.1'])(
    'refuses at send time a host that resolves to %s, never connecting',
    async (address) => {
      const created = await create(`https://crm-${address.replace(/\./g, '-')}.example.com/hook`);
      const endpointId = created.json().data.id as number;
      const asked: string[] = [];
      setWebhookResolver(t.database.db, async (host) => {
        asked.push(host);
        return [{ address, family: 4 }];
      });
      const categoryId = (await createCategory(t.database.db)).id;
      const { event, tickets } = await createEvent(t.database.db, { organisationId: org.organisationId, categoryId });
      const { booking } = await paidBookingWithTickets(t, {
        eventId: event.id,
        lines: [{ ticketTypeId: tickets[0]!.id, name: tickets[0]!.name, quantity: 1 }],
      });
      await t.database.db.transaction((tx) => emitBookingEvent(tx, 'booking.paid', booking.id));
      await runDueJobs({ config: t.config, db: t.database.db }, webhooksJobs);
      const [delivery] = await t.database.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.endpointId, endpointId));
      expect(asked).toContain(`crm-${address.replace(/\./g, '-')}.example.com`);
      expect(delivery).toMatchObject({ status: 'retrying', attempts: 1, responseCode: null });
      expect(delivery!.error).toContain(`resolves to ${address}, not a public address`);
    },
  );
});
