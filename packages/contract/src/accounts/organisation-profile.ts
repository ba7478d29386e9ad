import { z } from 'zod';
import { envelope } from '../envelope.js';

/** GET v1/client/self (docs/product.md#entities-and-fields). */
export const organisationProfileSchema = z.object({
  id: z.number().int(),
  organization_name: z.string(),
  display_name: z.string(),
  organization_email_address: z.string(),
  organization_msisdn: z.string(),
});
export type OrganisationProfile = z.infer<typeof organisationProfileSchema>;
export const organisationProfileResponseSchema = envelope(organisationProfileSchema);
