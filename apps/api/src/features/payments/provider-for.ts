import type { AppContext } from '../../app-context.js';
import type { Db } from '../../db/client.js';
import type { PaymentProvider } from './provider.js';
import { sandboxProvider } from './sandbox-provider.js';
import { stripeProvider } from './stripe-provider.js';

const providers = new WeakMap<Db, PaymentProvider>();

/**
 * The card provider of this app (docs/product.md#checkout-and-payments): Stripe when
 * STRIPE_SECRET_KEY is set, else the sandbox. One per database handle, made on first use.
 */
export function cardProvider(ctx: AppContext): PaymentProvider {
  let provider = providers.get(ctx.db);
  if (!provider) {
    provider = ctx.config.stripe ? stripeProvider(ctx.config.stripe) : sandboxProvider(ctx.db);
    providers.set(ctx.db, provider);
  }
  return provider;
}
