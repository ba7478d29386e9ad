import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { count } from 'drizzle-orm';
import { media } from '../db/schema/index.js';
import { createCategory, createEvent, createOrganiser } from '../test-support/fixtures.js';
import { eventFields, multipartBody, pngImage } from '../test-support/organiser-events.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';

/**
 * Hostile input to every call that takes text (docs/security.md, "Bad input"): each answer
 * is a 4xx envelope that names the field, never a 500.
 */
let t: TestApp;
let token: string;
let eventId: number;
let ticketId: number;
let categoryId: number;

beforeAll(async () => {
  t = await createTestApp();
  const organiser = await createOrganiser(t.database.db);
  token = organiser.token;
  categoryId = (await createCategory(t.database.db)).id;
  const made = await createEvent(t.database.db, { organisationId: organiser.organisationId, categoryId });
  eventId = made.event.id;
  ticketId = made.tickets[0]!.id;
});
afterAll(() => t.close());

const NUL = 'Nai\u0000robi';

interface JsonCall {
  method: 'POST' | 'PUT';
  url: string;
  organiser?: boolean;
  body: Record<string, unknown> | Record<string, unknown>[];
}

const ticket = () => ({ name: 'Regular', price_per_ticket: 25, no_of_persons: 1, max_tickets: 10 });

const jsonCalls = (): JsonCall[] => [
  { method: 'POST', url: '/v1/contact', body: { name: 'Amina', email: 'amina@example.co.ke', message: 'Hello' } },
  {
    method: 'POST',
    url: '/v1/client/register',
    body: {
      first_name: 'Amina',
      last_name: 'Odhiambo',
      msisdn: '0712345678',
      email_address: 'amina@example.co.ke',
      display_name: 'Amina Events',
      organization_name: 'Amina Events Ltd',
      organization_email_address: 'events@example.co.ke',
      organization_msisdn: '0712345679',
    },
  },
  { method: 'POST', url: '/v1/auth/login', body: { username: 'amina@example.co.ke', password: 'secret pass' } },
  {
    method: 'POST',
    url: '/v1/auth/password/reset',
    body: { code: '123456', username: 'amina@example.co.ke', password: 'long enough words' },
  },
  { method: 'POST', url: '/v1/auth/password/forgot', body: { username: 'amina@example.co.ke' } },
  { method: 'POST', url: '/v1/auth/code/request', body: { email: 'amina@example.co.ke' } },
  { method: 'POST', url: '/v1/auth/code/verify', body: { email: 'amina@example.co.ke', code: '123456' } },
  { method: 'POST', url: '/v1/auth/firebase', body: { credential: 'a.b.c', name: 'Amina', email: 'a@b.co' } },
  {
    method: 'POST',
    url: '/v1/register',
    organiser: true,
    body: { first_name: 'Baraka', last_name: 'Mwangi', msisdn: '0722000111', email_address: 'baraka@example.co.ke' },
  },
  { method: 'POST', url: `/v1/event/${eventId}/ticket/register`, organiser: true, body: [ticket()] },
  {
    method: 'POST',
    url: `/v1/event/${eventId}/ticket/update`,
    organiser: true,
    body: [{ id: ticketId, ...ticket(), status: 1 }],
  },
];

function inject(call: JsonCall, body: unknown) {
  const opts: InjectOptions = { method: call.method, url: call.url, payload: body as InjectOptions['payload'] };
  if (call.organiser) opts.headers = { auth: token };
  return t.app.inject(opts);
}

/** Every (call, text field) pair: the field's value with a NUL inside. */
function nulCases() {
  return jsonCalls().flatMap((call) => {
    const one = Array.isArray(call.body) ? call.body[0]! : call.body;
    return Object.entries(one)
      .filter(([, v]) => typeof v === 'string')
      .map(([field]) => {
        const poisoned = { ...one, [field]: NUL };
        return { name: `${call.url} ${field}`, call, field, body: Array.isArray(call.body) ? [poisoned] : poisoned };
      });
  });
}

