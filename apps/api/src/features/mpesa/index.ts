/**
 * M-Pesa Express through Safaricom's Daraja (docs/decisions/0012-mpesa-daraja.md): the client,
 * the built-in simulator, the provider checkout pays with, the result callback and the
 * simulator's phone page.
 */
export { mpesaPaymentProvider, mpesaPayouts, mpesaSimulator, type MpesaPayouts } from './mpesa-for.js';
export { DarajaError, type PayoutInput } from './daraja-client.js';
export { STATUS_NOT_FOUND_CODE, type DarajaResultBody } from './daraja-simulator.js';
export { mpesaRoutes, mpesaDevRoutes } from './mpesa.routes.js';
