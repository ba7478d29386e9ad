import { z } from 'zod';
import { idTextSchema, text } from '../common.js';
import { envelope } from '../envelope.js';

/**
 * Webhooks (docs/api.md#webhooks): an organisation's endpoints, the events they receive, and
 * each delivery's log.
 */
export const WEBHOOK_EVENT_TYPES = [
  'booking.paid',
  'booking.refunded',
  'booking.cancelled',
  'attendee.updated',
  'attendee.checked_in',
  'event.cancelled',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const WEBHOOK_STATUSES = ['active', 'disabled'] as const;
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'retrying', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const WEBHOOK_LIMITS = {
  urlMax: 2000,
  descriptionMax: 200,
  endpointsPerOrganisation: 10,
  /** One attempt waits this long for the receiver's answer. */
  timeoutMs: 10_000,
  /** A delivery is retried with back-off for this long after it was created, then failed. */
  retryForHours: 24,
  /** Failed deliveries in a row that disable an endpoint (its owners are mailed). */
  disableAfterFailures: 50,
  /** The signature's time may differ from the receiver's clock by this much (the example checks it). */
  toleranceSeconds: 300,
} as const;

/** The header each delivery is signed in: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export const WEBHOOK_SIGNATURE_HEADER = 'Tikiti-Signature';

/** POST v1/client/webhooks: https only in production; private and loopback hosts refused there. */
export const createWebhookBodySchema = z.object({
  url: text().trim().min(1, 'Enter the address').max(WEBHOOK_LIMITS.urlMax).url('Enter a full address, https://…'),
  events: z
    .array(z.enum(WEBHOOK_EVENT_TYPES))
    .min(1, 'Choose at least one event')
    .refine((e) => new Set(e).size === e.length, 'Each event once'),
  description: text().trim().max(WEBHOOK_LIMITS.descriptionMax).optional(),
});
export type CreateWebhookBody = z.infer<typeof createWebhookBodySchema>;

export const webhookSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  description: z.string(),
  status: z.enum(WEBHOOK_STATUSES),
  /** Failed deliveries since the last success. */
  consecutive_failures: z.number().int(),
  disabled_at: z.string().nullable(),
  created_at: z.string(),
});
export type Webhook = z.infer<typeof webhookSchema>;

/** 201 of POST v1/client/webhooks: the endpoint and its signing secret, shown this once. */
export const webhookCreatedSchema = webhookSchema.extend({ secret: z.string() });
export type WebhookCreated = z.infer<typeof webhookCreatedSchema>;
export const createWebhookResponseSchema = envelope(webhookCreatedSchema);

/** GET v1/client/webhooks. */
export const listWebhooksResponseSchema = envelope(z.array(webhookSchema));

/** DELETE v1/client/webhooks/{id}: its pending deliveries are dropped. POST …/{id}/enable turns a disabled one back on. */
export const webhookResponseSchema = envelope(webhookSchema);

/** GET v1/client/webhooks/{id}/deliveries: newest first, one page. */
export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  /** The event's id in the body (`evt_…`): a resend carries the same one, so receivers can dedupe. */
  event_id: z.string(),
  type: z.enum(WEBHOOK_EVENT_TYPES),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  /** The receiver's last HTTP status; null when it never answered. */
  response_code: z.number().int().nullable(),
  /** The last failure, shortened (timeout, refused address, HTTP 500, …). */
  error: z.string().nullable(),
  created_at: z.string(),
  last_attempt_at: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export const listDeliveriesSchema = z.object({ data: z.array(webhookDeliverySchema), total: z.number().int() });
export const listDeliveriesResponseSchema = envelope(listDeliveriesSchema);

/** POST v1/client/webhooks/{id}/deliveries/{delivery_id}/resend: a new delivery of the same event (201). */
export const deliveryParamsSchema = z.object({ id: idTextSchema, delivery_id: idTextSchema });
export const resendDeliveryResponseSchema = envelope(webhookDeliverySchema);

/** The body of every delivery. `data` is the object the event is about. */
export const webhookPayloadSchema = z.object({
  id: z.string(),
  type: z.enum(WEBHOOK_EVENT_TYPES),
  /** Unix seconds. */
  created: z.number().int(),
  data: z.record(z.string(), z.unknown()),
});
export type WebhookPayload = z.infer<typeof webhookPayloadSchema>;
