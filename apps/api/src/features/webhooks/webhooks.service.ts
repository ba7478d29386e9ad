import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import {
  BOOKING_STATUS_WORDS,
  parseCurrency,
  toMajor,
  WEBHOOK_LIMITS,
  WEBHOOK_SIGNATURE_HEADER,
  type BookingStatus,
  type CreateWebhookBody,
  type Webhook,
  type WebhookCreated,
  type WebhookDelivery,
  type WebhookEventType,
} from '@tikiti/contract';
import type { AppContext } from '../../app-context.js';
import type { Db, Tx } from '../../db/client.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { enqueueJob, enqueueJobs, type JobHandler } from '../../jobs/queue.js';
import { appSecret } from '../../lib/app-secrets.js';
import { recordAudit, type AuditActor } from '../audit/index.js';
import { enqueueMail, webhookDisabledMail } from '../mail/index.js';
import { addressToConnect, urlProblem } from './webhook-address.js';
import { postWebhook } from './webhook-post.js';
import { signatureHeader } from './webhook-signature.js';
import {
  addFailure,
  bookingForWebhook,
  claimDelivery,
  countEndpoints,
  deleteEndpoint,
  disableEndpoint,
  enableEndpoint,
  eventForWebhook,
  failUnfinished,
  findDeliveryWithEndpoint,
  findEndpointDelivery,
  findOwnEndpoint,
  findUnfinishedAfter,
  findUnfinishedBefore,
  insertDeliveries,
  insertEndpoint,
  listDeliveries,
  listEndpoints,
  ownerEmails,
  recordAttempt,
  resetFailures,
  subscribedEndpoints,
  ticketForWebhook,
  ticketsForWebhook,
  type DeliveryRow,
  type EndpointRow,
} from './webhooks.repo.js';

export const DELIVER_WEBHOOK_JOB = 'webhooks.deliver';
/** A claimed attempt's lease: longer than the 10 s timeout with room to record the outcome. */
const ATTEMPT_LEASE_SECONDS = 30;
/** A delivery waiting for an earlier one of its chain looks again after this at the latest. */
const CHAIN_WAIT_SECONDS = 15;

/** 10 s, 30 s, 90 s, … tripling after each failed attempt, at most 4 hours: about 12 attempts in 24 h. */
export function webhookBackoffSeconds(attempts: number): number {
  return Math.min(4 * 3600, 10 * 3 ** Math.max(0, attempts - 1));
}

// ---- The signing secret, kept sealed (docs/security.md#webhooks) ----

/** The `app_secrets` name of the sealing key when TOTP_ENCRYPTION_KEY is not set. */
export const WEBHOOK_SEALING_SECRET = 'webhook-secret-encryption';

async function sealingKey(ctx: AppContext): Promise<Buffer> {
  if (ctx.config.totpEncryptionKey) {
    return createHash('sha256').update(`webhook-secrets:${ctx.config.totpEncryptionKey}`).digest();
  }
  return appSecret(ctx.db, WEBHOOK_SEALING_SECRET);
}

async function sealSecret(ctx: AppContext, secret: string): Promise<string> {
  return sealWithKey(await sealingKey(ctx), secret);
}

