import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { accounts } from '../schema/index.js';
import { nextIp } from '../../test-support/mailbox.js';
import { totpCode } from '../../test-support/payouts.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { DEMO_OPERATOR, seedDemoPayouts } from './demo-payouts.js';

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
