import { z } from 'zod';
import { pageQuerySchema, paged } from '../common.js';
import { envelope } from '../envelope.js';

/** docs/product.md#entities-and-fields. `last_login_date` is null until the first sign-in (a pending invite). */
export const teammateSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email_address: z.string(),
  msisdn: z.string().nullable(),
  /** owner, admin (the owner's rights) or checkin (the door page only). */
  role: z.enum(['owner', 'admin', 'checkin']),
  last_login_date: z.string().nullable(),
});
export type Teammate = z.infer<typeof teammateSchema>;

/** GET v1/admin/view (page, limit). */
export const listTeamQuerySchema = pageQuerySchema;
export const listTeamDataSchema = paged(teammateSchema);
export const listTeamResponseSchema = envelope(listTeamDataSchema);
