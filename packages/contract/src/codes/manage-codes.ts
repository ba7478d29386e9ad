import { z } from 'zod';
import { idSchema, idTextSchema, moneySchema, text } from '../common.js';
import { envelope } from '../envelope.js';
import { CODE_KINDS, CODE_LIMITS } from '../constants.js';

/**
 * Discount and access codes of an event (docs/product.md#discount-codes, docs/api.md#codes).
 * The text buyers type: 3–30 letters, digits and hyphens, any case; kept and compared in
 * capitals, so `speakers` and `SPEAKERS` are one code.
 */
export const CODE_MESSAGE = 'Use 3 to 30 letters, digits and hyphens';
export const codeTextSchema = text()
  .trim()
  .regex(new RegExp(`^[A-Za-z0-9-]{${CODE_LIMITS.minLength},${CODE_LIMITS.maxLength}}$`), CODE_MESSAGE)
  .transform((s) => s.toUpperCase());

const wholeCount = (max: number) =>
  z.number({ error: 'Enter a number' }).int('Whole number').min(1, 'At least 1').max(max);

/**
 * POST v1/client/event/{id}/codes and PUT …/codes/{code_id}. `discount`: exactly one of
 * `percent_off` (1–100) and `amount_off` (major units of the event's currency; whole shillings
 * for KES). `access`: reveals the hidden ticket types among `ticket_type_ids` (every hidden type
 * of the event when empty) and may also carry a discount. `ticket_type_ids`: the types it
 * applies to, all when empty. `max_uses`: tickets it may discount or unlock in all (null: no
 * limit). `max_per_booking`: tickets per booking (null: the booking's own limits). `starts_at`
 * / `ends_at`: ISO instants, either null.
 */
export const codeBodySchema = z
  .object({
    code: codeTextSchema,
    kind: z.enum(CODE_KINDS),
    percent_off: z
      .number({ error: 'Enter a number' })
      .int('Whole number')
      .min(1, 'From 1 to 100')
      .max(100, 'From 1 to 100')
      .nullable()
      .default(null),
    amount_off: moneySchema
      .refine((n) => n > 0 && n <= CODE_LIMITS.amountOffMax, 'Enter an amount above 0')
      .nullable()
      .default(null),
    ticket_type_ids: z.array(idSchema).max(CODE_LIMITS.ticketTypesMax).default([]),
    max_uses: wholeCount(CODE_LIMITS.maxUses).nullable().default(null),
    max_per_booking: wholeCount(CODE_LIMITS.maxPerBooking).nullable().default(null),
    starts_at: z.iso.datetime({ offset: true }).nullable().default(null),
    ends_at: z.iso.datetime({ offset: true }).nullable().default(null),
  })
  .superRefine((b, ctx) => {
    if (b.percent_off !== null && b.amount_off !== null) {
      ctx.addIssue({ code: 'custom', path: ['amount_off'], message: 'Give a percent or an amount off, not both' });
    }
    if (b.kind === 'discount' && b.percent_off === null && b.amount_off === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['percent_off'],
        message: 'A discount code needs a percent or an amount off',
      });
    }
    if (b.starts_at && b.ends_at && Date.parse(b.ends_at) <= Date.parse(b.starts_at)) {
      ctx.addIssue({ code: 'custom', path: ['ends_at'], message: 'The end must be after the start' });
    }
  });
export type CodeBody = z.infer<typeof codeBodySchema>;
export type CodeBodyInput = z.input<typeof codeBodySchema>;

export const codeParamsSchema = z.object({ id: idTextSchema, code_id: idTextSchema });

/** A code as its organiser sees it, with what it has done. Amounts in major units of `currency`. */
export const discountCodeSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: z.enum(CODE_KINDS),
  percent_off: z.number().int().nullable(),
  amount_off: z.number().nullable(),
  currency: z.string(),
  ticket_type_ids: z.array(z.number().int()),
  max_uses: z.number().int().nullable(),
  max_per_booking: z.number().int().nullable(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  /** Tickets it discounts or unlocks now: paid bookings and live holds (a hold that ends gives its uses back). */
  uses: z.number().int(),
  /** Paid bookings made with it. */
  bookings: z.number().int(),
  /** What those paid bookings brought (after the discount), major units. */
  revenue: z.number(),
  /** What it took off those paid bookings, major units. */
  discount_given: z.number(),
  created_at: z.string(),
});
export type DiscountCode = z.infer<typeof discountCodeSchema>;
export const discountCodeResponseSchema = envelope(discountCodeSchema);
export const discountCodesResponseSchema = envelope(z.array(discountCodeSchema));
export const deletedCodeResponseSchema = envelope(z.object({ id: z.number().int() }));

/**
 * What a buyer's code does, in the public answer of GET v1/event/details/{id}?code=…: the page
 * prices with it through `priceBooking`. `ticket_type_ids` empty: every type.
 */
export const appliedCodeSchema = z.object({
  code: z.string(),
  kind: z.enum(CODE_KINDS),
  percent_off: z.number().int().nullable(),
  /** Major units of the event's currency. */
  amount_off: z.number().nullable(),
  ticket_type_ids: z.array(z.number().int()),
  max_per_booking: z.number().int().nullable(),
  /** Tickets it may still discount or unlock (null: no limit). */
  uses_left: z.number().int().nullable(),
});
export type AppliedCode = z.infer<typeof appliedCodeSchema>;
