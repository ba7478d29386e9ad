import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.js';
import { payoutMethods, payouts } from '../../db/schema/index.js';
import { startApiProcess, type ApiProcess } from '../../test-support/api-process.js';
import { startFakeDaraja, type FakeDaraja } from '../../test-support/fake-daraja.js';
import { createOrganiser } from '../../test-support/fixtures.js';
import { nextIp } from '../../test-support/mailbox.js';
import { createOperator, fundOrganisation, withTwoFactor } from '../../test-support/payouts.js';
import { freePort } from '../../test-support/postgres-server.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { organisationBalances } from '../ledger/index.js';

/**
 * A B2C payout survives SIGKILL (docs/decisions/0031-payout-safeguards.md): the API is killed while
 * Daraja holds its answer to the payout request (the phone has the money, the API never heard).
 * After a restart the payout is found `sending` without Daraja's answer: the transaction status
 * query decides, it is marked paid, and the phone received the money once (one request, never
 * sent again).
 */
let t: TestApp;
let fake: FakeDaraja;
let api: ApiProcess | undefined;
let env: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  fake = await startFakeDaraja();
  const [row] = await queryRows<{ db: string; port: number }>(
    t.database.db,
    sql`SELECT current_database() AS db, current_setting('port')::int AS port`,
  );
  const port = await freePort();
  env = {
    DATABASE_URL: `postgres://postgres@127.0.0.1:${row!.port}/${row!.db}`,
    PORT: String(port),
    ...fake.env(`http://127.0.0.1:${port}/v1/payments/mpesa/callback`),
    ...fake.payoutEnv(),
  };
}, 60_000);
afterAll(async () => {
  await api?.stop();
  await fake?.close();
  await t?.close();
});

describe('the API killed with SIGKILL during a B2C payout', () => {
  it('after a restart the status query decides: paid, and the phone received the money once', async () => {
    const owner = await createOrganiser(t.database.db);
    await withTwoFactor(t, owner.accountId);
    const operator = await createOperator(t);
    const call = (method: 'POST' | 'PUT', url: string, token: string, payload?: object) =>
      t.app.inject({ method, url, payload, headers: { auth: token }, remoteAddress: nextIp() });
    await call('PUT', '/v1/client/payout-method', owner.token, {
      type: 'mpesa_b2c',
      msisdn: '0722 000 111',
      password: owner.password,
    });
    await t.database.db
      .update(payoutMethods)
      .set({ heldUntil: new Date(Date.now() - 1000) })
      .where(eq(payoutMethods.organisationId, owner.organisationId));
    await fundOrganisation(t, owner.organisationId, 'KES', 3000_00);
    const requested = await call('POST', '/v1/client/payouts', owner.token, { currency: 'KES', amount: 2333 });
    expect(requested.statusCode).toBe(201);
    const id = requested.json().data.id as number;

    fake.holdPayoutAnswers(true);
    const received = fake.nextPayout();
    api = await startApiProcess(env, 120_000);
    expect((await call('POST', `/v1/operator/payouts/${id}/approve`, operator.token)).statusCode).toBe(200);
    // The worker sends the request; Daraja pays the phone and holds its answer; the API dies.
    const transfer = await received;
    api.child.kill('SIGKILL');
    await new Promise((r) =>
      api!.child.exitCode !== null || api!.child.signalCode !== null ? r(null) : api!.child.once('exit', r),
    );
    const cut = (await t.database.db.select().from(payouts).where(eq(payouts.id, id)))[0]!;
    expect(cut).toMatchObject({ status: 'sending', conversationId: null });
    expect(cut.originatorConversationId).toBe(transfer.originatorId);

    fake.holdPayoutAnswers(false);
    api = await startApiProcess(env, 120_000);
    // The claimed job's lease runs out (a minute), or the status query queued with the claim comes.
    await expect
      .poll(async () => (await t.database.db.select().from(payouts).where(eq(payouts.id, id)))[0]!.status, {
        timeout: 150_000,
        interval: 1000,
      })
      .toBe('paid');
    const paid = (await t.database.db.select().from(payouts).where(eq(payouts.id, id)))[0]!;
    expect(paid.receipt).toBe(transfer.transactionId);
    expect(fake.transfers.filter((x) => x.receiver === '254722000111')).toHaveLength(1);
    expect(fake.requests.filter((r) => r.path === '/mpesa/b2c/v3/paymentrequest')).toHaveLength(1);
    expect(fake.requests.filter((r) => r.path === '/mpesa/transactionstatus/v1/query').length).toBeGreaterThan(0);
    const [kes] = await organisationBalances(t.database.db, owner.organisationId, t.config.payoutDelayDays);
    expect(kes!.availableMinor).toBe(3000_00 - 2333_00);
  }, 480_000);
});