/** `v1.<iv>.<tag>.<ciphertext>`, base64url, AES-256-GCM (the demo seed seals its endpoint's secret with it). */
export function sealWithKey(key: Buffer, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

async function openSecret(ctx: AppContext, sealed: string): Promise<string> {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || !body) throw new Error('unreadable webhook secret');
  const decipher = createDecipheriv('aes-256-gcm', await sealingKey(ctx), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

// ---- Endpoints ----

function endpointView(e: EndpointRow): Webhook {
  return {
    id: e.id,
    url: e.url,
    events: e.events as WebhookEventType[],
    description: e.description,
    status: e.status,
    consecutive_failures: e.consecutiveFailures,
    disabled_at: e.disabledAt?.toISOString() ?? null,
    created_at: e.createdAt.toISOString(),
  };
}

/** POST v1/client/webhooks: the endpoint and its secret, which is never shown again. */
export async function createWebhook(
  ctx: AppContext,
  actor: AuditActor,
  body: CreateWebhookBody,
): Promise<WebhookCreated> {
  const problem = urlProblem(body.url, ctx.config.isProduction);
  if (problem) throw badRequest(problem, [{ path: 'url', message: problem }], 'webhook.address_not_allowed');
  if ((await countEndpoints(ctx.db, actor.organisationId)) >= WEBHOOK_LIMITS.endpointsPerOrganisation) {
    throw conflict(
      `An organisation can have ${WEBHOOK_LIMITS.endpointsPerOrganisation} endpoints. Remove one first.`,
      undefined,
      'webhook.too_many',
    );
  }
  const secret = `whsec_${randomBytes(24).toString('base64url')}`;
  const sealed = await sealSecret(ctx, secret);
  const endpoint = await ctx.db.transaction(async (tx) => {
    const row = await insertEndpoint(tx, {
      organisationId: actor.organisationId,
      url: body.url,
      events: body.events,
      description: body.description ?? '',
      secretSealed: sealed,
    });
    await recordAudit(tx, actor, {
      action: 'webhook.created',
      target: { type: 'webhook', id: row.id, label: row.url },
      details: { events: body.events.join(',') },
    });
    return row;
  });
  return { ...endpointView(endpoint), secret };
}

export async function listWebhooks(db: Db, organisationId: number): Promise<Webhook[]> {
  return (await listEndpoints(db, organisationId)).map(endpointView);
}

async function ownEndpoint(db: Db, organisationId: number, id: number) {
  const endpoint = await findOwnEndpoint(db, organisationId, id);
  if (!endpoint) throw notFound('Webhook endpoint');
  return endpoint;
}

/** DELETE v1/client/webhooks/{id}: the endpoint and its log go; jobs left for it find nothing. */
export async function removeWebhook(ctx: AppContext, actor: AuditActor, id: number): Promise<Webhook> {
  const endpoint = await ownEndpoint(ctx.db, actor.organisationId, id);
  await ctx.db.transaction(async (tx) => {
    await deleteEndpoint(tx, id);
    await recordAudit(tx, actor, { action: 'webhook.deleted', target: { type: 'webhook', id, label: endpoint.url } });
  });
  return endpointView(endpoint);
}

/** POST v1/client/webhooks/{id}/enable: a disabled endpoint back on, its failures forgotten. */
export async function enableWebhook(ctx: AppContext, actor: AuditActor, id: number): Promise<Webhook> {
  const endpoint = await ownEndpoint(ctx.db, actor.organisationId, id);
  const row = await ctx.db.transaction(async (tx) => {
    const enabled = await enableEndpoint(tx, id);
    await recordAudit(tx, actor, { action: 'webhook.enabled', target: { type: 'webhook', id, label: endpoint.url } });
    return enabled;
  });
  return endpointView(row);
}

function deliveryView(d: DeliveryRow): WebhookDelivery {
  return {
    id: d.id,
    event_id: d.eventId,
    type: d.type,
    status: d.status,
    attempts: d.attempts,
    response_code: d.responseCode,
    error: d.error,
    created_at: d.createdAt.toISOString(),
    last_attempt_at: d.lastAttemptAt?.toISOString() ?? null,
    next_attempt_at: d.nextAttemptAt?.toISOString() ?? null,
  };
}

/** GET v1/client/webhooks/{id}/deliveries. */
export async function webhookDeliveries(
  db: Db,
  organisationId: number,
  id: number,
  page: { page: number; limit: number },
): Promise<{ data: WebhookDelivery[]; total: number }> {
  await ownEndpoint(db, organisationId, id);
  const { rows, total } = await listDeliveries(db, id, { limit: page.limit, offset: (page.page - 1) * page.limit });
  return { data: rows.map(deliveryView), total };
}

/**
 * POST v1/client/webhooks/{id}/deliveries/{delivery_id}/resend: the same event (same id and body)
 * as a new delivery to the same endpoint. The delivery must be of that endpoint, and the endpoint
 * the caller's: a delivery id of another organisation answers 404, never a send.
 */
export async function resendDelivery(
  ctx: AppContext,
  organisationId: number,
  id: number,
  deliveryId: number,
): Promise<WebhookDelivery> {
  await ownEndpoint(ctx.db, organisationId, id);
  const original = await findEndpointDelivery(ctx.db, id, deliveryId);
  if (!original) throw notFound('Delivery');
  const row = await ctx.db.transaction(async (tx) => {
    const [inserted] = await insertDeliveries(tx, [
      {
        endpointId: id,
        eventId: original.eventId,
        type: original.type,
        body: original.body,
        orderingKey: `resend:${original.id}`,
      },
    ]);
    await enqueueJob(tx, DELIVER_WEBHOOK_JOB, { deliveryId: inserted!.id }, { maxAttempts: 1 });
    return inserted!;
  });
  const again = await findEndpointDelivery(ctx.db, id, row.id);
  return deliveryView(again!);
}

// ---- Emitting events ----

/**
 * Records an event for every active endpoint of the organisation that takes its type, and queues
 * their deliveries, in the caller's transaction (the change and its webhooks commit together).
 * `orderingKey` (a booking, an event) keeps one object's deliveries in order per endpoint.
 */
export async function emitWebhookEvent(
  tx: Db | Tx,
  organisationId: number,
  type: WebhookEventType,
  data: Record<string, unknown>,
  orderingKey: string,
  now = new Date(),
) {
  const endpoints = await subscribedEndpoints(tx, organisationId, type);
  if (!endpoints.length) return;
  const eventId = `evt_${randomBytes(12).toString('hex')}`;
  const body = JSON.stringify({ id: eventId, type, created: Math.floor(now.getTime() / 1000), data });
  const rows = await insertDeliveries(
    tx,
    endpoints.map((e) => ({ endpointId: e.id, eventId, type, body, orderingKey })),
  );
  for (const r of rows) await enqueueJob(tx, DELIVER_WEBHOOK_JOB, { deliveryId: r.id }, { maxAttempts: 1 });
}

const iso = (t: Date | string | null) => (t === null ? null : (t instanceof Date ? t : new Date(t)).toISOString());

/**
 * Why a booking was cancelled, in `booking.cancelled`'s `reason` (docs/api.md#webhooks): its event
 * was cancelled, or it was a booking awaiting payment released unpaid at its due date
 * (docs/decisions/0033-lapsed-bookings-in-webhooks.md). A checkout's 15-minute hold that runs
 * out is never a booking.cancelled: the integrator never saw it.
 */
export type BookingCancelReason = 'event_cancelled' | 'expired';

/**
 * A booking's change, in the changing transaction: booking.paid and booking.refunded, or
 * booking.cancelled with its reason (`reason` is null on the other two).
 */
export async function emitBookingEvent(
  tx: Db | Tx,
  ...[type, bookingId, reason]:
    ['booking.paid' | 'booking.refunded', number] | ['booking.cancelled', number, BookingCancelReason]
) {
  const b = await bookingForWebhook(tx, bookingId);
  if (!b) return;
  const currency = parseCurrency(b.currency);
  await emitWebhookEvent(
    tx,
    b.organisation_id,
    type,
    {
      object: 'booking',
      id: b.id,
      reference: b.reference,
      event_id: b.event_id,
      status: BOOKING_STATUS_WORDS[b.status as BookingStatus]?.toLowerCase() ?? String(b.status),
      currency,
      total: toMajor(b.total_minor, currency),
      buyer: { name: b.full_name, email: b.email },
      paid_at: iso(b.paid_at),
      reason: reason ?? null,
    },
    `booking:${b.id}`,
  );
}

type AttendeeRow = Awaited<ReturnType<typeof ticketsForWebhook>>[number];

const attendeeData = (t: AttendeeRow) => ({
  object: 'attendee',
  ticket_id: t.id,
  booking_id: t.booking_id,
  booking_reference: t.reference,
  event_id: t.event_id,
  name: t.holder_name,
  email: t.email,
  ticket_type: t.ticket_type,
});

/** An attendee's change (attendee.updated, attendee.checked_in): the e-ticket and its holder. */
export async function emitAttendeeEvent(
  tx: Db | Tx,
  type: 'attendee.updated' | 'attendee.checked_in',
  ticketId: number,
) {
  const t = await ticketForWebhook(tx, ticketId);
  if (!t) return;
  await emitWebhookEvent(tx, t.organisation_id, type, attendeeData(t), `booking:${t.booking_id}`);
}

/**
 * The same change of many e-tickets at once (the offline sync's admissions), with a statement
 * per step whatever their number: the tickets read, each organisation's subscribed endpoints,
 * one delivery per ticket and endpoint, and a job per delivery. Each ticket is its own event,
 * as if emitted one by one in the order given.
 */
export async function emitAttendeeEvents(
  tx: Db | Tx,
  type: 'attendee.updated' | 'attendee.checked_in',
  ticketIds: number[],
  now = new Date(),
) {
  if (ticketIds.length === 0) return;
  const rows = await ticketsForWebhook(tx, ticketIds);
  const byId = new Map(rows.map((t) => [Number(t.id), t]));
  const endpointsOf = new Map<number, { id: number }[]>();
  for (const organisationId of new Set(rows.map((t) => t.organisation_id))) {
    endpointsOf.set(organisationId, await subscribedEndpoints(tx, organisationId, type));
  }
  const deliveries = ticketIds.flatMap((id) => {
    const t = byId.get(id);
    const endpoints = t ? (endpointsOf.get(t.organisation_id) ?? []) : [];
    if (!t || !endpoints.length) return [];
    const eventId = `evt_${randomBytes(12).toString('hex')}`;
    const body = JSON.stringify({
      id: eventId,
      type,
      created: Math.floor(now.getTime() / 1000),
      data: attendeeData(t),
    });
    return endpoints.map((e) => ({ endpointId: e.id, eventId, type, body, orderingKey: `booking:${t.booking_id}` }));
  });
  const inserted = await insertDeliveries(tx, deliveries);
  await enqueueJobs(
    tx,
    DELIVER_WEBHOOK_JOB,
    inserted.map((r) => ({ deliveryId: r.id })),
    { maxAttempts: 1 },
  );
}

/** event.cancelled, in the cancelling transaction. */
export async function emitEventCancelled(tx: Db | Tx, eventId: number) {
  const e = await eventForWebhook(tx, eventId);
  if (!e) return;
  await emitWebhookEvent(
    tx,
    e.organisation_id,
    'event.cancelled',
    { object: 'event', id: e.id, title: e.title, start_time: iso(e.start_time), end_time: iso(e.end_time) },
    `event:${e.id}`,
  );
}

// ---- Delivering ----

const shorten = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 300);

/** Queues the next unfinished delivery of the chain now (the one waiting behind this). */
async function kickNext(db: Db, d: DeliveryRow) {
  const next = await findUnfinishedAfter(db, d);
  if (next) await enqueueJob(db, DELIVER_WEBHOOK_JOB, { deliveryId: next.id }, { maxAttempts: 1 });
}

/**
 * `webhooks.deliver`: one attempt of one delivery. It waits while an earlier delivery of its
 * chain is unfinished (in order per booking); claims the delivery (one attempt at a time); checks
 * the address at send time; signs and posts it (10 s); records the outcome; schedules the next
 * attempt with back-off for 24 hours, then fails it; disables the endpoint after 50 failures in
 * a row and mails its owners. The job itself is never retried by the queue: the delivery's own
 * schedule is the retry.
 */
export const deliverWebhookJob: JobHandler<{ deliveryId: number }> = {
  kind: DELIVER_WEBHOOK_JOB,
  async run({ deliveryId }, { ctx }) {
    const found = await findDeliveryWithEndpoint(ctx.db, deliveryId);
    if (!found) return;
    const { delivery, endpoint } = found;
    if (delivery.status === 'succeeded' || delivery.status === 'failed') return;
    const before = await findUnfinishedBefore(ctx.db, delivery);
    if (before) {
      const soonest = Date.now() + CHAIN_WAIT_SECONDS * 1000;
      const runAt = new Date(Math.max(soonest, before.nextAttemptAt?.getTime() ?? 0));
      await enqueueJob(ctx.db, DELIVER_WEBHOOK_JOB, { deliveryId }, { runAt, maxAttempts: 1 });
      return;
    }
    if (!(await claimDelivery(ctx.db, deliveryId, ATTEMPT_LEASE_SECONDS))) return;

    const at = new Date();
    let responseCode: number | null = null;
    let error: string | null = null;
    try {
      const address = await addressToConnect(ctx.db, new URL(endpoint.url).hostname, ctx.config.isProduction);
      const secret = await openSecret(ctx, endpoint.secretSealed);
      const t = Math.floor(at.getTime() / 1000);
      responseCode = await postWebhook(endpoint.url, address, delivery.body, {
        [WEBHOOK_SIGNATURE_HEADER]: signatureHeader(secret, delivery.body, t),
        'user-agent': 'Tikiti-Webhooks/1',
      });
      if (responseCode < 200 || responseCode >= 300) error = `HTTP ${responseCode}`;
    } catch (err) {
      error = shorten(err);
    }

    if (error === null) {
      await recordAttempt(ctx.db, deliveryId, {
        status: 'succeeded',
        responseCode,
        error: null,
        nextAttemptAt: null,
        at,
      });
      await resetFailures(ctx.db, endpoint.id);
      await kickNext(ctx.db, delivery);
      return;
    }
    const attempts = delivery.attempts + 1;
    const next = new Date(at.getTime() + webhookBackoffSeconds(attempts) * 1000);
    const giveUp = next.getTime() > delivery.createdAt.getTime() + WEBHOOK_LIMITS.retryForHours * 3_600_000;
    await recordAttempt(ctx.db, deliveryId, {
      status: giveUp ? 'failed' : 'retrying',
      responseCode,
      error,
      nextAttemptAt: giveUp ? null : next,
      at,
    });
    const failures = await addFailure(ctx.db, endpoint.id);
    if (failures >= WEBHOOK_LIMITS.disableAfterFailures) {
      await ctx.db.transaction(async (tx) => {
        if (!(await disableEndpoint(tx, endpoint.id))) return;
        await failUnfinished(tx, endpoint.id, 'Endpoint turned off after failing too often in a row');
        const mail = webhookDisabledMail({
          url: endpoint.url,
          failures,
          integrationsUrl: `${ctx.config.publicUrl}/organizer/integrations`,
        });
        for (const to of await ownerEmails(tx, endpoint.organisationId)) await enqueueMail(tx, { to, ...mail });
      });
      return;
    }
    if (giveUp) await kickNext(ctx.db, delivery);
    else await enqueueJob(ctx.db, DELIVER_WEBHOOK_JOB, { deliveryId }, { runAt: next, maxAttempts: 1 });
  },
};

export const webhooksJobs = [deliverWebhookJob] as JobHandler[];
