import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { BOOKING_STATUS } from '@tikiti/contract';
import { queryRows } from '../../db/client.js';
import { createCategory, createEvent, createOrganiser } from '../../test-support/fixtures.js';
import { book, payWithCard, retrieve } from '../../test-support/checkout.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { runDueJobs } from '../../jobs/worker.js';
import { jobHandlers } from '../../background.js';
import { REFUND_JOB } from '../checkout/index.js';
import { CANCEL_EVENT_JOB } from '../orders/index.js';
import { clearingAccount, lockOrganisationBalance, organiserAccount, postTransaction } from './index.js';

/**
 * The ledger's proofs on PostgreSQL (docs/decisions/0030-ledger.md): random sequences of
 * bookings paid, refunds, cancellations, payouts and failed payouts, through the real calls
 * (payouts through the posting functions the payouts feature calls). After each sequence:
 * every transaction balances; the organisation's balance is its sales less fees, refunds and
 * payouts; the providers' clearing accounts hold what the providers were told; no entry that
 * existed before changed.
 */
let t: TestApp;
let categoryId: number;

beforeAll(async () => {
  t = await createTestApp({ BOOKINGS_PER_ADDRESS: '0' });
  categoryId = (await createCategory(t.database.db)).id;
});
afterAll(() => t.close());

const db = () => t.database.db;
const jobs = jobHandlers.filter((h) => h.kind === REFUND_JOB || h.kind === CANCEL_EVENT_JOB);

type Op =
  | { op: 'buy'; event: number; type: number; qty: number }
  | { op: 'refund'; pick: number }
  | { op: 'cancel'; event: number }
  | { op: 'payout'; currency: 'USD' | 'KES'; percent: number }
  | { op: 'payoutFails'; pick: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    arbitrary: fc.record({
      op: fc.constant('buy' as const),
      event: fc.nat(1),
      type: fc.nat(2),
      qty: fc.integer({ min: 1, max: 3 }),
    }),
    weight: 4,
  },
  { arbitrary: fc.record({ op: fc.constant('refund' as const), pick: fc.nat(20) }), weight: 2 },
  { arbitrary: fc.record({ op: fc.constant('cancel' as const), event: fc.nat(1) }), weight: 1 },
  {
    arbitrary: fc.record({
      op: fc.constant('payout' as const),
      currency: fc.constantFrom('USD' as const, 'KES' as const),
      percent: fc.integer({ min: 1, max: 100 }),
    }),
    weight: 2,
  },
  { arbitrary: fc.record({ op: fc.constant('payoutFails' as const), pick: fc.nat(20) }), weight: 1 },
);

async function entriesSnapshot() {
  return queryRows<{ id: number; transaction_id: number; account_id: number; amount_minor: number; currency: string }>(
    db(),
    sql`SELECT id, transaction_id, account_id, amount_minor, currency FROM ledger_entries ORDER BY id`,
  );
}

let payoutCount = 0;

