import { z } from 'zod';
import { envelope } from '../envelope.js';
import { text } from '../common.js';
import { signedInSchema } from './sign-in.js';

/** A code from an authenticator app (RFC 6238: 6 digits, a new one every 30 s). */
export const totpCodeSchema = text()
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app');

/**
 * The second step of a sign-in takes the app's code or one of the recovery codes (10 letters
 * and digits, shown as `ABCDE-23456`; spaces, dashes and case do not matter).
 */
export const secondFactorCodeSchema = text()
  .trim()
  .regex(
    /^(\d{6}|[A-Za-z0-9]{5}[\s-]?[A-Za-z0-9]{5})$/,
    'Enter the 6-digit code from your authenticator app, or a recovery code',
  );

/**
 * POST v1/auth/login (and v1/auth/password/reset) for an account with two-factor sign-in: no
 * session yet, but a short-lived token for the second step (POST v1/auth/login/totp).
 */
export const secondStepSchema = z.object({
  second_factor: z.literal('totp'),
  pending_token: z.string(),
  expires_at: z.string(),
});
export type SecondStep = z.infer<typeof secondStepSchema>;

/** What an organiser sign-in answers: signed in (token in `auth`), or the second step to take. */
export const organiserSignInSchema = z.union([signedInSchema, secondStepSchema]);
export type OrganiserSignIn = z.infer<typeof organiserSignInSchema>;
export const organiserSignInResponseSchema = envelope(organiserSignInSchema);

/** POST v1/auth/login/totp: the second step; answers as a sign-in does, token in `auth`. */
export const loginTotpBodySchema = z.object({
  pending_token: text().min(20).max(200),
  code: secondFactorCodeSchema,
});
export type LoginTotpBody = z.infer<typeof loginTotpBodySchema>;

/** GET v1/auth/totp: whether two-factor sign-in is on for the caller. */
export const totpStatusSchema = z.object({
  enabled: z.boolean(),
  enabled_at: z.string().nullable(),
  recovery_codes_left: z.number().int(),
});
export type TotpStatus = z.infer<typeof totpStatusSchema>;
export const totpStatusResponseSchema = envelope(totpStatusSchema);

/**
 * POST v1/auth/totp/setup: a new secret, not active until enabled with a code from it. Shown
 * this once: the secret (base32, for typing), the otpauth:// address and its QR code as an image.
 */
export const totpSetupSchema = z.object({
  secret: z.string(),
  otpauth_uri: z.string(),
  qr_data_url: z.string(),
});
export type TotpSetup = z.infer<typeof totpSetupSchema>;
export const totpSetupResponseSchema = envelope(totpSetupSchema);

/** POST v1/auth/totp/enable: a code from the app proves the setup; answers the recovery codes, shown once. */
export const enableTotpBodySchema = z.object({ code: totpCodeSchema });
export type EnableTotpBody = z.infer<typeof enableTotpBodySchema>;
export const recoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;
export const enableTotpResponseSchema = envelope(recoveryCodesSchema);

/** POST v1/auth/totp/disable: the password and a code (from the app, or a recovery code). */
export const disableTotpBodySchema = z.object({
  password: text().min(1, 'Password is required').max(1024),
  code: secondFactorCodeSchema,
});
export type DisableTotpBody = z.infer<typeof disableTotpBodySchema>;
export const disableTotpResponseSchema = envelope(z.null());