describe('the NUL character', () => {
  it('is refused with a 400 naming the field, in every text field of every JSON call', async () => {
    const cases = nulCases();
    expect(cases.length).toBeGreaterThanOrEqual(25);
    for (const c of cases) {
      const res = await inject(c.call, c.body);
      expect(res.statusCode, c.name).toBe(400);
      const body = res.json();
      expect(body.status, c.name).toBe(400);
      expect(JSON.stringify(body.data.errors), c.name).toContain(c.field);
    }
  });

  it.each([
    ['/v1/event/view?filter=', false],
    ['/v1/event/view?start=', false],
    ['/v1/client/event/view?start=', true],
    ['/v1/admin/view?page=', true],
    ['/dev/mailbox.json?to=', false],
  ])('is refused in the query string of %s', async (url, organiser) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${url}Nai%00robi`,
      headers: organiser ? { auth: token } : {},
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().status).toBe(400);
  });

  it('is refused in every text field of the multipart event form, and stores no image', async () => {
    const fields = eventFields(categoryId);
    const before = await mediaCount();
    for (const field of ['title', 'short_description', 'full_description', 'location', 'start_time', 'currency']) {
      for (const [method, url] of [
        ['POST', '/v1/event/register'],
        ['PUT', `/v1/event/update/${eventId}`],
      ] as const) {
        const form = await multipartBody(
          { ...fields, [field]: field.endsWith('time') ? `${fields.start_time}\u0000` : NUL },
          { name: 'a.png', bytes: await pngImage(), type: 'image/png' },
        );
        const res = await t.app.inject({
          method,
          url,
          headers: { ...form.headers, auth: token },
          payload: form.payload,
        });
        expect(res.statusCode, `${method} ${field}`).toBe(400);
        expect(res.json().data.errors[0].path, `${method} ${field}`).toBe(field);
      }
    }
    expect(await mediaCount()).toBe(before);
  });
});

const mediaCount = async () => (await t.database.db.select({ n: count() }).from(media))[0]!.n;

describe('numbers in JSON bodies', () => {
  it.each([
    ['true', true],
    ['an array', [7]],
    ['hex text', '0x10'],
    ['decimal text', '16'],
    ['exponent text', '1e3'],
    ['null', null],
  ])('are refused when they arrive as %s', async (_what, value) => {
    for (const field of ['price_per_ticket', 'no_of_persons', 'max_tickets']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/v1/event/${eventId}/ticket/register`,
        headers: { auth: token },
        payload: [{ ...ticket(), [field]: value }],
      });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().data.errors[0].path, field).toBe(`0.${field}`);
    }
  });
});

describe('numbers in query strings and paths', () => {
  it.each(['0x10', '1e3', '16abc', 'Infinity', ' '])('refuses %j where a whole number goes', async (value) => {
    const q = encodeURIComponent(value);
    for (const url of [`/v1/event/view?limit=${q}`, `/v1/event/view?category_id=${q}`, `/v1/event/details/${q}`]) {
      const res = await t.app.inject({ method: 'GET', url });
      // An empty value means "not given" in a query string; elsewhere every one is refused.
      if (value === ' ' && url.includes('?')) continue;
      expect(res.statusCode, url).toBe(400);
    }
  });
});

describe('a malformed multipart body', () => {
  const send = (method: 'POST' | 'PUT', url: string, contentType: string, payload: string | Buffer) =>
    t.app.inject({ method, url, headers: { auth: token, 'content-type': contentType }, payload });

  it.each([
    ['a boundary that never appears', 'multipart/form-data; boundary=nothere', '--other\r\n\r\nx\r\n--other--\r\n'],
    [
      'a part cut short',
      'multipart/form-data; boundary=XyZ',
      '--XyZ\r\nContent-Disposition: form-data; name="title"\r\n\r\nSummit',
    ],
    [
      'a file part cut short',
      'multipart/form-data; boundary=XyZ',
      '--XyZ\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG',
    ],
    ['a part header it cannot read', 'multipart/form-data; boundary=XyZ', '--XyZ\r\nNonsense\r\n\r\nx\r\n--XyZ--\r\n'],
    ['no boundary at all', 'multipart/form-data', 'title=Summit'],
  ])('is a 400 envelope: %s', async (_what, contentType, payload) => {
    for (const [method, url] of [
      ['POST', '/v1/event/register'],
      ['PUT', `/v1/event/update/${eventId}`],
    ] as const) {
      const res = await send(method, url, contentType, payload);
      expect(res.statusCode, `${method} ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({ status: 400 });
    }
  });
});
