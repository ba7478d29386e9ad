/**
 * Payments as other features see them: the card provider behind one interface, and the
 * payments table's records of each booking's attempts.
 */
export { paymentsRoutes } from './payments.routes.js';
export { cardProvider } from './provider-for.js';
export { InvalidWebhookError, type CreateIntentInput, type Intent, type PaymentProvider } from './provider.js';
export {
  findLatestPayment,
  findPaymentBySecret,
  insertPayment,
  markPaymentRefunded,
  updatePaymentState,
  type PaymentRow,
} from './payments.repo.js';
