import { z } from 'zod';
import { envelope } from '../envelope.js';
import { text } from '../common.js';
import { passwordSchema } from './sign-in.js';

/**
 * One sign-in of the caller's account (docs/product.md#passwords-and-sessions): the device as
 * its browser named itself, summarised ("Chrome on Windows"), the address it came from, when it
 * began and was last used; `current` is the session making the call.
 */
export const accountSessionSchema = z.object({
  id: z.number().int(),
  device: z.string(),
  address: z.string(),
  created_at: z.string(),
  last_used_at: z.string(),
  expires_at: z.string(),
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;

/** GET v1/auth/sessions: the caller's live sessions, the current one first, then the latest used. */
export const listSessionsResponseSchema = envelope(z.array(accountSessionSchema));

/** DELETE v1/auth/sessions/{id}: that session ends at once. */
export const endSessionResponseSchema = envelope(z.null());

/** DELETE v1/auth/sessions: every session of the account but the caller's ends at once. */
export const endOtherSessionsSchema = z.object({ ended: z.number().int() });
export const endOtherSessionsResponseSchema = envelope(endOtherSessionsSchema);

/**
 * POST v1/auth/confirm: the password again, before a call that asks for it (exporting attendee
 * data). For LIMITS.confirmMinutes this session may make those calls.
 */
export const confirmPasswordBodySchema = z.object({ password: text().min(1, 'Password is required').max(1024) });
export type ConfirmPasswordBody = z.infer<typeof confirmPasswordBodySchema>;
export const confirmedSchema = z.object({ confirmed_until: z.string() });
export const confirmPasswordResponseSchema = envelope(confirmedSchema);

/** POST v1/auth/password/change: a signed-in organiser's new password; every other session ends. */
export const changePasswordBodySchema = z.object({
  current_password: text().min(1, 'Password is required').max(1024),
  password: passwordSchema,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;
export const changePasswordResponseSchema = envelope(z.null());
