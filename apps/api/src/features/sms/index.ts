/**
 * SMS as other features see it (docs/product.md#messages-to-attendees): queue one (checkout's
 * tickets by SMS), send one now (the messages feature's delivery job), the job handler for the
 * composition root, the /dev/sms pages for the route table.
 */
export { drainSmsOutbox, enqueueSms, sendSms, sendSmsJob } from './sms.service.js';
export { smsDevRoutes } from './sms.routes.js';
