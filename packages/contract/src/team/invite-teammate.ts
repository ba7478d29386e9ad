import { z } from 'zod';
import { emailSchema, msisdnSchema, personNameSchema } from '../common.js';
import { envelope } from '../envelope.js';
import { teammateSchema } from './list-team.js';

/** POST v1/register: invite a teammate → 201; 409 when the email is taken. */
export const inviteTeammateBodySchema = z.object({
  first_name: personNameSchema,
  last_name: personNameSchema,
  email_address: emailSchema,
  msisdn: msisdnSchema,
});
export type InviteTeammateBody = z.infer<typeof inviteTeammateBodySchema>;
export const inviteTeammateResponseSchema = envelope(teammateSchema);
