import { z } from 'zod';
import { PAGE_SIZE } from './constants.js';

/** A positive integer id in a path or query string. */
export const idSchema = z.coerce.number().int().positive().max(2_147_483_647);
export const idParamsSchema = z.object({ id: idSchema });

/** A calendar day `YYYY-MM-DD` (a Nairobi day when used as a filter). */
export const daySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the form YYYY-MM-DD')
  .refine(
    (s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
    'Not a real date',
  );

/** Query strings deliver text; an empty value means "not given". */
export const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

export const pageQuerySchema = z.object({
  page: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(100000).default(1)),
  limit: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(PAGE_SIZE.max).default(PAGE_SIZE.organiser)),
});

/** Money in major units with at most two decimals (stored as integer minor units). */
export const moneySchema = z.coerce
  .number()
  .finite()
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'At most two decimals');

export const emailSchema = z.string().trim().toLowerCase().max(254).email('Enter a valid email address');
/** Phone numbers: digits with an optional leading +, spaces and dashes allowed. */
export const msisdnSchema = z
  .string()
  .trim()
  .regex(/^\+?[0-9][0-9\s-]{6,18}[0-9]$/, 'Enter a valid phone number');
export const personNameSchema = z.string().trim().min(1, 'Required').max(100);

export const paged = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), total: z.number().int() });
