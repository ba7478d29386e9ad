import { z } from 'zod';
import { text } from '../common.js';
import { envelope } from '../envelope.js';

/**
 * M-Pesa Express (STK push) results as Daraja reports them (docs/product.md#m-pesa): each
 * ResultCode the buyer can cause, with what the buyer reads. Only 0 is paid; anything else
 * leaves the booking unpaid and the buyer may try again while the hold lasts.
 */
export const MPESA_RESULTS = {
  0: { kind: 'paid', message: 'The M-Pesa payment went through.' },
  1: { kind: 'insufficient_funds', message: 'Your M-Pesa balance is too low for this payment.' },
  1032: { kind: 'cancelled', message: 'You cancelled the M-Pesa prompt on your phone.' },
  1037: { kind: 'timed_out', message: 'The M-Pesa prompt timed out before the PIN was entered.' },
  2001: { kind: 'wrong_pin', message: 'The M-Pesa PIN entered was wrong.' },
} as const satisfies Record<number, { kind: string; message: string }>;
export type MpesaResultCode = keyof typeof MPESA_RESULTS;
export const MPESA_OTHER_FAILURE = 'M-Pesa could not take this payment.';

/** The buyer's message for a Daraja ResultCode ("1032" or 1032). */
export function mpesaResultMessage(code: number | string): string {
  const n = Number(code);
  return n in MPESA_RESULTS ? MPESA_RESULTS[n as MpesaResultCode].message : MPESA_OTHER_FAILURE;
}

/** Which failure a stored message is, for the web's own wording and icon; null when none of ours. */
export function mpesaFailureKind(message: string | null): (typeof MPESA_RESULTS)[MpesaResultCode]['kind'] | null {
  if (!message) return null;
  const found = Object.values(MPESA_RESULTS).find((r) => r.message === message);
  return found?.kind ?? null;
}

/**
 * A Kenyan mobile number as Daraja takes it: 2547XXXXXXXX or 2541XXXXXXXX, from any way people
 * write it (0712 345 678, +254 712 345 678, 712345678); null for anything else.
 */
export function mpesaPhone(raw: string): string | null {
  let digits = raw.replace(/[\s\-()+]/g, '');
  if (!/^\d+$/.test(digits)) return null;
  if (/^0[17]\d{8}$/.test(digits)) digits = `254${digits.slice(1)}`;
  else if (/^[17]\d{8}$/.test(digits)) digits = `254${digits}`;
  return /^254[17]\d{8}$/.test(digits) ? digits : null;
}
export const MPESA_PHONE_MESSAGE = 'Enter a Safaricom number such as 0712 345 678 (07… or 01…)';

/** The M-Pesa number of POST v1/event/book: checked, sent on as 2547XXXXXXXX. */
export const mpesaPhoneSchema = text()
  .trim()
  .max(20)
  .refine((s) => mpesaPhone(s) !== null, MPESA_PHONE_MESSAGE);

/** How long the simulator's phone waits for a PIN before the prompt times out (Safaricom: about a minute). */
export const MPESA_SIMULATOR_TIMEOUT_MS = 60_000;

/** One prompt on the development phone (/dev/mpesa). */
export const mpesaPromptSchema = z.object({
  id: z.string(),
  phone: z.string(),
  amount: z.number().int(),
  business: z.string(),
  reference: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
});
export type MpesaPrompt = z.infer<typeof mpesaPromptSchema>;
export const mpesaPromptsResponseSchema = envelope(z.array(mpesaPromptSchema));

/** POST /dev/mpesa/prompts/{id}: the phone's answer: Send with a PIN, or Cancel. */
export const mpesaPromptAnswerSchema = z.object({
  action: z.enum(['send', 'cancel']),
  pin: text().max(20).optional(),
});
export type MpesaPromptAnswer = z.infer<typeof mpesaPromptAnswerSchema>;
