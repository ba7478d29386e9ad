import { z } from 'zod';
import { emailSchema, text } from '../common.js';
import { envelope } from '../envelope.js';

/** POST v1/auth/code/request: mail a one-time sign-in code to a buyer. */
export const requestCodeBodySchema = z.object({ email: emailSchema });
export type RequestCodeBody = z.infer<typeof requestCodeBodySchema>;
export const requestCodeResponseSchema = envelope(z.null());

/** POST v1/auth/code/verify: sign in (or sign up) a buyer with the mailed code. */
export const verifyCodeBodySchema = z.object({
  email: emailSchema,
  code: text()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code'),
});
export type VerifyCodeBody = z.infer<typeof verifyCodeBodySchema>;

/** POST v1/auth/firebase (docs/product.md#buyer-sign-in) plus the verified ID token. */
export const socialSignInBodySchema = z.object({
  firebaseUid: text().max(255).optional(),
  email: text().max(254).optional(),
  name: text().max(200).optional(),
  photoURL: text().max(2048).optional(),
  providerId: z.literal('google').optional(),
  /** Google ID token; only its verified claims are trusted (docs/product.md#buyer-sign-in). */
  credential: text().min(1, 'credential is required').max(8192),
});
export type SocialSignInBody = z.infer<typeof socialSignInBodySchema>;

/** GET v1/auth/config: which buyer sign-in methods this server offers. */
export const authConfigSchema = z.object({
  /** Google's OAuth client id when Google sign-in is on, else null (no button). */
  google_client_id: z.string().nullable(),
});
export type AuthConfig = z.infer<typeof authConfigSchema>;
export const authConfigResponseSchema = envelope(authConfigSchema);
