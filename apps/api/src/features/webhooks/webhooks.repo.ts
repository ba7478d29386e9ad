import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { WebhookEventType } from '@tikiti/contract';
import { queryRows, type Db, type Tx } from '../../db/client.js';
import { accounts, webhookDeliveries, webhookEndpoints } from '../../db/schema/index.js';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;

export async function countEndpoints(db: Db, organisationId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.organisationId, organisationId));
  return row?.n ?? 0;
}

export async function insertEndpoint(tx: Tx, row: typeof webhookEndpoints.$inferInsert) {
  const [inserted] = await tx.insert(webhookEndpoints).values(row).returning();
  return inserted!;
}

export async function listEndpoints(db: Db, organisationId: number) {
  return db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.organisationId, organisationId))
    .orderBy(asc(webhookEndpoints.id));
}

/** The organisation's endpoint, or undefined (another organisation's included). */
export async function findOwnEndpoint(db: Db | Tx, organisationId: number, id: number) {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.organisationId, organisationId)));
  return row;
}

export async function deleteEndpoint(tx: Tx, id: number) {
  await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
}

export async function enableEndpoint(tx: Tx, id: number) {
  const [row] = await tx
    .update(webhookEndpoints)
    .set({ status: 'active', consecutiveFailures: 0, disabledAt: null })
    .where(eq(webhookEndpoints.id, id))
    .returning();
  return row!;
}

/** The active endpoints of an organisation that take this type of event. */
export async function subscribedEndpoints(tx: Db | Tx, organisationId: number, type: WebhookEventType) {
  return tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.organisationId, organisationId),
        eq(webhookEndpoints.status, 'active'),
        sql`${type} = ANY(${webhookEndpoints.events})`,
      ),
    );
}

export async function insertDeliveries(tx: Db | Tx, rows: (typeof webhookDeliveries.$inferInsert)[]) {
  if (!rows.length) return [];
  return tx.insert(webhookDeliveries).values(rows).returning({ id: webhookDeliveries.id });
}

export async function listDeliveries(db: Db, endpointId: number, page: { limit: number; offset: number }) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpointId))
      .orderBy(desc(webhookDeliveries.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId)),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** A delivery of the endpoint (which the caller has already found to be theirs), or undefined. */
export async function findEndpointDelivery(db: Db, endpointId: number, deliveryId: number) {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpointId)));
  return row;
}

export async function findDeliveryWithEndpoint(db: Db, deliveryId: number) {
  const [row] = await db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, deliveryId));
  return row;
}

/** The oldest unfinished delivery before this one in its chain (same endpoint and ordering key). */
export async function findUnfinishedBefore(db: Db, d: Pick<DeliveryRow, 'id' | 'endpointId' | 'orderingKey'>) {
  const [row] = await db
    .select({ id: webhookDeliveries.id, nextAttemptAt: webhookDeliveries.nextAttemptAt })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.endpointId, d.endpointId),
        eq(webhookDeliveries.orderingKey, d.orderingKey),
        inArray(webhookDeliveries.status, ['pending', 'retrying']),
        sql`${webhookDeliveries.id} < ${d.id}`,
      ),
    )
    .orderBy(asc(webhookDeliveries.id))
    .limit(1);
  return row;
}

/** The next unfinished delivery after this one in its chain. */
export async function findUnfinishedAfter(db: Db, d: Pick<DeliveryRow, 'id' | 'endpointId' | 'orderingKey'>) {
  const [row] = await db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.endpointId, d.endpointId),
        eq(webhookDeliveries.orderingKey, d.orderingKey),
        inArray(webhookDeliveries.status, ['pending', 'retrying']),
        sql`${webhookDeliveries.id} > ${d.id}`,
      ),
    )
    .orderBy(asc(webhookDeliveries.id))
    .limit(1);
  return row;
}

/** Claims a due, unfinished delivery for one attempt: one worker at a time. */
export async function claimDelivery(db: Db, id: number, leaseSeconds: number) {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`UPDATE webhook_deliveries SET locked_until = now() + make_interval(secs => ${leaseSeconds})
         WHERE id = ${id} AND status IN ('pending', 'retrying')
           AND (locked_until IS NULL OR locked_until < now())
           AND (next_attempt_at IS NULL OR next_attempt_at <= now())
        RETURNING id`,
  );
  return rows.length === 1;
}

