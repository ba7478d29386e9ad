import { z } from 'zod';
import { CURRENCIES, EVENT_STATUS, LIMITS } from '../constants.js';
import { idSchema } from '../common.js';
import { envelope } from '../envelope.js';

/**
 * The text fields of POST v1/event/register and PUT v1/event/update/{id} (multipart).
 * Times are ISO 8601 instants; the web app converts Nairobi wall time before sending.
 */
const isoInstant = z
  .string()
  .trim()
  .min(1, 'Required')
  .refine((s) => !Number.isNaN(Date.parse(s)), 'Not a valid date and time');

export const eventFieldsSchema = z
  .object({
    title: z.string().trim().min(1, 'Title is required').max(LIMITS.titleMax),
    category_id: idSchema,
    currency: z.enum(CURRENCIES, { message: 'Only USD is supported' }),
    start_time: isoInstant,
    end_time: isoInstant,
    location: z.string().trim().min(1, 'Location is required').max(LIMITS.locationMax),
    short_description: z.string().trim().max(LIMITS.shortDescriptionMax).default(''),
    full_description: z.string().trim().max(LIMITS.fullDescriptionMax).default(''),
    /** Only on update: switch between published (1) and draft (2). */
    status: z.coerce
      .number()
      .int()
      .refine((s) => s === EVENT_STATUS.published || s === EVENT_STATUS.draft, 'Status is 1 (published) or 2 (draft)')
      .optional(),
  })
  .refine((e) => Date.parse(e.end_time) > Date.parse(e.start_time), {
    path: ['end_time'],
    message: 'End must be after start',
  });
export type EventFields = z.infer<typeof eventFieldsSchema>;

/** Step 1 of the create/edit forms (spec §2), as the web form holds it. */
export const eventStepOneSchema = z
  .object({
    title: z.string().trim().min(1, 'Title is required').max(LIMITS.titleMax),
    category_id: z.coerce.number().int().positive('Pick a category'),
    currency: z.enum(CURRENCIES),
    start_time: z.string().min(1, 'Start is required'),
    end_time: z.string().min(1, 'End is required'),
    location: z.string().trim().min(1, 'Location is required').max(LIMITS.locationMax),
  })
  .refine((e) => e.end_time > e.start_time, { path: ['end_time'], message: 'End must be after start' });
export type EventStepOne = z.infer<typeof eventStepOneSchema>;

export const createEventResponseSchema = envelope(z.number().int());
export const updateEventParamsSchema = z.object({ id: idSchema });
