import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditEntries, payoutMethods, payouts } from '../../db/schema/index.js';
import { runDueJobs } from '../../jobs/worker.js';
import { createCategory, createEvent, createOrganiser } from '../../test-support/fixtures.js';
import { guest } from '../../test-support/checkout.js';
import { mailTo, nextIp } from '../../test-support/mailbox.js';
import { createOperator, fundOrganisation, withTwoFactor } from '../../test-support/payouts.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { organisationBalances } from '../ledger/index.js';
import { payoutsJobs } from './index.js';

/**
 * Payouts (docs/product.md#payouts): the payout method (owner only, password again, 48-hour hold,
 * every owner mailed), requests against the available balance, the operator's approval and
 * rejection, M-Pesa B2C through the built-in simulator (paid, failed with the money returned, a
 * duplicated result changing nothing), bank batches, auto-approval, suspension.
 */
let t: TestApp;
type Org = Awaited<ReturnType<typeof createOrganiser>>;
let owner: Org;
let coOwner: Org;
let admin: Org;
let operator: Awaited<ReturnType<typeof createOperator>>;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  owner = await createOrganiser(db);
  coOwner = await createOrganiser(db, { organisationId: owner.organisationId });
  admin = await createOrganiser(db, { organisationId: owner.organisationId, role: 'admin' });
  await withTwoFactor(t, owner.accountId);
  await withTwoFactor(t, admin.accountId);
  operator = await createOperator(t);
});
afterAll(() => t.close());

const ctx = () => ({ config: t.config, db: t.database.db });
const call = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  token: string | undefined,
  payload?: object,
  ip = nextIp(),
) => t.app.inject({ method, url, payload, remoteAddress: ip, headers: token ? { auth: token } : {} });

const available = async (organisationId: number, currency = 'KES') =>
  (await organisationBalances(t.database.db, organisationId, t.config.payoutDelayDays)).find(
    (b) => b.currency === currency,
  )?.availableMinor ?? 0;

/** Ends the 48-hour hold of an organisation's method, as if two days had passed. */
const endHold = (organisationId: number) =>
  t.database.db
    .update(payoutMethods)
    .set({ heldUntil: new Date(Date.now() - 1000) })
    .where(eq(payoutMethods.organisationId, organisationId));

/** Runs the payout jobs until none is due, and lets the simulator's callbacks land. */
async function settleJobs() {
  for (let i = 0; i < 5; i++) {
    await runDueJobs(ctx(), payoutsJobs);
    await new Promise((r) => setImmediate(r));
  }
}

const payoutRow = async (id: number) => (await t.database.db.select().from(payouts).where(eq(payouts.id, id)))[0]!;

