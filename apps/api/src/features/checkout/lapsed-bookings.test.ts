import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { BOOKING_STATUS } from '@tikiti/contract';
import { bookings, events, webhookDeliveries } from '../../db/schema/index.js';
import { queryRows } from '../../db/client.js';
import { jobHandlers } from '../../background.js';
import { runDueJobs } from '../../jobs/worker.js';
import { book, guest } from '../../test-support/checkout.js';
import { createCategory, createEvent, createOrganiser } from '../../test-support/fixtures.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { webhooksJobs } from '../webhooks/index.js';
import { expireHolds } from './checkout.repo.js';
import { INVOICE_RELEASE_JOB } from './invoice-bookings.js';

/**
 * Bookings that end unpaid, as the organisation's webhooks see them (docs/api.md#webhooks,
 * docs/decisions/0033-lapsed-bookings-in-webhooks.md): a booking awaiting payment released at
 * its due date is one `booking.cancelled` with `reason: "expired"`, however many instances run
 * the release; a checkout's 15-minute hold that runs out is none. On PostgreSQL too
 * (`--project api-postgres`), where the two releases really run at once.
 */
let t: TestApp;
const db = () => t.database.db;
const received: { type: string; data: { reference: string; reason: string | null; status: string } }[] = [];
const receiver = http.createServer((req, res) => {
  let body = '';
  req.on('data', (c: Buffer) => (body += c.toString('utf8')));
  req.on('end', () => {
    received.push(JSON.parse(body));
    res.end('ok');
  });
});

beforeAll(async () => {
  t = await createTestApp({ BOOKINGS_PER_ADDRESS: '0' });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  receiver.close();
  await t.close();
});

/** An organisation with a tax profile, a webhook endpoint for booking.cancelled, and a KES event offering pay by invoice. */
async function anOrganiser() {
  const org = await createOrganiser(db());
  const tax = await t.app.inject({
    method: 'PUT',
    url: '/v1/client/organisation/tax',
    headers: { auth: org.token },
    payload: {
      legal_name: 'Tamasha Events Limited',
      kra_pin: 'P051234567X',
      physical_address: 'Kenyatta Avenue, Nairobi',
      vat_registered: true,
      bank_name: 'KCB',
      bank_account_number: '1234567890',
    },
  });
  expect(tax.statusCode).toBe(200);
  const { port } = receiver.address() as { port: number };
  const hook = await t.app.inject({
    method: 'POST',
    url: '/v1/client/webhooks',
    headers: { auth: org.token },
    payload: { url: `http://127.0.0.1:${port}/hooks`, events: ['booking.cancelled'] },
  });
  expect(hook.statusCode).toBe(201);
  const category = await createCategory(db());
  const { event, tickets } = await createEvent(db(), {
    organisationId: org.organisationId,
    categoryId: category.id,
    currency: 'KES',
    startsInHours: 30 * 24,
    tickets: [{ name: 'Delegate', price: 2333, max: 50 }],
  });
  await db().update(events).set({ invoicePaymentDays: 7 }).where(eq(events.id, event.id));
  return { org, event, ticketId: tickets[0]!.id, endpointId: hook.json().data.id as number };
}

async function bookingOf(reference: string) {
  const [row] = await db().select().from(bookings).where(eq(bookings.reference, reference));
  return row!;
}

/** A company's booking by invoice, then its due date moved into the past: it has lapsed. */
async function lapsedInvoiceBooking(eventId: number, ticketId: number) {
  const res = await book(t.app, {
    event_id: eventId,
    tickets: [{ id: ticketId, qty: 2 }],
    payment_method: 'invoice',
    company: { name: 'Safari Logistics Ltd', kra_pin: 'A123456789B', address: 'Mombasa Road', po_number: 'LPO-7781' },
    details: guest(),
  });
  expect(res.statusCode).toBe(201);
  const booking = await bookingOf(res.json().data.booking_reference as string);
  expect(booking.status).toBe(BOOKING_STATUS.awaiting_payment);
  await db().execute(sql`UPDATE bookings SET hold_expires_at = now() - interval '1 minute' WHERE id = ${booking.id}`);
  return booking;
}