export async function recordAttempt(
  db: Db,
  id: number,
  outcome: {
    status: 'succeeded' | 'retrying' | 'failed';
    responseCode: number | null;
    error: string | null;
    nextAttemptAt: Date | null;
    at: Date;
  },
) {
  const entry = JSON.stringify([
    { at: outcome.at.toISOString(), response_code: outcome.responseCode, error: outcome.error },
  ]);
  await queryRows(
    db,
    sql`UPDATE webhook_deliveries
           SET status = ${outcome.status}, attempts = attempts + 1, response_code = ${outcome.responseCode},
               error = ${outcome.error}, next_attempt_at = ${outcome.nextAttemptAt?.toISOString() ?? null},
               last_attempt_at = ${outcome.at.toISOString()}, locked_until = NULL, log = log || ${entry}::jsonb
         WHERE id = ${id}`,
  );
}

export async function resetFailures(db: Db, endpointId: number) {
  await db.update(webhookEndpoints).set({ consecutiveFailures: 0 }).where(eq(webhookEndpoints.id, endpointId));
}

/** Counts a failure; answers the count in a row. */
export async function addFailure(db: Db, endpointId: number) {
  const [row] = await db
    .update(webhookEndpoints)
    .set({ consecutiveFailures: sql`${webhookEndpoints.consecutiveFailures} + 1` })
    .where(eq(webhookEndpoints.id, endpointId))
    .returning({ n: webhookEndpoints.consecutiveFailures });
  return row?.n ?? 0;
}

/** Turns an active endpoint off; true for the call that did it (so its owners are mailed once). */
export async function disableEndpoint(tx: Tx, endpointId: number) {
  const rows = await tx
    .update(webhookEndpoints)
    .set({ status: 'disabled', disabledAt: sql`now()` })
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.status, 'active')))
    .returning({ id: webhookEndpoints.id });
  return rows.length === 1;
}

/** A disabled endpoint's unfinished deliveries fail: nothing more goes to it. */
export async function failUnfinished(tx: Tx, endpointId: number, error: string) {
  await tx
    .update(webhookDeliveries)
    .set({ status: 'failed', error, nextAttemptAt: null, lockedUntil: null })
    .where(
      and(eq(webhookDeliveries.endpointId, endpointId), inArray(webhookDeliveries.status, ['pending', 'retrying'])),
    );
}

export async function ownerEmails(db: Db | Tx, organisationId: number) {
  const rows = await db
    .select({ email: accounts.email })
    .from(accounts)
    .where(and(eq(accounts.organisationId, organisationId), eq(accounts.role, 'owner')));
  return rows.map((r) => r.email);
}

/** What a booking's webhook carries (docs/api.md#webhooks). */
export async function bookingForWebhook(db: Db | Tx, bookingId: number) {
  const [row] = await queryRows<{
    id: number;
    reference: string;
    event_id: number;
    organisation_id: number;
    status: number;
    currency: string;
    total_minor: number;
    full_name: string;
    email: string;
    paid_at: Date | string | null;
  }>(
    db,
    sql`SELECT b.id, b.reference, b.event_id, e.organisation_id, b.status, b.currency, b.total_minor, b.full_name, b.email, b.paid_at
          FROM bookings b JOIN events e ON e.id = b.event_id WHERE b.id = ${bookingId}`,
  );
  return row;
}

export async function eventForWebhook(db: Db | Tx, eventId: number) {
  const [row] = await queryRows<{
    id: number;
    organisation_id: number;
    title: string;
    start_time: Date | string;
    end_time: Date | string;
    status: number;
  }>(db, sql`SELECT id, organisation_id, title, start_time, end_time, status FROM events WHERE id = ${eventId}`);
  return row;
}

export async function ticketForWebhook(db: Db | Tx, ticketId: number) {
  const [row] = await ticketsForWebhook(db, [ticketId]);
  return row;
}

/** These e-tickets with their holders, as an attendee event carries them, by id. */
export async function ticketsForWebhook(db: Db | Tx, ticketIds: number[]) {
  if (ticketIds.length === 0) return [];
  return queryRows<{
    id: number;
    booking_id: number;
    reference: string;
    event_id: number;
    organisation_id: number;
    holder_name: string;
    email: string | null;
    ticket_type: string;
  }>(
    db,
    sql`SELECT t.id, t.booking_id, b.reference, t.event_id, e.organisation_id, t.holder_name,
               coalesce(a.email, b.email) AS email, l.name AS ticket_type
          FROM e_tickets t JOIN bookings b ON b.id = t.booking_id JOIN events e ON e.id = t.event_id
          JOIN booking_lines l ON l.id = t.booking_line_id
          LEFT JOIN booking_attendees a ON a.booking_line_id = t.booking_line_id AND a.seq = t.seq
         WHERE t.id IN (${sql.join(
           ticketIds.map((id) => sql`${id}`),
           sql`, `,
         )})
         ORDER BY t.id`,
  );
}
