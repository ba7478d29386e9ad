import { routes } from '../../lib/routes';

/** The success page of a payment, as Stripe's return address names it (docs/product.md#routes-and-screens). */
export const successPath = (clientSecret: string) =>
  `${routes.paymentSuccess}?payment_intent_client_secret=${encodeURIComponent(clientSecret)}`;
