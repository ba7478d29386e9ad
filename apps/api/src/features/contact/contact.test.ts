import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { mailTo } from '../../test-support/mailbox.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { CONTACT_RATE_LIMIT } from './contact.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let ipSeq = 1;
/** Each test speaks from its own address so the rate limit of one does not leak into another. */
const freshIp = () => `10.0.0.${ipSeq++}`;
const post = (payload: unknown, ip: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/contact',
    remoteAddress: ip,
    headers: { 'content-type': 'application/json', ...headers },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });

describe('POST v1/contact', () => {
  it('stores the message and answers 201 with its id', async () => {
    const res = await post(
      { name: '  Achieng Odhiambo ', email: 'Achieng@Example.co.ke', message: 'Do you support M-Pesa?' },
      freshIp(),
    );
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ status: 201, data: { id: expect.any(Number) } });
    expect(body.status_description).toMatch(/sent/i);
    const rows = await queryRows<{ name: string; email: string; message: string }>(
      t.database.db,
      sql`SELECT name, email, message FROM contact_messages WHERE id = ${body.data.id}`,
    );
    expect(rows).toEqual([
      { name: 'Achieng Odhiambo', email: 'achieng@example.co.ke', message: 'Do you support M-Pesa?' },
    ]);
  });

  it.each([
    ['name', { email: 'a@b.co', message: 'Hi' }],
    ['name', { name: '   ', email: 'a@b.co', message: 'Hi' }],
    ['email', { name: 'Kamau', email: 'not-an-email', message: 'Hi' }],
    ['email', { name: 'Kamau', message: 'Hi' }],
    ['message', { name: 'Kamau', email: 'a@b.co', message: '' }],
    ['message', { name: 'Kamau', email: 'a@b.co', message: 'x'.repeat(5001) }],
  ])('answers 400 naming the field %s', async (field, payload) => {
    const res = await post(payload, freshIp());
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.status).toBe(400);
    expect(body.status_description).toContain(field);
    expect(body.data.errors.map((e: { path: string }) => e.path)).toContain(field);
  });

  it('answers malformed JSON with a 400 envelope', async () => {
    const res = await post('{"name": "Kamau", ', freshIp());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      status: 400,
      data: { code: 'request.malformed' },
      status_description: 'The request body is not valid JSON',
    });
  });

  it('limits each address to a few messages per window, others unaffected', async () => {
    const ip = freshIp();
    const message = { name: 'Spammer', email: 'spam@example.com', message: 'Buy now' };
    for (let i = 0; i < CONTACT_RATE_LIMIT.limit; i++) expect((await post(message, ip)).statusCode).toBe(201);
    const limited = await post(message, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ status: 429, data: { code: 'rate_limited' } });
    expect((await post(message, freshIp())).statusCode).toBe(201);
  });

  it('mails a copy to the operator, user text escaped in the HTML', async () => {
    const message = 'Can we pay by invoice?\n<script>alert(1)</script>';
    const res = await post({ name: 'Kamau <b>', email: 'kamau@example.com', message }, freshIp());
    expect(res.statusCode).toBe(201);
    const [copy] = await mailTo(t, t.config.mail.operator);
    expect(copy!.subject).toBe('Contact form: Kamau <b>');
    expect(copy!.text).toContain(message);
    expect(copy!.text).toContain('kamau@example.com');
    expect(copy!.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(copy!.html).not.toContain('<script>');
  });
});
