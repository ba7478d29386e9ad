/**
 * M-Pesa Express through Safaricom's Daraja (docs/decisions/0012-mpesa-daraja.md): the client,
 * the built-in simulator, the provider checkout pays with, the result callback and the
 * simulator's phone page.
 */
export { mpesaPaymentProvider, mpesaSimulator } from './mpesa-for.js';
export { mpesaRoutes, mpesaDevRoutes } from './mpesa.routes.js';
