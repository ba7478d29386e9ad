import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { book, guest, payWithCard, retrieve } from '../../test-support/checkout.js';
import { createCategory, createEvent, createOrganiser } from '../../test-support/fixtures.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { drainSmsOutbox } from '../sms/index.js';

/** "Send my tickets by SMS too" (docs/product.md#messages-to-attendees). */
let t: TestApp;
let eventId: number;
let ticketTypeId: number;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://tikiti.example.com' });
  const org = await createOrganiser(t.database.db);
  const categoryId = (await createCategory(t.database.db)).id;
  const { event, tickets } = await createEvent(t.database.db, {
    organisationId: org.organisationId,
    categoryId,
    title: 'Nairobi Jazz Night',
  });
  eventId = event.id;
  ticketTypeId = tickets[0]!.id;
});
afterAll(() => t.close());

async function buyAndPay(phone: string, ticketsBySms: boolean | undefined) {
  const details = { ...guest(), msisdn: phone };
  const res = await book(t.app, {
    event_id: eventId,
    tickets: [{ id: ticketTypeId, qty: 1 }],
    details,
    ...(ticketsBySms === undefined ? {} : { tickets_by_sms: ticketsBySms }),
  });
  expect(res.statusCode, res.body).toBe(201);
  const secret = res.json().data.client_secret as string;
  await payWithCard(t.app, secret);
  await retrieve(t.app, secret, res.headers.auth as string);
  await drainSmsOutbox({ config: t.config, db: t.database.db });
  return res.json().data.booking_reference as string;
}

async function smsTo(phone: string) {
  const res = await t.app.inject({ method: 'GET', url: `/dev/sms.json?to=${encodeURIComponent(phone)}` });
  return res.json().data as { to: string; text: string }[];
}

describe('tickets by SMS', () => {
  it('texts the ticket page link to the buyer once paid, when asked', async () => {
    const reference = await buyAndPay('0722 000 111', true);
    const sms = await smsTo('+254722000111');
    expect(sms).toHaveLength(1);
    expect(sms[0]!.text).toContain(`Nairobi Jazz Night (${reference})`);
    expect(sms[0]!.text).toMatch(/https:\/\/tikiti\.example\.com\/ticket\/\d+\?sig=\d+\.[\w-]+/);
  });

  it('texts nothing when not asked', async () => {
    await buyAndPay('0722 000 222', undefined);
    await buyAndPay('0722 000 333', false);
    expect(await smsTo('+254722000222')).toHaveLength(0);
    expect(await smsTo('+254722000333')).toHaveLength(0);
  });
});