async function runSequence(ops: Op[]) {
  const before = await entriesSnapshot();
  const org = await createOrganiser(db(), { confirmed: true });
  const made = [
    await createEvent(db(), {
      organisationId: org.organisationId,
      categoryId,
      serviceFee: 'pass',
      tickets: [
        { name: 'Regular', price: 19.99, max: 500 },
        { name: 'VIP', price: 33.33, max: 500 },
        { name: 'Free', price: 0, max: 500 },
      ],
    }),
    await createEvent(db(), {
      organisationId: org.organisationId,
      categoryId,
      currency: 'KES',
      tickets: [
        { name: 'Regular', price: 2333, max: 500 },
        { name: 'Group', price: 1000, persons: 4, max: 500 },
        { name: 'Free', price: 0, max: 500 },
      ],
    }),
  ];
  const cancelled = new Set<number>();
  const settled: number[] = [];
  const payouts: { id: number; currency: 'USD' | 'KES'; amount: number; returned: boolean }[] = [];
  const auth = { auth: org.token };

  for (const o of ops) {
    if (o.op === 'buy' && !cancelled.has(o.event)) {
      const { event, tickets } = made[o.event]!;
      const res = await book(t.app, { event_id: event.id, tickets: [{ id: tickets[o.type]!.id, qty: o.qty }] });
      expect(res.statusCode, res.body).toBe(201);
      const answer = res.json().data;
      // A passed fee is shown before payment and is what is charged.
      expect(answer.price).toBeCloseTo(answer.subtotal + answer.service_fee, 6);
      await payWithCard(t.app, answer.client_secret);
      const view = await retrieve(t.app, answer.client_secret, res.headers.auth as string);
      expect(view.json().data.status).toBe(BOOKING_STATUS.paid);
      const [row] = await queryRows<{ id: number }>(
        db(),
        sql`SELECT id FROM bookings WHERE reference = ${answer.booking_reference}`,
      );
      settled.push(row!.id);
    } else if (o.op === 'refund' && settled.length > 0) {
      const id = settled.splice(o.pick % settled.length, 1)[0]!;
      const res = await t.app.inject({
        method: 'POST',
        url: `/v1/client/booking/${id}/refund`,
        headers: auth,
        payload: {},
      });
      expect([202, 409], res.body).toContain(res.statusCode);
    } else if (o.op === 'cancel' && !cancelled.has(o.event)) {
      cancelled.add(o.event);
      const res = await t.app.inject({
        method: 'POST',
        url: `/v1/client/event/${made[o.event]!.event.id}/cancel`,
        headers: auth,
        payload: {},
      });
      expect(res.statusCode, res.body).toBeLessThan(300);
      await runDueJobs({ config: t.config, db: db() }, jobs);
    } else if (o.op === 'payout') {
      await db().transaction(async (tx) => {
        const b = await lockOrganisationBalance(tx, org.organisationId, o.currency, t.config.payoutDelayDays);
        const amount = Math.floor((b.totalMinor * o.percent) / 100);
        if (amount <= 0) return;
        const id = ++payoutCount;
        await postTransaction(tx, {
          kind: 'payout',
          causeKey: `test-payout:${id}`,
          organisationId: org.organisationId,
          reference: `PO-${id}`,
          description: 'Payout',
          lines: [
            { account: organiserAccount(org.organisationId), currency: o.currency, amountMinor: amount },
            { account: clearingAccount('mpesa_b2c'), currency: o.currency, amountMinor: -amount },
          ],
        });
        payouts.push({ id, currency: o.currency, amount, returned: false });
      });
    } else if (o.op === 'payoutFails') {
      const open = payouts.filter((p) => !p.returned);
      const p = open[o.pick % Math.max(open.length, 1)];
      if (!p) continue;
      p.returned = true;
      await db().transaction((tx) =>
        postTransaction(tx, {
          kind: 'payout_returned',
          causeKey: `test-payout-returned:${p.id}`,
          organisationId: org.organisationId,
          reference: `PO-${p.id}`,
          description: 'Payout failed',
          lines: [
            { account: organiserAccount(org.organisationId), currency: p.currency, amountMinor: -p.amount },
            { account: clearingAccount('mpesa_b2c'), currency: p.currency, amountMinor: p.amount },
          ],
        }),
      );
    }
  }
  await runDueJobs({ config: t.config, db: db() }, jobs);

  // Every transaction balances, in every currency.
  const unbalanced = await queryRows<{ transaction_id: number }>(
    db(),
    sql`SELECT transaction_id FROM ledger_entries GROUP BY transaction_id, currency HAVING sum(amount_minor) <> 0`,
  );
  expect(unbalanced).toEqual([]);

  // The organisation's balance: sales less fees, refunds and payouts, from the bookings themselves.
  const bookingsOf = await queryRows<{
    status: number;
    currency: string;
    total_minor: number;
    fee_minor: number;
    passed: boolean;
    charged_minor: number;
  }>(
    db(),
    sql`SELECT b.status, b.currency, b.total_minor,
               (SELECT coalesce(sum((l.service_fee_minor + l.service_fee_vat_minor) * l.quantity), 0) FROM booking_lines l WHERE l.booking_id = b.id)::int AS fee_minor,
               (SELECT bool_or(l.service_fee_passed) FROM booking_lines l WHERE l.booking_id = b.id) AS passed,
               (SELECT sum((l.unit_price_minor + CASE WHEN l.service_fee_passed THEN l.service_fee_minor + l.service_fee_vat_minor ELSE 0 END) * l.quantity) FROM booking_lines l WHERE l.booking_id = b.id)::int AS charged_minor
          FROM bookings b JOIN events e ON e.id = b.event_id
         WHERE e.organisation_id = ${org.organisationId} AND b.paid_at IS NOT NULL`,
  );
  const expected: Record<string, number> = {};
  for (const b of bookingsOf) {
    // The fee charged exactly: the total is the tickets plus the passed fee.
    expect(b.total_minor).toBe(b.charged_minor);
    const share = b.total_minor - b.fee_minor;
    expected[b.currency] = (expected[b.currency] ?? 0) + share;
    if (b.status === BOOKING_STATUS.refunded) expected[b.currency]! -= b.passed ? share : b.total_minor;
  }
  for (const p of payouts) expected[p.currency] = (expected[p.currency] ?? 0) - (p.returned ? 0 : p.amount);
  const balances = await queryRows<{ currency: string; balance: number }>(
    db(),
    sql`SELECT a.currency, (-sum(e.amount_minor))::int AS balance FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
         WHERE a.code LIKE ${`organiser:${org.organisationId}:%`} GROUP BY a.currency`,
  );
  const actual = Object.fromEntries(balances.map((r) => [r.currency, r.balance]));
  for (const c of new Set([...Object.keys(expected), ...Object.keys(actual)])) {
    expect(actual[c] ?? 0, c).toBe(expected[c] ?? 0);
  }

  // The providers' clearing accounts: what they took for settled bookings, less what they were asked to refund.
  const told = await queryRows<{ currency: string; told: number }>(
    db(),
    sql`SELECT b.currency,
               (sum(p.received_minor) - coalesce(sum(b.total_minor) FILTER (WHERE b.status = ${BOOKING_STATUS.refunded}), 0))::int AS told
          FROM bookings b JOIN payments p ON p.booking_id = b.id AND p.status = 'succeeded'
         WHERE b.paid_at IS NOT NULL GROUP BY b.currency`,
  );
  const clearing = await queryRows<{ currency: string; balance: number }>(
    db(),
    sql`SELECT a.currency, sum(e.amount_minor)::int AS balance FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
         WHERE a.code LIKE 'clearing:sandbox:%' GROUP BY a.currency`,
  );
  const clearingBy = Object.fromEntries(clearing.map((r) => [r.currency, r.balance]));
  for (const r of told) expect(clearingBy[r.currency] ?? 0, r.currency).toBe(r.told);

  // Nothing written before changed.
  const after = new Map((await entriesSnapshot()).map((e) => [e.id, e]));
  for (const e of before) expect(after.get(e.id)).toEqual(e);
}

