/**
 * Orders as other features see them (docs/decisions/0010-refunds-and-cancellation.md): the
 * routes and jobs for the composition roots, and what the door needs to know of a ticket
 * after the sale. A refunded booking's e-tickets are revoked (`e_tickets.revoked_at`, set in
 * the transaction that refunds it); a cancelled event refunds every paid booking, so its
 * tickets are revoked too, and the event itself is status 3.
 */
export { ordersRoutes } from './orders.routes.js';
export { ordersJobs } from './orders.jobs.js';
export { CANCEL_EVENT_JOB } from './orders.service.js';
export { admissionRefusal, type AdmissionRefusal } from './revoked.js';
/** Privacy: a buyer deleting their account cancels a booking for an event to come. */
export { cancelForDeletedAccount } from './orders.service.js';
