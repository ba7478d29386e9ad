import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { payoutMethods, payouts } from '../../db/schema/index.js';
import { createOrganiser } from '../../test-support/fixtures.js';
import { nextIp } from '../../test-support/mailbox.js';
import { fundOrganisation, withTwoFactor } from '../../test-support/payouts.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { organisationBalances } from '../ledger/index.js';

/**
 * Payout requests race on real PostgreSQL (docs/decisions/0031-payout-safeguards.md): the
 * available balance is read under the organisation account's row lock and debited in the same
 * transaction, so requests sent at once never pay out more than there is.
 */
let t: TestApp;
let owner: Awaited<ReturnType<typeof createOrganiser>>;

beforeAll(async () => {
  t = await createTestApp({ DATABASE_POOL_SIZE: '10' });
  owner = await createOrganiser(t.database.db);
  await withTwoFactor(t, owner.accountId);
  const set = await t.app.inject({
    method: 'PUT',
    url: '/v1/client/payout-method',
    headers: { auth: owner.token },
    remoteAddress: nextIp(),
    payload: { type: 'mpesa_b2c', msisdn: '0712345678', password: owner.password },
  });
  expect(set.statusCode).toBe(200);
  await t.database.db
    .update(payoutMethods)
    .set({ heldUntil: new Date(Date.now() - 1000) })
    .where(eq(payoutMethods.organisationId, owner.organisationId));
}, 60_000);
afterAll(() => t.close());

const request = (amount: number) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/client/payouts',
    headers: { auth: owner.token },
    remoteAddress: nextIp(),
    payload: { currency: 'KES', amount },
  });

describe('payout requests at once', () => {
  it('the same payout requested twice at once makes one payout', async () => {
    await fundOrganisation(t, owner.organisationId, 'KES', 1000_00);
    const answers = await Promise.all([request(600), request(600)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().data.code).toBe('payout.exceeds_available');
    const rows = await t.database.db.select().from(payouts).where(eq(payouts.organisationId, owner.organisationId));
    expect(rows).toHaveLength(1);
    const [kes] = await organisationBalances(t.database.db, owner.organisationId, t.config.payoutDelayDays);
    expect(kes!.availableMinor).toBe(400_00);
  });

  it('twenty requests at once never pay out more than is available', async () => {
    await fundOrganisation(t, owner.organisationId, 'KES', 2333_00 - 400_00);
    // 2,333 available: 20 requests of 333 fit 7 times (2,331), leaving 2.
    const answers = await Promise.all(Array.from({ length: 20 }, () => request(333)));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(7);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(13);
    const [kes] = await organisationBalances(t.database.db, owner.organisationId, t.config.payoutDelayDays);
    expect(kes!.availableMinor).toBe(2_00);
  });
});
