import { z } from 'zod';
import { ACCOUNT_TYPES, LIMITS } from '../constants.js';
import { envelope } from '../envelope.js';
import { text } from '../common.js';

/** Username is the account's email or phone number. */
export const usernameSchema = text().trim().min(1, 'Username is required').max(254);
export const passwordSchema = text()
  .min(LIMITS.passwordMin, `Use at least ${LIMITS.passwordMin} characters`)
  .max(LIMITS.passwordMax, `Use at most ${LIMITS.passwordMax} characters`);

/** What a sign-in returns besides the `auth` header: the person's first and last name. */
export const signedInSchema = z.object({
  fn: z.string(),
  ln: z.string(),
  account_type: z.enum(ACCOUNT_TYPES),
});
export type SignedIn = z.infer<typeof signedInSchema>;
export const signedInResponseSchema = envelope(signedInSchema);

/** POST v1/auth/login → 200, token in the `auth` header. */
export const loginBodySchema = z.object({
  username: usernameSchema,
  password: text().min(1, 'Password is required').max(1024),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/** POST v1/auth/password/reset: set a password with a mailed code, then sign in. */
export const resetPasswordBodySchema = z.object({
  code: text()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code'),
  username: usernameSchema,
  password: passwordSchema,
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

/** POST v1/auth/password/forgot: always the same answer (no account enumeration). */
export const forgotPasswordBodySchema = z.object({ username: usernameSchema });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBodySchema>;
export const forgotPasswordResponseSchema = envelope(z.null());

/** POST v1/auth/logout: revokes the token sent in `Auth`. */
export const logoutResponseSchema = envelope(z.null());
