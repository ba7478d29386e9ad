import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBuyer, createOrganiser } from '../../test-support/fixtures.js';
import { nextIp } from '../../test-support/mailbox.js';
import { createOperator, withTwoFactor } from '../../test-support/payouts.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';

/**
 * The authorisation matrix of issue 26's payout and operator calls (docs/api.md#payouts,
 * docs/api.md#the-operator): an operator with two-factor sign-in, one without, the owner (with it),
 * an admin and a door-only teammate of that organisation, the owner of another organisation, a
 * buyer and nobody. Operator calls are the operator's only; payout calls are the owner's (the
 * method and requests) or the organisation's (reads).
 */
let t: TestApp;
const tokens = {} as Record<Who, string | undefined>;
let organisationId: number;

type Who = 'operator' | 'operatorNo2fa' | 'owner' | 'admin' | 'door' | 'intruder' | 'buyer' | 'nobody';

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const owner = await createOrganiser(db);
  organisationId = owner.organisationId;
  await withTwoFactor(t, owner.accountId);
  const admin = await createOrganiser(db, { organisationId, role: 'admin' });
  await withTwoFactor(t, admin.accountId);
  const door = await createOrganiser(db, { organisationId, role: 'checkin' });
  const intruder = await createOrganiser(db);
  tokens.operator = (await createOperator(t)).token;
  tokens.operatorNo2fa = (await createOperator(t, { twoFactor: false })).token;
  tokens.owner = owner.token;
  tokens.admin = admin.token;
  tokens.door = door.token;
  tokens.intruder = intruder.token;
  tokens.buyer = (await createBuyer(db)).token;
  tokens.nobody = undefined;
});
afterAll(() => t.close());

/** An operator call: the operator alone; without two-factor sign-in 403; organisers and buyers 406. */
const operatorOnly = (ok: number) => ({
  operator: ok,
  operatorNo2fa: 403,
  owner: 406,
  admin: 406,
  door: 406,
  intruder: 406,
  buyer: 406,
  nobody: 401,
});

