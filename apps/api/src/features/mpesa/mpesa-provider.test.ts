import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBuyer, createCategory, createEvent, createOrganiser } from '../../test-support/fixtures.js';
import { FAKE_DARAJA, startFakeDaraja, type FakeDaraja } from '../../test-support/fake-daraja.js';
import { insertBooking } from '../../test-support/organiser-events.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { findPaymentByIntent, insertPayment, setPaymentCallback, type PaymentProvider } from '../payments/index.js';
import { darajaClient } from './daraja-client.js';
import { mpesaProvider } from './mpesa-provider.js';

/** The M-Pesa provider on its own, against Daraja's HTTP API faked (test-support/fake-daraja.ts). */
let fake: FakeDaraja;
let t: TestApp;
let mpesa: PaymentProvider;
beforeAll(async () => {
  fake = await startFakeDaraja();
  t = await createTestApp();
  mpesa = mpesaProvider(
    darajaClient({
      ...FAKE_DARAJA,
      baseUrl: fake.url,
      callbackUrl: 'https://tikiti.example/v1/payments/mpesa/callback',
    }),
    t.database.db,
  );
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const pushesSent = () => fake.requests.filter((r) => r.path === '/mpesa/stkpush/v1/processrequest').length;
const input = (amountMinor: number, currency: 'KES' | 'USD' = 'KES') => ({
  amountMinor,
  currency,
  reference: 'TK-MPESA23',
  idempotencyKey: `booking-${amountMinor}-${currency}`,
  email: 'achieng@example.co.ke',
  description: 'Tikiti booking',
  phone: '254712345678',
});

describe('M-Pesa provider', () => {
  it('refuses a payment in dollars before asking Daraja anything', async () => {
    const before = pushesSent();
    await expect(mpesa.createIntent(input(1999, 'USD'))).rejects.toMatchObject({
      status: 400,
      fieldErrors: [
        { path: 'payment_method', message: 'M-Pesa takes Kenyan shillings only; pay for this event by card' },
      ],
    });
    expect(pushesSent()).toBe(before);
  });

  it('prompts for whole shillings only: KES 2,333 is 2333 on the phone, KES 2,333.50 is refused', async () => {
    const intent = await mpesa.createIntent(input(233_300));
    expect(intent).toMatchObject({
      status: 'processing',
      amountMinor: 233_300,
      currency: 'KES',
      amountReceivedMinor: 0,
    });
    expect(fake.pushes.get(intent.id)).toMatchObject({ amount: 2333 });
    const before = pushesSent();
    await expect(mpesa.createIntent(input(233_350))).rejects.toMatchObject({
      status: 400,
      message: 'M-Pesa takes whole shillings only',
    });
    expect(pushesSent()).toBe(before);
  });

  it('reports as received the callback’s amount when one came, else what the prompt asked', async () => {
    const db = t.database.db;
    const organiser = await createOrganiser(db);
    const { event } = await createEvent(db, {
      organisationId: organiser.organisationId,
      categoryId: (await createCategory(db)).id,
      currency: 'KES',
      tickets: [{ name: 'Regular', price: 2333, max: 10 }],
    });
    const { accountId } = await createBuyer(db);
    const paid = async (amountMinor: number) => {
      const booking = await insertBooking(db, {
        eventId: event.id,
        accountId,
        status: 1,
        totalMinor: amountMinor,
        currency: 'KES',
      });
      const intent = await mpesa.createIntent({ ...input(amountMinor), idempotencyKey: `booking-${booking.id}` });
      await insertPayment(db, {
        bookingId: booking.id,
        provider: 'mpesa',
        intentId: intent.id,
        clientSecret: intent.clientSecret,
        status: intent.status,
        amountMinor,
        currency: 'KES',
      });
      fake.complete(intent.id, 0);
      return intent.id;
    };

    const asked = await paid(466_600);
    expect(await mpesa.retrieveIntent(asked)).toMatchObject({
      status: 'succeeded',
      amountMinor: 466_600,
      amountReceivedMinor: 466_600,
      currency: 'KES',
    });

    const told = await paid(466_600);
    const row = (await findPaymentByIntent(db, 'mpesa', told))!;
    await setPaymentCallback(db, row.id, { receivedMinor: 100, receivedCurrency: 'KES', receiptNumber: null });
    expect(await mpesa.retrieveIntent(told)).toMatchObject({
      status: 'succeeded',
      amountMinor: 466_600,
      amountReceivedMinor: 100,
    });
  });
});