/** The release job, as the worker would run it (its own due time is days away). */
function release(bookingId: number) {
  const handler = jobHandlers.find((h) => h.kind === INVOICE_RELEASE_JOB)!;
  return handler.run(
    { bookingId },
    {
      ctx: { config: t.config, db: db() },
      job: { id: 0, kind: handler.kind, attempts: 1, maxAttempts: 8 },
      log: { info: () => undefined } as never,
    },
  );
}

/** Delivers every queued webhook now. */
async function deliverAll() {
  for (let i = 0; i < 10; i++) {
    const r = await runDueJobs({ config: t.config, db: db() }, webhooksJobs);
    if (r.done + r.dead === 0) return;
  }
}

const deliveriesTo = (endpointId: number) =>
  db().select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId));

describe('bookings that end unpaid, in webhooks', () => {
  it('sends one booking.cancelled, reason "expired", for a lapsed booking awaiting payment, and none for a lapsed card hold', async () => {
    const { event, ticketId, endpointId } = await anOrganiser();
    const byInvoice = await lapsedInvoiceBooking(event.id, ticketId);
    const card = await book(t.app, { event_id: event.id, tickets: [{ id: ticketId, qty: 1 }] });
    expect(card.statusCode).toBe(201);
    const hold = await bookingOf(card.json().data.booking_reference as string);
    await db().execute(sql`UPDATE bookings SET hold_expires_at = now() - interval '1 second' WHERE id = ${hold.id}`);

    // The sweep of checkout holds and the due date's release, each once.
    await expireHolds(db(), 500);
    await release(byInvoice.id);
    expect((await bookingOf(hold.reference)).status).toBe(BOOKING_STATUS.failed);
    expect((await bookingOf(byInvoice.reference)).status).toBe(BOOKING_STATUS.failed);

    received.length = 0;
    await deliverAll();
    expect(received.map((r) => [r.type, r.data.reference, r.data.reason, r.data.status])).toEqual([
      ['booking.cancelled', byInvoice.reference, 'expired', 'failed or expired'],
    ]);
    expect((await deliveriesTo(endpointId)).map((d) => d.status)).toEqual(['succeeded']);
  });

  it('sends it once when two instances release the same booking at the same moment', async () => {
    const { event, ticketId, endpointId } = await anOrganiser();
    const byInvoice = await lapsedInvoiceBooking(event.id, ticketId);
    await Promise.all([release(byInvoice.id), release(byInvoice.id)]);
    const deliveries = await deliveriesTo(endpointId);
    expect(deliveries).toHaveLength(1);
    expect(JSON.parse(deliveries[0]!.body)).toMatchObject({
      type: 'booking.cancelled',
      data: { reference: byInvoice.reference, reason: 'expired' },
    });
    const queued = await queryRows<{ n: number }>(
      db(),
      sql`SELECT count(*)::int AS n FROM jobs WHERE kind = 'webhooks.deliver'
           AND (payload->>'deliveryId')::int = ${deliveries[0]!.id}`,
    );
    expect(queued[0]!.n).toBe(1);
  });

  it('says "event_cancelled" when the event is cancelled with a booking awaiting payment', async () => {
    const { org, event, ticketId, endpointId } = await anOrganiser();
    const byInvoice = await lapsedInvoiceBooking(event.id, ticketId);
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/v1/client/event/${event.id}/cancel`,
      headers: { auth: org.token },
      payload: { reason: 'The venue flooded' },
    });
    expect(cancel.statusCode).toBe(202);
    // The cancellation's job releases the booking (and its webhook is delivered meanwhile).
    for (let i = 0; i < 3; i++) await runDueJobs({ config: t.config, db: db() }, jobHandlers);
    expect((await bookingOf(byInvoice.reference)).status).toBe(BOOKING_STATUS.cancelled);
    const bodies = (await deliveriesTo(endpointId)).map((d) => JSON.parse(d.body));
    expect(bodies.map((b) => [b.type, b.data.reference, b.data.reason])).toEqual([
      ['booking.cancelled', byInvoice.reference, 'event_cancelled'],
    ]);
  });
});