const calls: { name: string; request: () => InjectOptions; expect: Record<Who, number> }[] = [
  {
    name: 'GET v1/operator/organisations',
    request: () => ({ method: 'GET', url: '/v1/operator/organisations' }),
    expect: operatorOnly(200),
  },
  {
    name: 'GET v1/operator/organisations/{id}',
    request: () => ({ method: 'GET', url: `/v1/operator/organisations/${organisationId}` }),
    expect: operatorOnly(200),
  },
  {
    name: 'POST v1/operator/organisations/{id}/verify',
    request: () => ({ method: 'POST', url: `/v1/operator/organisations/${organisationId}/verify` }),
    expect: operatorOnly(200),
  },
  {
    name: 'POST v1/operator/organisations/{id}/unverify',
    request: () => ({ method: 'POST', url: `/v1/operator/organisations/${organisationId}/unverify` }),
    expect: operatorOnly(200),
  },
  {
    name: 'POST v1/operator/organisations/{id}/suspend',
    request: () => ({
      method: 'POST',
      url: `/v1/operator/organisations/${organisationId}/suspend`,
      payload: { reason: 'Test' },
    }),
    expect: operatorOnly(200),
  },
  {
    name: 'POST v1/operator/organisations/{id}/unsuspend',
    request: () => ({ method: 'POST', url: `/v1/operator/organisations/${organisationId}/unsuspend` }),
    expect: operatorOnly(200),
  },
  {
    name: 'PUT v1/operator/organisations/{id}/fees',
    request: () => ({
      method: 'PUT',
      url: `/v1/operator/organisations/${organisationId}/fees`,
      payload: { percent: null, fixed: { KES: null, USD: null } },
    }),
    expect: operatorOnly(200),
  },
  {
    name: 'GET v1/operator/organisations/{missing}',
    request: () => ({ method: 'GET', url: '/v1/operator/organisations/999999' }),
    expect: operatorOnly(404),
  },
  {
    name: 'GET v1/operator/payouts',
    request: () => ({ method: 'GET', url: '/v1/operator/payouts' }),
    expect: operatorOnly(200),
  },
  {
    name: 'POST v1/operator/payouts/{missing}/approve',
    request: () => ({ method: 'POST', url: '/v1/operator/payouts/999999/approve' }),
    expect: operatorOnly(404),
  },
  {
    name: 'POST v1/operator/payouts/{missing}/reject',
    request: () => ({ method: 'POST', url: '/v1/operator/payouts/999999/reject', payload: { reason: 'No' } }),
    expect: operatorOnly(404),
  },
  {
    name: 'POST v1/operator/payouts/{missing}/settle',
    request: () => ({ method: 'POST', url: '/v1/operator/payouts/999999/settle', payload: { outcome: 'paid' } }),
    expect: operatorOnly(404),
  },
  {
    name: 'GET v1/operator/payout-batches',
    request: () => ({ method: 'GET', url: '/v1/operator/payout-batches' }),
    expect: operatorOnly(200),
  },
  {
    name: 'POST v1/operator/payout-batches (nothing to export)',
    request: () => ({ method: 'POST', url: '/v1/operator/payout-batches', payload: { currency: 'KES' } }),
    expect: operatorOnly(409),
  },
  {
    name: 'GET v1/operator/payout-batches/{missing}.csv',
    request: () => ({ method: 'GET', url: '/v1/operator/payout-batches/999999.csv' }),
    expect: operatorOnly(404),
  },
  {
    name: 'GET v1/operator/settings',
    request: () => ({ method: 'GET', url: '/v1/operator/settings' }),
    expect: operatorOnly(200),
  },
  {
    name: 'PUT v1/operator/settings',
    request: () => ({
      method: 'PUT',
      url: '/v1/operator/settings',
      payload: { auto_approve_below: { KES: null, USD: null } },
    }),
    expect: operatorOnly(200),
  },
  {
    name: 'POST v1/operator/adjustments',
    request: () => ({
      method: 'POST',
      url: '/v1/operator/adjustments',
      payload: { organisation_id: organisationId, currency: 'KES', amount: 1, reason: 'Test' },
    }),
    expect: operatorOnly(201),
  },
  {
    name: 'GET v1/operator/figures',
    request: () => ({ method: 'GET', url: '/v1/operator/figures' }),
    expect: operatorOnly(200),
  },
  {
    name: 'GET v1/operator/audit',
    request: () => ({ method: 'GET', url: '/v1/operator/audit' }),
    expect: operatorOnly(200),
  },
  {
    name: 'GET v1/client/payout-method',
    request: () => ({ method: 'GET', url: '/v1/client/payout-method' }),
    expect: {
      operator: 406,
      operatorNo2fa: 406,
      owner: 200,
      admin: 200,
      door: 403,
      intruder: 200,
      buyer: 406,
      nobody: 401,
    },
  },
  {
    name: 'PUT v1/client/payout-method (a wrong password)',
    request: () => ({
      method: 'PUT',
      url: '/v1/client/payout-method',
      payload: { type: 'mpesa_b2c', msisdn: '0712345678', password: 'not it' },
    }),
    // Reaching the password check (400) is the owner's alone; the other organisation's owner has no two-factor sign-in.
    expect: {
      operator: 406,
      operatorNo2fa: 406,
      owner: 400,
      admin: 403,
      door: 403,
      intruder: 403,
      buyer: 406,
      nobody: 401,
    },
  },
  {
    name: 'GET v1/client/payouts',
    request: () => ({ method: 'GET', url: '/v1/client/payouts' }),
    expect: {
      operator: 406,
      operatorNo2fa: 406,
      owner: 200,
      admin: 200,
      door: 403,
      intruder: 200,
      buyer: 406,
      nobody: 401,
    },
  },
  {
    name: 'POST v1/client/payouts (no method yet)',
    request: () => ({ method: 'POST', url: '/v1/client/payouts', payload: { currency: 'KES', amount: 1000 } }),
    expect: {
      operator: 406,
      operatorNo2fa: 406,
      owner: 409,
      admin: 403,
      door: 403,
      intruder: 403,
      buyer: 406,
      nobody: 401,
    },
  },
];

describe('who may call the payout and operator calls', () => {
  for (const c of calls) {
    it(c.name, async () => {
      const got = {} as Record<Who, number>;
      for (const who of Object.keys(c.expect) as Who[]) {
        const token = tokens[who];
        const res = await t.app.inject({
          ...c.request(),
          remoteAddress: nextIp(),
          headers: token ? { auth: token } : {},
        });
        got[who] = res.statusCode;
      }
      expect(got).toEqual(c.expect);
    });
  }
});