describe('the payout method', () => {
  it('is refused to a teammate, to an owner without two-factor sign-in, and with a wrong password', async () => {
    const body = { type: 'mpesa_b2c', msisdn: '0712 345 678', password: admin.password };
    const teammate = await call('PUT', '/v1/client/payout-method', admin.token, body);
    expect(teammate.statusCode).toBe(403);
    expect(teammate.json().data.code).toBe('forbidden.owner_only');

    const noFactor = await call('PUT', '/v1/client/payout-method', coOwner.token, {
      ...body,
      password: coOwner.password,
    });
    expect(noFactor.statusCode).toBe(403);
    expect(noFactor.json().data.code).toBe('auth.totp_required');

    const wrong = await call('PUT', '/v1/client/payout-method', owner.token, { ...body, password: 'not the password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().data.code).toBe('auth.password_rejected');
    expect(
      await t.database.db.select().from(payoutMethods).where(eq(payoutMethods.organisationId, owner.organisationId)),
    ).toEqual([]);
  });

  it('checks the number is a Safaricom number', async () => {
    const res = await call('PUT', '/v1/client/payout-method', owner.token, {
      type: 'mpesa_b2c',
      msisdn: '0812 345 678',
      password: owner.password,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.errors[0].path).toBe('msisdn');
  });

  it('is set by the owner with the password, masked when shown, held 48 hours, and mailed to every owner', async () => {
    const before = Date.now();
    const res = await call('PUT', '/v1/client/payout-method', owner.token, {
      type: 'mpesa_b2c',
      msisdn: '0712 345 678',
      password: owner.password,
    });
    expect(res.statusCode).toBe(200);
    const state = res.json().data;
    expect(state.method).toMatchObject({ type: 'mpesa_b2c', msisdn: '•••• 678', label: 'M-Pesa •••• 678' });
    const held = new Date(state.held_until).getTime() - before;
    expect(held).toBeGreaterThanOrEqual(48 * 3_600_000 - 1000);
    expect(held).toBeLessThan(48 * 3_600_000 + 60_000);
    // Both owners are told, the teammate is not.
    for (const o of [owner, coOwner]) {
      const [mail] = await mailTo(t, o.email);
      expect(mail?.subject).toMatch(/payout method .* was changed/);
      expect(mail?.text).toContain('M-Pesa •••• 678');
    }
    expect((await mailTo(t, admin.email)).some((m) => /payout method/.test(m.subject))).toBe(false);
    // The admin reads it too; the full number is kept for Daraja only.
    const read = await call('GET', '/v1/client/payout-method', admin.token);
    expect(read.json().data.method.msisdn).toBe('•••• 678');
    const [row] = await t.database.db
      .select()
      .from(payoutMethods)
      .where(eq(payoutMethods.organisationId, owner.organisationId));
    expect(row!.msisdn).toBe('254712345678');
    const audit = await t.database.db.select().from(auditEntries).where(eq(auditEntries.action, 'payout.method_set'));
    expect(audit).toHaveLength(1);
  });

  it('blocks payouts while held', async () => {
    await fundOrganisation(t, owner.organisationId, 'KES', 5_000_00);
    const res = await call('POST', '/v1/client/payouts', owner.token, { currency: 'KES', amount: 1000 });
    expect(res.statusCode).toBe(409);
    expect(res.json().data.code).toBe('payout.method_held');
  });
});

describe('a payout request', () => {
  beforeAll(() => endHold(owner.organisationId));

  it('is refused to a teammate, under the minimum, above the available balance, and to M-Pesa in dollars', async () => {
    const teammate = await call('POST', '/v1/client/payouts', admin.token, { currency: 'KES', amount: 1000 });
    expect(teammate.statusCode).toBe(403);
    expect(teammate.json().data.code).toBe('forbidden.owner_only');
    const small = await call('POST', '/v1/client/payouts', owner.token, { currency: 'KES', amount: 99 });
    expect(small.json().data.code).toBe('payout.below_minimum');
    const large = await call('POST', '/v1/client/payouts', owner.token, { currency: 'KES', amount: 5001 });
    expect(large.statusCode).toBe(409);
    expect(large.json().data.code).toBe('payout.exceeds_available');
    const dollars = await call('POST', '/v1/client/payouts', owner.token, { currency: 'USD', amount: 20 });
    expect(dollars.json().data.code).toBe('payout.mpesa_kes_only');
    expect(await available(owner.organisationId)).toBe(5_000_00);
  });

  it('debits the balance at once; the operator approves; the simulator pays the phone once', async () => {
    const res = await call('POST', '/v1/client/payouts', owner.token, { currency: 'KES', amount: 2333 });
    expect(res.statusCode).toBe(201);
    const payout = res.json().data;
    expect(payout).toMatchObject({ status: 'requested', amount: 2333, destination: 'M-Pesa •••• 678' });
    expect(await available(owner.organisationId)).toBe(5_000_00 - 2333_00);

    const queue = await call('GET', '/v1/operator/payouts?status=requested', operator.token);
    expect(queue.json().data.data.map((p: { id: number }) => p.id)).toContain(payout.id);
    const approved = await call('POST', `/v1/operator/payouts/${payout.id}/approve`, operator.token);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data.status).toBe('approved');
    const again = await call('POST', `/v1/operator/payouts/${payout.id}/approve`, operator.token);
    expect(again.json().data.code).toBe('payout.wrong_state');

    await settleJobs();
    await expect.poll(async () => (await payoutRow(payout.id)).status).toBe('paid');
    const paid = await payoutRow(payout.id);
    expect(paid.receipt).toMatch(/^[A-Z0-9]{10}$/);
    // The development pages answer local callers only.
    const received = (await t.app.inject({ method: 'GET', url: '/dev/mpesa/received.json' })).json().data;
    expect(received.filter((r: { receiver: string }) => r.receiver === '254712345678')).toHaveLength(1);
    expect(received[0]).toMatchObject({ kind: 'b2c', amount: 2333, transaction_id: paid.receipt });
    const page = await t.app.inject({ method: 'GET', url: '/dev/mpesa?screen=received' });
    expect(page.body).toContain(`${paid.receipt} Confirmed. You have received`);
    // The ledger: still debited once; the owner's list says paid.
    expect(await available(owner.organisationId)).toBe(5_000_00 - 2333_00);
    const mine = (await call('GET', '/v1/client/payouts', admin.token)).json().data.data[0];
    expect(mine).toMatchObject({ id: payout.id, status: 'paid', receipt: paid.receipt });
  });

  it('a duplicated or late result changes nothing', async () => {
    const [paid] = await t.database.db.select().from(payouts).where(eq(payouts.status, 'paid'));
    const before = await available(owner.organisationId);
    const result = (code: number) => ({
      Result: {
        ResultType: 0,
        ResultCode: code,
        ResultDesc: code === 0 ? 'The service request is processed successfully.' : 'Failed',
        OriginatorConversationID: paid!.originatorConversationId,
        ConversationID: paid!.conversationId,
        TransactionID: 'ZZZ9999999',
      },
    });
    for (const code of [0, 2001]) {
      const res = await call('POST', '/v1/payments/mpesa/b2c/result', undefined, result(code));
      expect(res.statusCode).toBe(200);
    }
    const after = await payoutRow(paid!.id);
    expect(after.status).toBe('paid');
    expect(after.receipt).toBe(paid!.receipt);
    expect(await available(owner.organisationId)).toBe(before);
  });

  it('a failed B2C payment returns the money to the balance', async () => {
    await call('PUT', '/v1/client/payout-method', owner.token, {
      type: 'mpesa_b2c',
      msisdn: '0700 000 000',
      password: owner.password,
    });
    await endHold(owner.organisationId);
    const before = await available(owner.organisationId);
    const res = await call('POST', '/v1/client/payouts', owner.token, { currency: 'KES', amount: 500 });
    const id = res.json().data.id as number;
    expect(await available(owner.organisationId)).toBe(before - 500_00);
    await call('POST', `/v1/operator/payouts/${id}/approve`, operator.token);
    await settleJobs();
    await expect.poll(async () => (await payoutRow(id)).status).toBe('failed');
    expect(await available(owner.organisationId)).toBe(before);
    expect((await payoutRow(id)).reason).toMatch(/can't be supported/);
  });

  it('a rejected payout returns the money, with the reason mailed to the owners', async () => {
    const before = await available(owner.organisationId);
    const id = (await call('POST', '/v1/client/payouts', owner.token, { currency: 'KES', amount: 100 })).json().data.id;
    const rejected = await call('POST', `/v1/operator/payouts/${id}/reject`, operator.token, {
      reason: 'Check the number',
    });
    expect(rejected.json().data).toMatchObject({ status: 'rejected', reason: 'Check the number' });
    expect(await available(owner.organisationId)).toBe(before);
    const [mail] = await mailTo(t, owner.email);
    expect(mail?.text).toContain('Check the number');
  });
});

describe('bank payouts', () => {
  let bankOwner: Org;
  beforeAll(async () => {
    bankOwner = await createOrganiser(t.database.db);
    await withTwoFactor(t, bankOwner.accountId);
    await call('PUT', '/v1/client/payout-method', bankOwner.token, {
      type: 'bank',
      bank: 'KCB',
      branch: 'Moi Avenue',
      account_name: 'Bank Org Ltd',
      account_number: '1234567890',
      password: bankOwner.password,
    });
    await endHold(bankOwner.organisationId);
    await fundOrganisation(t, bankOwner.organisationId, 'USD', 100_00);
  });

  it('are gathered into a batch CSV, then marked paid or failed (the money returned)', async () => {
    const ids: number[] = [];
    for (const amount of [19.99, 33.33]) {
      const res = await call('POST', '/v1/client/payouts', bankOwner.token, { currency: 'USD', amount });
      expect(res.statusCode).toBe(201);
      ids.push(res.json().data.id);
      await call('POST', `/v1/operator/payouts/${res.json().data.id}/approve`, operator.token);
    }
    expect(await available(bankOwner.organisationId, 'USD')).toBe(100_00 - 19_99 - 33_33);
    const batch = await call('POST', '/v1/operator/payout-batches', operator.token, { currency: 'USD' });
    expect(batch.statusCode).toBe(201);
    expect(batch.json().data).toMatchObject({ count: 2, total: 53.32, status: 'open' });
    const empty = await call('POST', '/v1/operator/payout-batches', operator.token, { currency: 'USD' });
    expect(empty.json().data.code).toBe('payout.batch_empty');
    const csv = await call('GET', `/v1/operator/payout-batches/${batch.json().data.id}.csv`, operator.token);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('1234567890');
    expect(csv.body).toContain('19.99');
    expect(csv.body).toContain('33.33');

    const paid = await call('POST', `/v1/operator/payouts/${ids[0]}/settle`, operator.token, {
      outcome: 'paid',
      reference: 'FT123',
    });
    expect(paid.json().data).toMatchObject({ status: 'paid', receipt: 'FT123' });
    const failed = await call('POST', `/v1/operator/payouts/${ids[1]}/settle`, operator.token, {
      outcome: 'failed',
      reason: 'Account closed',
    });
    expect(failed.json().data.status).toBe('failed');
    expect(await available(bankOwner.organisationId, 'USD')).toBe(100_00 - 19_99);
    const twice = await call('POST', `/v1/operator/payouts/${ids[1]}/settle`, operator.token, { outcome: 'paid' });
    expect(twice.json().data.code).toBe('payout.wrong_state');
    const batches = (await call('GET', '/v1/operator/payout-batches', operator.token)).json().data.data;
    expect(batches[0]).toMatchObject({ paid: 1, failed: 1, status: 'settled' });
  });

  it('of a verified organisation under the threshold are approved without the operator', async () => {
    await call('PUT', '/v1/operator/settings', operator.token, { auto_approve_below: { KES: null, USD: 20 } });
    const unverified = await call('POST', '/v1/client/payouts', bankOwner.token, { currency: 'USD', amount: 10 });
    expect(unverified.json().data.status).toBe('requested');
    await call('POST', `/v1/operator/organisations/${bankOwner.organisationId}/verify`, operator.token);
    const small = await call('POST', '/v1/client/payouts', bankOwner.token, { currency: 'USD', amount: 10 });
    expect(small.json().data.status).toBe('approved');
    const large = await call('POST', '/v1/client/payouts', bankOwner.token, { currency: 'USD', amount: 20 });
    expect(large.json().data.status).toBe('requested');
  });
});

describe('a suspended organisation', () => {
  it('stops selling (its events leave the catalogue and cannot be booked); its money stays', async () => {
    const org = await createOrganiser(t.database.db);
    const categoryId = (await createCategory(t.database.db)).id;
    const { event, tickets } = await createEvent(t.database.db, { organisationId: org.organisationId, categoryId });
    await fundOrganisation(t, org.organisationId, 'KES', 1000_00);
    expect((await call('GET', `/v1/event/details/${event.id}`, undefined)).statusCode).toBe(200);
    const suspended = await call('POST', `/v1/operator/organisations/${org.organisationId}/suspend`, operator.token, {
      reason: 'Complaints',
    });
    expect(suspended.json().data).toMatchObject({ suspension_reason: 'Complaints' });
    expect((await call('GET', `/v1/event/details/${event.id}`, undefined)).statusCode).toBe(404);
    const list = (await call('GET', '/v1/event/view', undefined)).json().data;
    expect(JSON.stringify(list)).not.toContain(`"id":${event.id},`);
    const book = await call('POST', '/v1/event/book', undefined, {
      event_id: event.id,
      tickets: [{ id: tickets[0]!.id, qty: 1 }],
      payment_method: 'card',
      details: guest(),
    });
    expect(book.statusCode).toBe(404);
    expect(await available(org.organisationId)).toBe(1000_00);
    await call('POST', `/v1/operator/organisations/${org.organisationId}/unsuspend`, operator.token);
    expect((await call('GET', `/v1/event/details/${event.id}`, undefined)).statusCode).toBe(200);
  });
});
