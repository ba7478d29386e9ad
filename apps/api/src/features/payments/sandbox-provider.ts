import { createHmac } from 'node:crypto';
import {
  SANDBOX_CARDS,
  SANDBOX_PROCESSING_MS,
  type IntentStatus,
  type SandboxCardNumber,
  type SandboxConfirmResult,
} from '@tikiti/contract';
import type { Db } from '../../db/client.js';
import { notFound } from '../../http/errors.js';
import { appSecret } from '../../lib/app-secrets.js';
import { findPaymentByIntent, findPaymentBySecret, markPaymentRefunded, updatePaymentState } from './payments.repo.js';
import type { CreateIntentInput, Intent, PaymentProvider } from './provider.js';

const SECRET_NAME = 'sandbox-intents';

/**
 * The built-in stand-in for a card provider (docs/product.md#checkout-and-payments): the same
 * states as Stripe's PaymentIntents, kept in the payments table, paid with Stripe's published
 * test card numbers only. Creating an intent needs no round trip: its id and secret are
 * derived from the idempotency key, so the same key always gives the same intent.
 */
export function sandboxProvider(db: Db): PaymentProvider {
  const intentOf = (row: {
    intentId: string;
    clientSecret: string;
    status: string;
    amountMinor: number;
    currency: string;
    lastError: string | null;
  }): Intent => ({
    id: row.intentId,
    clientSecret: row.clientSecret,
    status: row.status as IntentStatus,
    amountMinor: row.amountMinor,
    currency: row.currency,
    // The sandbox's "card" pays exactly what its payment row asks.
    amountReceivedMinor: row.status === 'succeeded' ? row.amountMinor : 0,
    lastError: row.lastError,
  });

  const localIntent = async (idempotencyKey: string) => {
    const secret = await appSecret(db, SECRET_NAME);
    const mac = (what: string) => createHmac('sha256', secret).update(`${what}:${idempotencyKey}`).digest('base64url');
    const id = `pi_sbx_${mac('id').slice(0, 24)}`;
    return { id, clientSecret: `${id}_secret_${mac('secret').slice(0, 24)}` };
  };

  return {
    name: 'sandbox',
    publishableKey: null,
    localIntent,

    async createIntent(input: CreateIntentInput): Promise<Intent> {
      return {
        ...(await localIntent(input.idempotencyKey)),
        status: 'requires_payment_method',
        amountMinor: input.amountMinor,
        currency: input.currency,
        amountReceivedMinor: 0,
        lastError: null,
      };
    },

    async retrieveIntent(intentId: string): Promise<Intent> {
      const row = await findPaymentByIntent(db, 'sandbox', intentId);
      if (!row) throw notFound('Payment');
      // The "processing" card succeeds once its few seconds are up.
      if (row.status === 'processing' && row.settlesAt && row.settlesAt.getTime() <= Date.now()) {
        await updatePaymentState(db, row.id, { status: 'succeeded', settlesAt: null });
        return intentOf({ ...row, status: 'succeeded' });
      }
      return intentOf(row);
    },

    async refund(intentId: string): Promise<void> {
      const row = await findPaymentByIntent(db, 'sandbox', intentId);
      if (!row) throw notFound('Payment');
      await markPaymentRefunded(db, row.id);
    },

    parseWebhook() {
      // The sandbox settles through POST v1/booking/retrieve; it sends no webhooks.
      return null;
    },
  };
}

/**
 * POST v1/payments/sandbox/confirm: pays a sandbox payment with a test card. A paid payment
 * stays paid (a second confirmation changes nothing); a declined one may be tried again.
 */
export async function confirmSandboxPayment(
  db: Db,
  clientSecret: string,
  card: SandboxCardNumber,
  now = new Date(),
): Promise<SandboxConfirmResult> {
  const row = await findPaymentBySecret(db, clientSecret);
  if (!row || row.provider !== 'sandbox') throw notFound('Payment');
  if (row.status === 'succeeded' || row.status === 'processing' || row.status === 'canceled') {
    return { status: row.status, message: row.lastError };
  }
  const outcome = SANDBOX_CARDS[card];
  if (outcome.outcome === 'succeeds') {
    await updatePaymentState(db, row.id, { status: 'succeeded', lastError: null });
    return { status: 'succeeded', message: null };
  }
  if (outcome.outcome === 'processing') {
    const settlesAt = new Date(now.getTime() + SANDBOX_PROCESSING_MS);
    await updatePaymentState(db, row.id, { status: 'processing', lastError: null, settlesAt });
    return { status: 'processing', message: null };
  }
  await updatePaymentState(db, row.id, { status: 'requires_payment_method', lastError: outcome.message });
  return { status: 'requires_payment_method', message: outcome.message };
}
