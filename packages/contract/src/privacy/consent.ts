import { z } from 'zod';
import { envelope } from '../envelope.js';
import { text } from '../common.js';

/**
 * Marketing consent (docs/security.md#consent): the exact words a person is shown are recorded
 * with their answer, so they live here, once, for the web and the API alike.
 */

/** PUT v1/account/consent: the account's toggle, on or off. */
export const setConsentBodySchema = z.object({ marketing: z.boolean() });
export type SetConsentBody = z.infer<typeof setConsentBodySchema>;
export const consentSchema = z.object({ marketing_consent: z.boolean(), consent_wording: z.string() });
export const setConsentResponseSchema = envelope(consentSchema);

/**
 * POST v1/consent/withdraw: the one-click link of a marketing mail (no sign-in). `token` is the
 * link's signed token; the answer names the address, masked, that will get no more news.
 */
export const withdrawConsentBodySchema = z.object({ token: text().trim().min(1).max(600) });
export type WithdrawConsentBody = z.infer<typeof withdrawConsentBodySchema>;
export const withdrawnSchema = z.object({ email: z.string() });
export const withdrawConsentResponseSchema = envelope(withdrawnSchema);
