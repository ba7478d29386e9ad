import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_DARAJA, startFakeDaraja, type FakeDaraja } from '../../test-support/fake-daraja.js';
import { darajaClient, DarajaError, darajaTimestamp, stkPassword } from './daraja-client.js';

let fake: FakeDaraja;
beforeAll(async () => {
  fake = await startFakeDaraja();
});
afterAll(() => fake.close());

const clientOf = (now?: () => Date) =>
  darajaClient(
    { ...FAKE_DARAJA, baseUrl: fake.url, callbackUrl: 'https://tikiti.example/v1/payments/mpesa/callback' },
    { now },
  );

describe('Daraja client', () => {
  it('writes the timestamp in Nairobi time and the password as base64(shortcode + passkey + timestamp)', () => {
    expect(darajaTimestamp(new Date('2026-03-12T21:30:05Z'))).toBe('20260313003005');
    expect(darajaTimestamp(new Date('2026-01-01T00:00:00Z'))).toBe('20260101030000');
    expect(Buffer.from(stkPassword('174379', 'pk', '20260313003005'), 'base64').toString()).toBe(
      '174379pk20260313003005',
    );
  });

  it('asks for a token once with the consumer key and secret, then sends the STK push Daraja expects', async () => {
    const before = fake.tokenRequests();
    const at = new Date('2026-11-25T11:00:00Z');
    const client = clientOf(() => at);
    const accepted = await client.stkPush({
      amount: 2500,
      phone: '254712345678',
      accountReference: 'TK-7Q2M9XA',
      description: 'Tikiti ticket',
    });
    await client.stkQuery(accepted.checkoutRequestId);
    expect(fake.tokenRequests() - before).toBe(1);
    const tokenCall = fake.requests.findLast((r) => r.path === '/oauth/v1/generate')!;
    expect(tokenCall.authorization).toBe(
      `Basic ${Buffer.from(`${FAKE_DARAJA.consumerKey}:${FAKE_DARAJA.consumerSecret}`).toString('base64')}`,
    );
    const push = fake.requests.findLast((r) => r.path === '/mpesa/stkpush/v1/processrequest')!;
    expect(push.authorization).toMatch(/^Bearer tok-/);
    expect(push.body).toEqual({
      BusinessShortCode: '174379',
      Password: Buffer.from(`174379${FAKE_DARAJA.passkey}20261125140000`).toString('base64'),
      Timestamp: '20261125140000',
      TransactionType: 'CustomerPayBillOnline',
      Amount: 2500,
      PartyA: '254712345678',
      PartyB: '174379',
      PhoneNumber: '254712345678',
      CallBackURL: 'https://tikiti.example/v1/payments/mpesa/callback',
      AccountReference: 'TK-7Q2M9XA',
      TransactionDesc: 'Tikiti ticket',
    });
    expect(accepted.checkoutRequestId).toMatch(/^ws_CO_fake_/);
  });

  it('reads the query: processing while the prompt is open, then the ResultCode', async () => {
    const client = clientOf();
    const { checkoutRequestId: id } = await client.stkPush({
      amount: 10,
      phone: '254112345678',
      accountReference: 'TK-AAAAAAA',
      description: 'x',
    });
    expect(await client.stkQuery(id)).toEqual({ state: 'processing' });
    fake.complete(id, 1032, 'Request cancelled by user');
    expect(await client.stkQuery(id)).toEqual({
      state: 'done',
      resultCode: 1032,
      resultDesc: 'Request cancelled by user',
    });
  });

  it('renews an expired token once and repeats the call, and gives up after a second refusal', async () => {
    const client = clientOf();
    await client.accessToken();
    fake.expireTokens();
    const before = fake.tokenRequests();
    const ok = await client.stkPush({
      amount: 1,
      phone: '254712345678',
      accountReference: 'TK-BBBBBBB',
      description: 'x',
    });
    expect(ok.checkoutRequestId).toBeTruthy();
    expect(fake.tokenRequests() - before).toBe(1);

    // A fresh token refused again: one renewal only, then Daraja's error.
    fake.failNext(401, { requestId: 'r', errorCode: '404.001.03', errorMessage: 'Invalid Access Token' });
    fake.failNext(401, { requestId: 'r', errorCode: '404.001.03', errorMessage: 'Invalid Access Token' });
    const again = fake.tokenRequests();
    const err = await client.stkQuery(ok.checkoutRequestId).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DarajaError);
    expect(err).toMatchObject({ status: 401, errorCode: '404.001.03', message: 'Invalid Access Token' });
    expect(fake.tokenRequests() - again).toBe(1);
  });

  it('renews the token when its expires_in has passed, without waiting for a refusal', async () => {
    let now = new Date('2026-11-25T08:00:00Z');
    const client = clientOf(() => now);
    await client.accessToken();
    const before = fake.tokenRequests();
    now = new Date(now.getTime() + 3600_000);
    await client.accessToken();
    expect(fake.tokenRequests() - before).toBe(1);
  });

  it('turns Daraja’s documented error bodies into errors with their codes', async () => {
    const client = clientOf();
    fake.failNext(500, {
      requestId: 'r',
      errorCode: '500.001.1001',
      errorMessage: 'Unable to lock subscriber, a transaction is already in process for the current subscriber',
    });
    await expect(
      client.stkPush({ amount: 5, phone: '254712345678', accountReference: 'TK-CCCCCCC', description: 'x' }),
    ).rejects.toMatchObject({ status: 500, errorCode: '500.001.1001' });
    fake.failNext(400, { requestId: 'r', errorCode: '400.002.02', errorMessage: 'Bad Request - Invalid Amount' });
    await expect(
      client.stkPush({ amount: 5, phone: '254712345678', accountReference: 'TK-CCCCCCC', description: 'x' }),
    ).rejects.toMatchObject({ status: 400, errorCode: '400.002.02', message: 'Bad Request - Invalid Amount' });
    const wrongSecret = darajaClient({
      ...FAKE_DARAJA,
      consumerSecret: 'wrong',
      baseUrl: fake.url,
      callbackUrl: 'https://x.example/cb',
    });
    await expect(wrongSecret.accessToken()).rejects.toMatchObject({ status: 400, errorCode: '400.008.01' });
  });

  it('refuses a number that is not a Safaricom mobile and an amount that is not whole shillings, sending nothing', async () => {
    const client = clientOf();
    const count = fake.requests.length;
    await expect(
      client.stkPush({ amount: 5, phone: '254812345678', accountReference: 'TK-D', description: 'x' }),
    ).rejects.toThrow(/Safaricom number/);
    await expect(
      client.stkPush({ amount: 5.5, phone: '254712345678', accountReference: 'TK-D', description: 'x' }),
    ).rejects.toThrow(/whole shillings/);
    expect(fake.requests.length).toBe(count);
  });
});
