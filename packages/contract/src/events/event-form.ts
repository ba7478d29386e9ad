import { z } from 'zod';
import { CURRENCIES, EVENT_STATUS, INVOICE_PAYMENT, LIMITS } from '../constants.js';
import { emptyToUndefined, fromDecimalText, idParamsSchema, MAX_ID, numberFromText, text } from '../common.js';
import { envelope } from '../envelope.js';
import { ATTENDEE_NAMES, CHANGES_LOCK_HOURS } from '../attendees/attendee.js';
import { serviceFeeModeSchema } from '../ledger/service-fee.js';

/**
 * An instant in ISO 8601 form, `YYYY-MM-DDTHH:mm[:ss[.fff]]` with an optional offset
 * (`Z` or `±HH:MM`). Without an offset it is Nairobi wall time (docs/product.md#dates-and-times), so the
 * server never guesses from its own time zone. Years 1900–2100, as the date pickers offer.
 */
const INSTANT = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})?$/i;

/** The instant a form value stands for, or undefined when it is not a real date and time. */
export function parseEventInstant(value: string): Date | undefined {
  const m = INSTANT.exec(value.trim());
  if (!m) return undefined;
  const [, y, mo, d, h, mi, sec = '00', fraction = '', offset] = m;
  const year = Number(y);
  const calendar = new Date(Date.UTC(year, Number(mo) - 1, Number(d)));
  const realDay =
    calendar.getUTCFullYear() === year &&
    calendar.getUTCMonth() === Number(mo) - 1 &&
    calendar.getUTCDate() === Number(d);
  if (!realDay || year < 1900 || year > 2100 || Number(h) > 23 || Number(mi) > 59 || Number(sec) > 59) return undefined;
  const zone = offset ? (offset.toUpperCase() === 'Z' ? 'Z' : offset) : '+03:00';
  const instant = new Date(`${y}-${mo}-${d}T${h}:${mi}:${sec}${fraction.slice(0, 4)}${zone}`);
  return Number.isNaN(instant.getTime()) ? undefined : instant;
}

/**
 * The text fields of POST v1/event/register and PUT v1/event/update/{id} (multipart).
 * Times come out as UTC ISO strings.
 */
const isoInstant = text({ message: 'Required' })
  .trim()
  .min(1, 'Required')
  .refine((s) => parseEventInstant(s) !== undefined, 'Not a valid date and time (use YYYY-MM-DDTHH:mm)')
  .transform((s) => parseEventInstant(s)!.toISOString());

/** Multipart text arrives with CRLF line ends (the HTML form encoding); kept as LF. */
const description = (max: number) =>
  text()
    .transform((s) => s.replace(/\r\n?/g, '\n').trim())
    .pipe(z.string().max(max))
    .default('');

/** The category picked in a form or sent as a multipart field (text holding its id). */
const categoryIdFromText = numberFromText(
  z
    .number({ error: 'Pick a category' })
    .int('Pick a category')
    .positive('Pick a category')
    .max(MAX_ID, 'Pick a category'),
);

export const INVOICE_DAYS_MESSAGE = `0 (not offered) or ${INVOICE_PAYMENT.minDays} to ${INVOICE_PAYMENT.maxDays} days`;

export const eventFieldsSchema = z
  .object({
    title: text({ message: 'Title is required' }).trim().min(1, 'Title is required').max(LIMITS.titleMax),
    category_id: categoryIdFromText,
    currency: z.enum(CURRENCIES, { message: 'Pick USD or KES' }),
    start_time: isoInstant,
    end_time: isoInstant,
    location: text({ message: 'Location is required' }).trim().min(1, 'Location is required').max(LIMITS.locationMax),
    short_description: description(LIMITS.shortDescriptionMax),
    full_description: description(LIMITS.fullDescriptionMax),
    /** Whether every ticket is named at checkout or names may come later (docs/product.md#delegates-and-questions). */
    attendee_names: z.preprocess(
      emptyToUndefined,
      z.enum(ATTENDEE_NAMES, { message: 'Names at checkout or later' }).default('later'),
    ),
    /** Hours before the start when buyers can no longer name or change delegates. */
    changes_lock_hours: z.preprocess(
      (v) => fromDecimalText(emptyToUndefined(v)),
      z
        .number({ error: `A whole number of hours, ${CHANGES_LOCK_HOURS.min} to ${CHANGES_LOCK_HOURS.max}` })
        .int(`A whole number of hours, ${CHANGES_LOCK_HOURS.min} to ${CHANGES_LOCK_HOURS.max}`)
        .min(CHANGES_LOCK_HOURS.min, `A whole number of hours, ${CHANGES_LOCK_HOURS.min} to ${CHANGES_LOCK_HOURS.max}`)
        .max(CHANGES_LOCK_HOURS.max, `A whole number of hours, ${CHANGES_LOCK_HOURS.min} to ${CHANGES_LOCK_HOURS.max}`)
        .default(CHANGES_LOCK_HOURS.default),
    ),
    /**
     * Pay by invoice (docs/product.md#pay-by-invoice): days a company has to pay, 1 to 14; 0 or
     * absent: not offered. The due date is never later than 2 days before the start.
     */
    invoice_payment_days: z.preprocess(
      (v) => fromDecimalText(emptyToUndefined(v)),
      z
        .number({ error: INVOICE_DAYS_MESSAGE })
        .int(INVOICE_DAYS_MESSAGE)
        .min(0, INVOICE_DAYS_MESSAGE)
        .max(INVOICE_PAYMENT.maxDays, INVOICE_DAYS_MESSAGE)
        .default(0),
    ),
    /**
     * Who pays the service fee on paid tickets (docs/product.md#service-fees): `absorb` (the
     * organiser's share) or `pass` (added to the buyer's total as its own line). Left out: absorb
     * for a new event, unchanged on an update.
     */
    service_fee: z.preprocess(emptyToUndefined, serviceFeeModeSchema.optional()),
    /** Only on update: switch between published (1) and draft (2). */
    status: z.preprocess(
      (v) => fromDecimalText(emptyToUndefined(v)),
      z
        .number({ error: 'Status is 1 (published) or 2 (draft)' })
        .int()
        .refine((s) => s === EVENT_STATUS.published || s === EVENT_STATUS.draft, 'Status is 1 (published) or 2 (draft)')
        .optional(),
    ),
  })
  .refine((e) => Date.parse(e.end_time) > Date.parse(e.start_time), {
    path: ['end_time'],
    message: 'End must be after start',
  });
export type EventFields = z.infer<typeof eventFieldsSchema>;

/** Step 1 of the create/edit forms (docs/product.md#organiser-side), as the web form holds it. */
export const eventStepOneSchema = z
  .object({
    title: text().trim().min(1, 'Title is required').max(LIMITS.titleMax),
    category_id: categoryIdFromText,
    currency: z.enum(CURRENCIES),
    start_time: text().min(1, 'Start is required'),
    end_time: text().min(1, 'End is required'),
    location: text().trim().min(1, 'Location is required').max(LIMITS.locationMax),
  })
  .refine((e) => e.end_time > e.start_time, { path: ['end_time'], message: 'End must be after start' });
export type EventStepOne = z.infer<typeof eventStepOneSchema>;

export const createEventResponseSchema = envelope(z.number().int());
export const updateEventParamsSchema = idParamsSchema;
