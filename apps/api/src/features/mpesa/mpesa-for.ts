import type { AppContext } from '../../app-context.js';
import type { Db } from '../../db/client.js';
import type { PaymentProvider } from '../payments/index.js';
import { darajaClient, type DarajaClient, type DarajaConfig, type DarajaPayoutConfig } from './daraja-client.js';
import { darajaSimulator, type DarajaSimulator } from './daraja-simulator.js';
import { mpesaProvider } from './mpesa-provider.js';

/** The simulator's own credentials: it only ever talks to this process. */
const SIMULATOR = {
  consumerKey: 'tikiti-simulator',
  consumerSecret: 'tikiti-simulator-secret',
  shortcode: '174379',
  passkey: 'tikiti-simulator-passkey',
};
/** The simulator's payout initiator and the shortcode payouts leave from. */
const SIMULATOR_PAYOUT = {
  initiator: 'tikiti-initiator',
  securityCredential: 'tikiti-simulator-credential',
  shortcode: '600999',
};
const B2C_RESULT_PATH = '/v1/payments/mpesa/b2c/result';
const B2C_TIMEOUT_PATH = '/v1/payments/mpesa/b2c/timeout';

/** Daraja's client and what its payout calls need, or null when payouts by M-Pesa are not configured. */
export interface MpesaPayouts {
  client: DarajaClient;
  config: DarajaPayoutConfig;
}

interface Mpesa {
  provider: PaymentProvider;
  simulator: DarajaSimulator | null;
  payouts: MpesaPayouts | null;
}
const made = new WeakMap<Db, Mpesa>();

function mpesaOf(ctx: AppContext): Mpesa {
  let m = made.get(ctx.db);
  if (!m) {
    if (ctx.config.mpesa) {
      const client = darajaClient(ctx.config.mpesa);
      const b2c = ctx.config.mpesaB2c;
      const at = (path: string) => new URL(path, ctx.config.mpesa!.callbackUrl).toString();
      m = {
        provider: mpesaProvider(client, ctx.db),
        simulator: null,
        payouts: b2c
          ? { client, config: { ...b2c, resultUrl: at(B2C_RESULT_PATH), timeoutUrl: at(B2C_TIMEOUT_PATH) } }
          : null,
      };
    } else {
      const simulator = darajaSimulator({ ...SIMULATOR, businessName: 'Tikiti', payout: SIMULATOR_PAYOUT });
      const config: DarajaConfig = {
        ...SIMULATOR,
        baseUrl: 'http://daraja-simulator.invalid',
        callbackUrl: `${ctx.config.publicUrl}/v1/payments/mpesa/callback`,
      };
      const client = darajaClient(config, { fetch: simulator.fetch });
      m = {
        provider: mpesaProvider(client, ctx.db),
        simulator,
        payouts: {
          client,
          config: {
            ...SIMULATOR_PAYOUT,
            resultUrl: `${ctx.config.publicUrl}${B2C_RESULT_PATH}`,
            timeoutUrl: `${ctx.config.publicUrl}${B2C_TIMEOUT_PATH}`,
          },
        },
      };
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

/**
 * Daraja's B2C/B2B for payouts (docs/decisions/0031-payout-safeguards.md): Safaricom's when
 * MPESA_* and MPESA_B2C_* are set, the simulator's when MPESA_* are not; null when Daraja is
 * configured without MPESA_B2C_* (M-Pesa payouts then wait, approved, until it is).
 */
export const mpesaPayouts = (ctx: AppContext): MpesaPayouts | null => mpesaOf(ctx).payouts;
