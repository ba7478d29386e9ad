import { z } from 'zod';
import { envelope } from '../envelope.js';
import { inviteTeammateBodySchema } from './invite-teammate.js';
import { teammateSchema } from './list-team.js';

/**
 * Roles a teammate can be given: `admin` has the owner's rights on the organisation's events;
 * `checkin` (door-only) sees the check-in pages and nothing else. There is one `owner`, the
 * account that registered the organisation; nobody can change or remove it.
 */
export const TEAMMATE_ROLES = ['admin', 'checkin'] as const;
export type TeammateRole = (typeof TEAMMATE_ROLES)[number];
export const teammateRoleSchema = z.enum(TEAMMATE_ROLES, { error: 'Choose a role' });

/** POST v1/client/team/invite → 201: v1/register with a role (door-only teammates are invited here). */
export const inviteWithRoleBodySchema = inviteTeammateBodySchema.extend({ role: teammateRoleSchema });
export type InviteWithRoleBody = z.infer<typeof inviteWithRoleBodySchema>;

/** PUT v1/client/team/{id}/role → 200: another role for a teammate (not the owner, not yourself). */
export const changeRoleBodySchema = z.object({ role: teammateRoleSchema });
export type ChangeRoleBody = z.infer<typeof changeRoleBodySchema>;

/** POST v1/client/team/{id}/resend → 200: a new invite code for a teammate who has not signed in yet; the old one stops working. */
/** DELETE v1/client/team/{id} → 200: revokes a pending invite or removes a teammate (not the owner, not yourself); their sessions end. */
export const teammateResponseSchema = envelope(teammateSchema);
export const removeTeammateResponseSchema = envelope(z.null());

/** GET v1/client/me: who the signed-in organiser is and what their role lets them do (the web app's menus follow it). */
export const organiserMeSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email_address: z.string(),
  role: z.enum(['owner', 'admin', 'checkin']),
  organisation: z.object({ id: z.number().int(), display_name: z.string() }),
});
export type OrganiserMe = z.infer<typeof organiserMeSchema>;
export const organiserMeResponseSchema = envelope(organiserMeSchema);
