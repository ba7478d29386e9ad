/**
 * Payments as other features see them: the card provider behind one interface, the payments
 * table's records of each booking's attempts, and the job a provider's webhook queues.
 */
export { paymentsRoutes } from './payments.routes.js';
export { cardProvider } from './provider-for.js';
export { INTENT_CHANGED_JOB, type IntentChangedJob } from './intent-changed.js';
export {
  InvalidWebhookError,
  type CreateIntentInput,
  type Intent,
  type IntentChanged,
  type PaymentProvider,
} from './provider.js';
export {
  findLatestPayment,
  findPayment,
  findPaymentByIntent,
  findPaymentBySecret,
  insertPayment,
  markPaymentRefunded,
  findSucceededPayment,
  setPaymentCallback,
  setPaymentReceived,
  updatePaymentState,
  type PaymentRow,
} from './payments.repo.js';