describe('the ledger over random sequences', () => {
  it('balances, matches sales less fees, refunds and payouts, matches the providers, and never changes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 8 }), (ops) => runSequence(ops)),
      {
        numRuns: 15,
        // Every kind of step at least once, whatever the random runs draw.
        examples: [
          [
            [
              { op: 'buy', event: 0, type: 0, qty: 3 },
              { op: 'buy', event: 1, type: 0, qty: 2 },
              { op: 'buy', event: 1, type: 1, qty: 1 },
              { op: 'refund', pick: 1 },
              { op: 'payout', currency: 'KES', percent: 100 },
              { op: 'payoutFails', pick: 0 },
              { op: 'cancel', event: 0 },
              { op: 'payout', currency: 'USD', percent: 50 },
            ],
          ],
        ],
      },
    );
  }, 240_000);
});

describe("the organisation's balance under a lock", () => {
  it('lets two payouts asked at once spend the money once', async () => {
    const org = await createOrganiser(db(), { confirmed: true });
    const { event, tickets } = await createEvent(db(), {
      organisationId: org.organisationId,
      categoryId,
      tickets: [{ name: 'Regular', price: 19.99, max: 50 }],
    });
    const res = await book(t.app, { event_id: event.id, tickets: [{ id: tickets[0]!.id, qty: 5 }] });
    await payWithCard(t.app, res.json().data.client_secret);
    await retrieve(t.app, res.json().data.client_secret, res.headers.auth as string);
    const payout = (n: number) =>
      db().transaction(async (tx) => {
        const b = await lockOrganisationBalance(tx, org.organisationId, 'USD', t.config.payoutDelayDays);
        const amount = 7000;
        if (b.totalMinor < amount) return false;
        await postTransaction(tx, {
          kind: 'payout',
          causeKey: `test-concurrent-payout:${org.organisationId}:${n}`,
          organisationId: org.organisationId,
          reference: `PO-C${n}`,
          description: 'Payout',
          lines: [
            { account: organiserAccount(org.organisationId), currency: 'USD', amountMinor: amount },
            { account: clearingAccount('mpesa_b2c'), currency: 'USD', amountMinor: -amount },
          ],
        });
        return true;
      });
    // 5 × (19.99 − 1.16) = 94.15 owed: room for one payout of 70, not two.
    const made = await Promise.all([payout(1), payout(2), payout(3)]);
    expect(made.filter(Boolean)).toHaveLength(1);
  });
});
