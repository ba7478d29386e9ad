import { z } from 'zod';
import { emailSchema, msisdnSchema, personNameSchema, text } from '../common.js';
import { envelope } from '../envelope.js';

/** POST v1/client/register (docs/product.md#entities-and-fields) → 201. */
export const registerOrganiserBodySchema = z.object({
  first_name: personNameSchema,
  last_name: personNameSchema,
  msisdn: msisdnSchema,
  email_address: emailSchema,
  organization_name: text().trim().min(1, 'Required').max(150),
  display_name: text().trim().min(1, 'Required').max(100),
  organization_email_address: emailSchema,
  organization_msisdn: msisdnSchema,
});
export type RegisterOrganiserBody = z.infer<typeof registerOrganiserBodySchema>;
/** Step 1 of the form (docs/product.md#organiser-side): the person. */
export const registerStepOneSchema = registerOrganiserBodySchema.pick({
  first_name: true,
  last_name: true,
  msisdn: true,
  email_address: true,
});
export type RegisterStepOne = z.infer<typeof registerStepOneSchema>;
export const registerOrganiserResponseSchema = envelope(z.object({ username: z.string() }));
