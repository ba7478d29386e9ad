import { describe, expect, inject, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import { bookingLines, bookings, jobs, payments } from '../../db/schema/index.js';
import { createCategory, createEvent, createOrganiser } from '../../test-support/fixtures.js';
import { startFakeStripe } from '../../test-support/fake-stripe.js';
import { freePort } from '../../test-support/postgres-server.js';
import { spawnApiProcess, type SpawnedApi } from '../../test-support/api-process.js';
import { openTestDatabase } from '../../test-support/test-app.js';
import Stripe from 'stripe';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor(what: string, check: () => Promise<boolean> | boolean, ms = 90_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

async function databaseUrl(db: Db) {
  const [row] = await queryRows<{ name: string }>(db, sql`SELECT current_database() AS name`);
  return inject('postgresUrl').replace(/\/[^/]*$/, `/${row!.name}`);
}

async function waitForApi(api: SpawnedApi, port: number) {
  await waitFor('the API to answer', async () => {
    if (api.child.exitCode !== null) throw new Error(`the API exited:\n${api.output()}`);
    try {
      return (await fetch(`http://127.0.0.1:${port}/healthz`)).ok;
    } catch {
      return false;
    }
  });
}

/**
 * Cancelling an event with many paid card bookings, the API killed (SIGKILL) half-way through
 * its refunds, right after Stripe made a refund and before the API heard of it; the next start
 * finishes the job. Every booking is refunded exactly once at Stripe, and mailed once.
 */
describe('killing the API while it cancels an event', () => {
  it('refunds every booking exactly once after a restart', async () => {
    const N = 24;
    const KILL_AT = 7;
    const database = await openTestDatabase();
    const db = database.db;
    const fake = await startFakeStripe();
    const env = {
      DATABASE_URL: await databaseUrl(db),
      STRIPE_SECRET_KEY: 'sk_test_kill',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_kill',
      STRIPE_API_BASE: fake.url,
    };
    let first: SpawnedApi | undefined;
    let second: SpawnedApi | undefined;
    try {
      // The database is made by the first process's migrations.
      const firstPort = await freePort();
      first = spawnApiProcess({ ...env, PORT: String(firstPort) });
      await waitForApi(first, firstPort);

      const owner = await createOrganiser(db);
      const categoryId = (await createCategory(db)).id;
      const { event, tickets } = await createEvent(db, {
        organisationId: owner.organisationId,
        categoryId,
        title: 'Mombasa Beach Festival',
        tickets: [{ name: 'Regular', price: 15, max: 100, sold: N }],
      });
      const fakeUrl = new URL(fake.url);
      const stripe = new Stripe(env.STRIPE_SECRET_KEY, {
        host: fakeUrl.hostname,
        port: Number(fakeUrl.port),
        protocol: 'http',
        telemetry: false,
      });
      for (let i = 0; i < N; i++) {
        const reference = `TK-KILL${String(i).padStart(3, '0')}`;
        const intent = await stripe.paymentIntents.create(
          { amount: 1500, currency: 'usd', metadata: { booking_reference: reference } },
          { idempotencyKey: `booking-${reference}` },
        );
        fake.succeed(intent.id);
        const [b] = await db
          .insert(bookings)
          .values({
            reference,
            eventId: event.id,
            fullName: `Buyer ${i}`,
            email: `kill-${i}@example.co.ke`,
            currency: 'USD',
            totalMinor: 1500,
            status: 2,
            paymentMethod: 'card',
            holdExpiresAt: new Date(),
            paidAt: new Date(),
          })
          .returning();
        await db.insert(bookingLines).values({
          bookingId: b!.id,
          ticketTypeId: tickets[0]!.id,
          name: 'Regular',
          unitPriceMinor: 1500,
          noOfPersons: 1,
          quantity: 1,
        });
        await db.insert(payments).values({
          bookingId: b!.id,
          provider: 'stripe',
          intentId: intent.id,
          clientSecret: intent.client_secret!,
          status: 'succeeded',
          amountMinor: 1500,
          currency: 'USD',
        });
      }

      // Killed the moment Stripe has made refund KILL_AT, before its answer leaves.
      fake.onHandled = (r) => {
        if (r.path === '/v1/refunds' && fake.refunds.length === KILL_AT) first?.child.kill('SIGKILL');
      };
      const cancel = await fetch(`http://127.0.0.1:${firstPort}/v1/client/event/${event.id}/cancel`, {
        method: 'POST',
        headers: { auth: owner.token, 'content-type': 'application/json' },
        body: JSON.stringify({ reason: 'Storm warning' }),
      });
      expect(cancel.status).toBe(202);
      expect(((await cancel.json()) as { data: { bookings_to_refund: number } }).data.bookings_to_refund).toBe(N);
      expect(await Promise.race([first.exited, sleep(120_000).then(() => 'still running')])).toBeNull();
      expect(fake.refunds).toHaveLength(KILL_AT);
      fake.onHandled = null;

      // The interrupted refund job is still leased by the dead process; fast-forward its lease.
      await db
        .update(jobs)
        .set({ lockedUntil: sql`now() - interval '1 second'` })
        .where(eq(jobs.state, 'running'));
      const secondPort = await freePort();
      second = spawnApiProcess({ ...env, PORT: String(secondPort) });
      await waitFor('every refund job to finish', async () => {
        const [row] = await queryRows<{ n: number }>(
          db,
          sql`SELECT count(*)::int AS n FROM jobs WHERE kind IN ('checkout.refund', 'orders.cancel-event') AND state <> 'done'`,
        );
        const [made] = await queryRows<{ n: number }>(
          db,
          sql`SELECT count(*)::int AS n FROM jobs WHERE kind = 'checkout.refund'`,
        );
        return row!.n === 0 && made!.n === N;
      });

      // Exactly one refund per payment at Stripe, whatever was asked twice.
      const perIntent = new Map<string, number>();
      for (const r of fake.refunds) perIntent.set(r.payment_intent, (perIntent.get(r.payment_intent) ?? 0) + 1);
      expect(fake.refunds).toHaveLength(N);
      expect([...perIntent.values()].every((n) => n === 1)).toBe(true);
      const refundRequests = fake.requests.filter((r) => r.path === '/v1/refunds');
      expect(refundRequests.length).toBeGreaterThanOrEqual(N);

      const rows = await db
        .select({ status: bookings.status, refundError: bookings.refundError, refundedAt: payments.refundedAt })
        .from(bookings)
        .innerJoin(payments, eq(payments.bookingId, bookings.id))
        .where(eq(bookings.eventId, event.id));
      expect(rows).toHaveLength(N);
      expect(rows.every((r) => r.status === 5 && r.refundError === null && r.refundedAt !== null)).toBe(true);
      const mails = await db
        .select({ id: jobs.id })
        .from(jobs)
        .where(and(eq(jobs.kind, 'mail.send'), sql`${jobs.payload}->>'subject' LIKE '%is cancelled%'`));
      expect(mails).toHaveLength(N);
      const [stock] = await queryRows<{ sold: number }>(
        db,
        sql`SELECT sold FROM ticket_types WHERE id = ${tickets[0]!.id}`,
      );
      expect(stock!.sold).toBe(0);
      console.log(
        `cancel kill test: ${N} paid bookings; killed after Stripe's refund ${KILL_AT}; ` +
          `${refundRequests.length} refund requests, ${fake.refunds.length} refunds made`,
      );
      second.child.kill('SIGTERM');
      await Promise.race([second.exited, sleep(20_000)]);
    } finally {
      for (const api of [first, second]) {
        if (api && api.child.exitCode === null && api.child.signalCode === null) api.child.kill('SIGKILL');
      }
      await fake.close();
      await database.close();
    }
  }, 300_000);
});
