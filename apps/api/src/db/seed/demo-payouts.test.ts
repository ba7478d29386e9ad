import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { accounts } from '../schema/index.js';
import { nextIp } from '../../test-support/mailbox.js';
import { totpCode } from '../../test-support/payouts.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { DEMO_OPERATOR, seedDemoPayouts } from './demo-payouts.js';
import { DEMO_ORGANISER_EMAIL, DEMO_ORGANISER_PASSWORD, seedDemoData } from './seed.js';
import { issueBookingsETickets } from '../../features/etickets/index.js';

/** The demo operator (README, "Demo data"): signs in with the published password and secret; never in production. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the demo operator', () => {
  it('is not made in production', async () => {
    await seedDemoPayouts({ config: { ...t.config, isProduction: true }, db: t.database.db });
    expect(await t.database.db.select().from(accounts).where(eq(accounts.email, DEMO_OPERATOR.email))).toEqual([]);
  });

  it('signs in with the published password and authenticator secret', async () => {
    await seedDemoPayouts({ config: t.config, db: t.database.db });
    const ip = nextIp();
    const first = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      remoteAddress: ip,
      payload: { username: DEMO_OPERATOR.email, password: DEMO_OPERATOR.password },
    });
    const second = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/login/totp',
      remoteAddress: ip,
      payload: { pending_token: first.json().data.pending_token, code: totpCode(DEMO_OPERATOR.totpSecret) },
    });
    expect(second.statusCode).toBe(200);
    expect(second.json().data.account_type).toBe('operator');
  });
});

describe("the demo organiser's money", () => {
  it('has past payouts, paid out of its balance (in dollars, its sales being in dollars)', async () => {
    await seedDemoData(t.database.db, new Date(), (tx, ids) =>
      issueBookingsETickets({ config: t.config, db: t.database.db }, tx, ids),
    );
    await seedDemoPayouts({ config: t.config, db: t.database.db });
    const login = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      remoteAddress: nextIp(),
      payload: { username: DEMO_ORGANISER_EMAIL, password: DEMO_ORGANISER_PASSWORD },
    });
    const auth = login.headers.auth as string;
    const list = (await t.app.inject({ method: 'GET', url: '/v1/client/payouts', headers: { auth } })).json().data;
    expect(list.total).toBe(2);
    expect(list.data.map((p: { status: string }) => p.status)).toEqual(['paid', 'paid']);
    const balance = (await t.app.inject({ method: 'GET', url: '/v1/client/balance', headers: { auth } })).json().data;
    const paidOut = list.data.reduce((sum: number, p: { amount: number }) => sum + p.amount, 0);
    expect(balance.find((b: { currency: string }) => b.currency === list.data[0].currency).paid_out).toBeCloseTo(
      paidOut,
      2,
    );
  });
});
