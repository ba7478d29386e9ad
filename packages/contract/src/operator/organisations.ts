import { z } from 'zod';
import { idTextSchema, pageQuerySchema, paged, queryText, text } from '../common.js';
import { envelope } from '../envelope.js';
import { payoutMethodSchema } from '../payouts/payout-method.js';

/**
 * GET v1/operator/organisations: every organisation, newest first; `q` matches the organisation's
 * names, email or phone, or an owner's email; `state` narrows to verified, unverified or suspended.
 */
export const OPERATOR_ORGANISATION_STATES = ['verified', 'unverified', 'suspended'] as const;
export const listOperatorOrganisationsQuerySchema = pageQuerySchema.extend({
  q: queryText(100),
  state: z.preprocess((v) => (v === '' ? undefined : v), z.enum(OPERATOR_ORGANISATION_STATES).optional()),
});
export type ListOperatorOrganisationsQuery = z.infer<typeof listOperatorOrganisationsQuerySchema>;

/**
 * The organisation's own service fee, overriding the configured defaults (docs/product.md#service-fees):
 * null fields follow the default. `percent` e.g. 3.5; `fixed` per currency in major units.
 */
export const organisationFeesSchema = z.object({
  percent: z.number().nullable(),
  fixed: z.object({ KES: z.number().nullable(), USD: z.number().nullable() }),
});
export type OrganisationFees = z.infer<typeof organisationFeesSchema>;

export const operatorOrganisationSchema = z.object({
  id: z.number().int(),
  organization_name: z.string(),
  display_name: z.string(),
  email: z.string(),
  msisdn: z.string(),
  created_at: z.string(),
  owners: z.array(z.object({ name: z.string(), email: z.string() })),
  verified_at: z.string().nullable(),
  suspended_at: z.string().nullable(),
  suspension_reason: z.string().nullable(),
  fees: organisationFeesSchema,
});
export type OperatorOrganisation = z.infer<typeof operatorOrganisationSchema>;
export const listOperatorOrganisationsResponseSchema = envelope(paged(operatorOrganisationSchema));

/** GET v1/operator/organisations/{id}: the row, its payout method and its balances (major units). */
export const operatorOrganisationDetailSchema = operatorOrganisationSchema.extend({
  payout_method: payoutMethodSchema.nullable(),
  payout_method_held_until: z.string().nullable(),
  balances: z.array(
    z.object({ currency: z.string(), pending: z.number(), available: z.number(), paid_out: z.number() }),
  ),
});
export type OperatorOrganisationDetail = z.infer<typeof operatorOrganisationDetailSchema>;
export const operatorOrganisationResponseSchema = envelope(operatorOrganisationDetailSchema);

export const operatorOrganisationParamsSchema = z.object({ id: idTextSchema });

/** POST v1/operator/organisations/{id}/suspend: its events stop selling, its money stays. */
export const suspendOrganisationBodySchema = z.object({
  reason: text({ message: 'Say why' }).trim().min(1, 'Say why').max(500),
});
export type SuspendOrganisationBody = z.infer<typeof suspendOrganisationBodySchema>;

const feePercent = z
  .number()
  .min(0, 'At least 0')
  .max(30, 'At most 30')
  .refine((n) => Math.round(n * 100) === n * 100, 'At most two decimals');
const feeFixed = z
  .number()
  .min(0, 'At least 0')
  .max(10_000, 'At most 10,000')
  .refine((n) => Math.round(n * 100) === n * 100, 'At most two decimals');

/** PUT v1/operator/organisations/{id}/fees: null puts a field back to the default. */
export const putOrganisationFeesBodySchema = z.object({
  percent: feePercent.nullable(),
  fixed: z.object({ KES: feeFixed.nullable(), USD: feeFixed.nullable() }),
});
export type PutOrganisationFeesBody = z.infer<typeof putOrganisationFeesBodySchema>;
