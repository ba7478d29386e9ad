import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_STATUS, MPESA_RESULTS, type MpesaPrompt } from '@tikiti/contract';
import { createCategory, createEvent, createOrganiser } from '../../test-support/fixtures.js';
import { book, guest, retrieve, stockOf } from '../../test-support/checkout.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { darajaClient } from './daraja-client.js';
import { darajaSimulator, type StkCallbackBody } from './daraja-simulator.js';

let t: TestApp;
let organisationId: number;
let categoryId: number;

beforeAll(async () => {
  t = await createTestApp({ BOOKINGS_PER_ADDRESS: '0' });
  organisationId = (await createOrganiser(t.database.db)).organisationId;
  categoryId = (await createCategory(t.database.db)).id;
});
afterAll(() => t.close());

async function bookKes(phone = '0722 000 111') {
  const { event, tickets } = await createEvent(t.database.db, {
    organisationId,
    categoryId,
    currency: 'KES',
    tickets: [{ name: 'Regular', price: 1500, max: 5 }],
  });
  const res = await book(t.app, {
    event_id: event.id,
    tickets: [{ id: tickets[0]!.id, qty: 1 }],
    payment_method: 'mpesa',
    details: guest(),
    phone,
  });
  expect(res.statusCode, res.body).toBe(201);
  return { data: res.json().data, token: res.headers.auth as string, typeId: tickets[0]!.id };
}

const prompts = async () =>
  (await t.app.inject({ method: 'GET', url: '/dev/mpesa.json' })).json().data as MpesaPrompt[];
const answer = (id: string, payload: { action: 'send' | 'cancel'; pin?: string }) =>
  t.app.inject({ method: 'POST', url: `/dev/mpesa/prompts/${id}`, payload });

describe('the M-Pesa simulator (no Daraja configured)', () => {
  it('says which M-Pesa it uses', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/payments/config' });
    expect(res.json().data).toMatchObject({ mpesa: 'simulator' });
  });

  it('shows the prompt as a phone would, refuses a PIN of the wrong length, and pays on Send with four digits', async () => {
    const { data, token, typeId } = await bookKes();
    const mine = (await prompts()).find((p) => p.reference === data.booking_reference)!;
    expect(mine).toMatchObject({ amount: 1500, business: 'Tikiti', phone: '254722000111' });

    const page = await t.app.inject({ method: 'GET', url: '/dev/mpesa' });
    expect(page.body).toContain('KES 1,500');
    expect(page.body).toContain('Enter M-Pesa PIN');
    expect(page.body).toContain('>Send<');
    expect(page.body).toContain('>Cancel<');

    for (const pin of ['12', '12345', 'abcd', undefined]) {
      const refused = await answer(mine.id, { action: 'send', pin });
      expect(refused.statusCode, String(pin)).toBe(400);
    }
    expect((await prompts()).some((p) => p.id === mine.id)).toBe(true);

    expect((await answer(mine.id, { action: 'send', pin: '4821' })).statusCode).toBe(200);
    expect((await prompts()).some((p) => p.id === mine.id)).toBe(false);
    await expect
      .poll(async () => (await retrieve(t.app, data.client_secret, token)).json().data.status)
      .toBe(BOOKING_STATUS.paid);
    const paid = (await retrieve(t.app, data.client_secret, token)).json().data;
    expect(paid.receipt_number).toMatch(/^[A-Z0-9]{10}$/);
    expect(await stockOf(t.database.db, typeId)).toMatchObject({ held: 0, sold: 1 });
  });

  it('declines on Cancel, with the buyer told so', async () => {
    const { data, token, typeId } = await bookKes();
    const mine = (await prompts()).find((p) => p.reference === data.booking_reference)!;
    expect((await answer(mine.id, { action: 'cancel' })).statusCode).toBe(200);
    const after = (await retrieve(t.app, data.client_secret, token)).json().data;
    expect(after).toMatchObject({ status: BOOKING_STATUS.pending, payment_error: MPESA_RESULTS[1032].message });
    expect(await stockOf(t.database.db, typeId)).toMatchObject({ held: 1, sold: 0 });
    // The answered prompt is gone from the phone.
    expect((await answer(mine.id, { action: 'send', pin: '1234' })).statusCode).toBe(404);
  });

  it('answers the phone page’s own form, showing the phone’s refusal beside the prompt', async () => {
    const { data } = await bookKes();
    const mine = (await prompts()).find((p) => p.reference === data.booking_reference)!;
    const refused = await t.app.inject({
      method: 'POST',
      url: `/dev/mpesa/phone/${mine.id}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'pin=123&action=send',
    });
    expect(refused.body).toContain('Enter your 4-digit M-Pesa PIN');
    const sent = await t.app.inject({
      method: 'POST',
      url: `/dev/mpesa/phone/${mine.id}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'pin=1234&action=send',
    });
    expect(sent.statusCode).toBe(303);
    expect(sent.headers.location).toBe('/dev/mpesa');
  });

  it('times an untouched prompt out, reporting ResultCode 1037 to the query and the callback', async () => {
    let now = new Date('2026-11-25T10:00:00Z');
    const creds = { consumerKey: 'k', consumerSecret: 's', shortcode: '174379', passkey: 'p' };
    const sim = darajaSimulator({ ...creds, businessName: 'Tikiti', timeoutMs: 60_000, now: () => now });
    const delivered: StkCallbackBody[] = [];
    sim.setDeliver(async (_url, body) => {
      if ('Body' in body) delivered.push(body);
    });
    const client = darajaClient(
      { ...creds, baseUrl: 'http://sim.invalid', callbackUrl: 'http://localhost/cb' },
      { fetch: sim.fetch, now: () => now },
    );
    const { checkoutRequestId } = await client.stkPush({
      amount: 100,
      phone: '254712345678',
      accountReference: 'TK-ABCDEFG',
      description: 'Tikiti ticket',
    });
    expect(await client.stkQuery(checkoutRequestId)).toEqual({ state: 'processing' });
    now = new Date(now.getTime() + 61_000);
    expect(sim.pending()).toHaveLength(0);
    expect(await client.stkQuery(checkoutRequestId)).toMatchObject({ state: 'done', resultCode: 1037 });
    expect(delivered.map((d) => d.Body.stkCallback.ResultCode)).toEqual([1037]);
  });
});

describe('the M-Pesa simulator in production', () => {
  let prod: TestApp;
  beforeAll(async () => {
    prod = await createTestApp({ NODE_ENV: 'production' });
  });
  afterAll(() => prod.close());

  it('is not there', async () => {
    for (const url of ['/dev/mpesa', '/dev/mpesa.json']) {
      expect((await prod.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
    expect(
      (await prod.app.inject({ method: 'POST', url: '/dev/mpesa/prompts/x', payload: { action: 'cancel' } }))
        .statusCode,
    ).toBe(404);
  });
});
