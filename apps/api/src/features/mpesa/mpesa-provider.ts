import { randomBytes } from 'node:crypto';
import { isWholeMajor, mpesaResultMessage, toMajor } from '@tikiti/contract';
import { badRequest, invalidField, serviceUnavailable } from '../../http/errors.js';
import type { Db } from '../../db/client.js';
import { findPaymentByIntent, type CreateIntentInput, type Intent, type PaymentProvider } from '../payments/index.js';
import { DarajaError, type DarajaClient } from './daraja-client.js';

/** What an M-Pesa payment is called on statements and the phone's prompt (13 characters at most). */
const DESCRIPTION = 'Tikiti ticket';

/**
 * M-Pesa Express behind the payment provider interface (docs/decisions/0012-mpesa-daraja.md).
 * An intent is one STK push: its id is Daraja's CheckoutRequestID, its secret our own random
 * one. Its state is always read with the STK query, never taken from a callback: processing
 * while the buyer has the prompt, succeeded on ResultCode 0, and on any other ResultCode
 * `requires_payment_method` with the buyer's reason (cancelled, timed out, low balance, wrong PIN).
 * The query does not say how much was paid: the amount received is the result callback's
 * `Amount` when one came, else what the prompt asked (M-Pesa takes exactly that).
 */
export function mpesaProvider(client: DarajaClient, db: Db): PaymentProvider {
  return {
    name: 'mpesa',
    publishableKey: null,

    async createIntent(input: CreateIntentInput): Promise<Intent> {
      if (input.currency !== 'KES') {
        throw invalidField(
          'payment_method',
          'M-Pesa takes Kenyan shillings only; pay for this event by card',
          'payment.mpesa_kes_only',
        );
      }
      if (!input.phone) throw invalidField('phone', 'Enter the M-Pesa number to send the prompt to');
      if (!isWholeMajor(input.amountMinor, 'KES')) throw badRequest('M-Pesa takes whole shillings only');
      let accepted;
      try {
        accepted = await client.stkPush({
          amount: toMajor(input.amountMinor, 'KES'),
          phone: input.phone,
          accountReference: input.reference,
          description: DESCRIPTION,
        });
      } catch (err) {
        // Daraja's refusal of the number itself is the buyer's to fix; anything else is ours.
        if (err instanceof DarajaError && err.status === 400 && /phone/i.test(err.message)) {
          throw invalidField('phone', 'M-Pesa does not know this number; check it and try again');
        }
        throw err;
      }
      return {
        id: accepted.checkoutRequestId,
        clientSecret: `mp_${randomBytes(24).toString('base64url')}`,
        status: 'processing',
        amountMinor: input.amountMinor,
        currency: input.currency,
        amountReceivedMinor: 0,
        lastError: null,
        phone: input.phone,
      };
    },

    async retrieveIntent(intentId: string): Promise<Intent> {
      let result;
      try {
        result = await client.stkQuery(intentId);
      } catch (err) {
        // Daraja down or throttling: the booking stays as it is and is asked about again.
        if (err instanceof DarajaError)
          throw serviceUnavailable('M-Pesa did not answer just now, please check again', 'payment.unavailable');
        throw err;
      }
      const base = { id: intentId, clientSecret: '', amountMinor: 0, currency: 'KES', amountReceivedMinor: 0 };
      if (result.state === 'processing') return { ...base, status: 'processing', lastError: null };
      if (result.resultCode === 0) {
        const row = await findPaymentByIntent(db, 'mpesa', intentId);
        return {
          ...base,
          amountMinor: row?.amountMinor ?? 0,
          currency: row?.receivedCurrency ?? row?.currency ?? 'KES',
          amountReceivedMinor: row?.receivedMinor ?? row?.amountMinor ?? 0,
          status: 'succeeded',
          lastError: null,
        };
      }
      return { ...base, status: 'requires_payment_method', lastError: mpesaResultMessage(result.resultCode) };
    },

    async refund(): Promise<void> {
      // Daraja's reversal needs an initiator's credentials we do not hold: the organiser gives
      // M-Pesa money back from the M-Pesa portal (docs/decisions/0012-mpesa-daraja.md).
      throw new Error('M-Pesa payments are reversed from the M-Pesa business portal, not by Tikiti');
    },

    parseWebhook() {
      // Daraja's callback has its own route (POST v1/payments/mpesa/callback).
      return null;
    },
  };
}
