/**
 * Webhooks as other features see them (docs/api.md#webhooks): the emitters each changing feature
 * calls in its own transaction (checkout, orders, etickets, checkin), the routes and the delivery
 * job for the composition roots, and the resolver a test can answer with.
 */
export {
  emitAttendeeEvent,
  emitBookingEvent,
  emitEventCancelled,
  webhooksJobs,
  type BookingCancelReason,
} from './webhooks.service.js';
/** The offline sync's admissions, many at once (issue 29). */
export { emitAttendeeEvents } from './webhooks.service.js';
export { webhooksRoutes } from './webhooks.routes.js';
export { setWebhookResolver, type Resolver } from './webhook-address.js';
/** For the demo seed: sealing its endpoint's secret. */
export { sealWithKey, WEBHOOK_SEALING_SECRET } from './webhooks.service.js';
