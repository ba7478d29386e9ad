import type { AppContext } from '../../app-context.js';
import type { Db } from '../../db/client.js';
import type { PaymentProvider } from '../payments/index.js';
import { darajaClient, type DarajaConfig } from './daraja-client.js';
import { darajaSimulator, type DarajaSimulator } from './daraja-simulator.js';
import { mpesaProvider } from './mpesa-provider.js';

/** The simulator's own credentials: it only ever talks to this process. */
const SIMULATOR = {
  consumerKey: 'tikiti-simulator',
  consumerSecret: 'tikiti-simulator-secret',
  shortcode: '174379',
  passkey: 'tikiti-simulator-passkey',
};

interface Mpesa {
  provider: PaymentProvider;
  simulator: DarajaSimulator | null;
}
const made = new WeakMap<Db, Mpesa>();

function mpesaOf(ctx: AppContext): Mpesa {
  let m = made.get(ctx.db);
  if (!m) {
    if (ctx.config.mpesa) {
      m = { provider: mpesaProvider(darajaClient(ctx.config.mpesa), ctx.db), simulator: null };
    } else {
      const simulator = darajaSimulator({ ...SIMULATOR, businessName: 'Tikiti' });
      const config: DarajaConfig = {
        ...SIMULATOR,
        baseUrl: 'http://daraja-simulator.invalid',
        callbackUrl: `${ctx.config.publicUrl}/v1/payments/mpesa/callback`,
      };
      m = { provider: mpesaProvider(darajaClient(config, { fetch: simulator.fetch }), ctx.db), simulator };
    }
    made.set(ctx.db, m);
  }
  return m;
}

/**
 * The M-Pesa provider of this app: Safaricom's Daraja when the MPESA_* settings are given,
 * else the built-in simulator. One per database handle, made on first use.
 */
export const mpesaPaymentProvider = (ctx: AppContext): PaymentProvider => mpesaOf(ctx).provider;

/** The simulator behind M-Pesa, or null when Daraja is configured. */
export const mpesaSimulator = (ctx: AppContext): DarajaSimulator | null => mpesaOf(ctx).simulator;
