import { z } from 'zod';
import { text } from '../common.js';
import { envelope } from '../envelope.js';
import { PAYMENT_PROVIDERS } from './book-event.js';
import { INTENT_STATUSES } from './retrieve-booking.js';

/** GET v1/payments/config: which card form the web app shows. */
export const paymentConfigSchema = z.object({
  provider: z.enum(PAYMENT_PROVIDERS),
  /** Stripe's publishable key; null for the sandbox. */
  publishable_key: z.string().nullable(),
  /** Who answers M-Pesa prompts: Safaricom's Daraja, or the built-in simulator (its phone at /dev/mpesa). */
  mpesa: z.enum(['daraja', 'simulator']),
});
export type PaymentConfig = z.infer<typeof paymentConfigSchema>;
export const paymentConfigResponseSchema = envelope(paymentConfigSchema);

/**
 * The sandbox's test cards: Stripe's published test numbers and what each does. The web app
 * refuses every other number before it leaves the browser, and the server refuses it again,
 * so no real card number is ever taken (docs/product.md#checkout-and-payments).
 */
export const SANDBOX_CARDS = {
  '4242424242424242': { outcome: 'succeeds' },
  '4000000000000002': { outcome: 'declined', message: 'Your card was declined.' },
  '4000000000009995': { outcome: 'declined', message: 'Your card has insufficient funds.' },
  '4000000000000077': { outcome: 'processing' },
} as const satisfies Record<string, { outcome: 'succeeds' | 'declined' | 'processing'; message?: string }>;
export type SandboxCardNumber = keyof typeof SANDBOX_CARDS;
/** How long the sandbox's "processing" card keeps a payment processing before it succeeds. */
export const SANDBOX_PROCESSING_MS = 4000;
export const SANDBOX_UNKNOWN_CARD = 'Use one of the sandbox test cards, such as 4242 4242 4242 4242.';

export const isSandboxCard = (digits: string): digits is SandboxCardNumber => digits in SANDBOX_CARDS;

/** POST v1/payments/sandbox/confirm: pays a sandbox payment with a test card. */
export const sandboxConfirmBodySchema = z.object({
  client_secret: text().trim().min(1).max(300),
  card_number: text()
    .transform((s) => s.replace(/[\s-]/g, ''))
    .refine(isSandboxCard, SANDBOX_UNKNOWN_CARD),
  /** MM / YY in the future. */
  expiry: text()
    .trim()
    .regex(/^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/, 'Enter the expiry as MM / YY'),
  cvc: text()
    .trim()
    .regex(/^\d{3,4}$/, 'Enter the 3 or 4 digits on the back'),
});
export type SandboxConfirmBody = z.input<typeof sandboxConfirmBodySchema>;

export const sandboxConfirmResultSchema = z.object({
  status: z.enum(INTENT_STATUSES),
  /** The card's error ("Your card was declined."), when it failed. */
  message: z.string().nullable(),
});
export type SandboxConfirmResult = z.infer<typeof sandboxConfirmResultSchema>;
export const sandboxConfirmResponseSchema = envelope(sandboxConfirmResultSchema);
