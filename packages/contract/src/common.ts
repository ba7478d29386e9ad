import { z } from 'zod';
import { CURRENCIES, PAGE_SIZE } from './constants.js';
import { fitsMinorUnits } from './money.js';

/** PostgreSQL cannot store it (error 22021), and no person types it: refused in every field. */
export const NUL_MESSAGE = 'Must not contain the NUL character (\\u0000)';

/**
 * Text from a client, for every string field of every request: any string but one holding
 * a NUL character. Use it wherever a request takes text, instead of `z.string()`.
 */
export const text = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine((s) => !s.includes('\u0000'), NUL_MESSAGE);

/**
 * For values that arrive as text (query strings, path parameters, multipart fields, form
 * inputs): a decimal written in digits becomes a number; anything else (`0x10`, `1e3`,
 * `Infinity`, `true`, an array) is left as it is and fails the number check after it. JSON
 * bodies carry real numbers and never go through this.
 */
export const fromDecimalText = (v: unknown) =>
  typeof v === 'string' && /^\s*-?\d{1,15}(\.\d{1,15})?\s*$/.test(v) ? Number(v) : v;
export const numberFromText = <T extends z.ZodType>(schema: T) => z.preprocess(fromDecimalText, schema);

/** The largest id PostgreSQL's `integer` holds. */
export const MAX_ID = 2_147_483_647;
/** A positive integer id in a JSON body. */
export const idSchema = z.number().int().positive().max(MAX_ID);
/** A positive integer id in a path or query string. */
export const idTextSchema = numberFromText(idSchema);
export const idParamsSchema = z.object({ id: idTextSchema });

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

const fromQueryText = (v: unknown) => fromDecimalText(emptyToUndefined(v));

/** An optional whole number in a query string: empty means "not given". */
export const queryInt = (min: number, max: number) =>
  z.preprocess(fromQueryText, z.number().int().min(min).max(max).optional());

/** A whole number in a query string with a default when empty or absent. */
export const queryIntOr = (min: number, max: number, fallback: number) =>
  z.preprocess(fromQueryText, z.number().int().min(min).max(max).default(fallback));

/** Optional free text in a query string: empty means "not given". */
export const queryText = (max: number) => z.preprocess(emptyToUndefined, text().trim().max(max).optional());

export const pageQuerySchema = z.object({
  page: queryIntOr(1, 100000, 1),
  limit: queryIntOr(1, PAGE_SIZE.max, PAGE_SIZE.organiser),
});

/**
 * Money in major units that any currency's minor units can hold (two decimals for both; the
 * event's own currency is checked again where it is known), stored as integer minor units.
 */
export const moneySchema = z
  .number({ error: 'Enter an amount' })
  .finite()
  .refine((n) => CURRENCIES.every((c) => fitsMinorUnits(n, c)), 'At most two decimals');

export const emailSchema = text().trim().toLowerCase().max(254).email('Enter a valid email address');
/** Phone numbers: digits with an optional leading +, spaces and dashes allowed. */
export const msisdnSchema = text()
  .trim()
  .regex(/^\+?[0-9][0-9\s-]{6,18}[0-9]$/, 'Enter a valid phone number');
export const personNameSchema = text().trim().min(1, 'Required').max(100);

export const paged = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), total: z.number().int() });
