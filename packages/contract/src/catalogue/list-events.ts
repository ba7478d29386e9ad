import { z } from 'zod';
import { PAGE_SIZE } from '../constants.js';
import { daySchema, emptyToUndefined, idSchema, paged } from '../common.js';
import { envelope } from '../envelope.js';
import { eventSchema } from './event.js';

/** GET v1/event/view (spec §7): published events, soonest first. */
export const listEventsQuerySchema = z
  .object({
    page: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(100000).default(1)),
    limit: z.preprocess(
      emptyToUndefined,
      z.coerce.number().int().min(1).max(PAGE_SIZE.max).default(PAGE_SIZE.publicInitial),
    ),
    start: z.preprocess(emptyToUndefined, daySchema.optional()),
    end: z.preprocess(emptyToUndefined, daySchema.optional()),
    category_id: z.preprocess(emptyToUndefined, idSchema.optional()),
    organizer_id: z.preprocess(emptyToUndefined, idSchema.optional()),
    /** Free text searched in title, descriptions and location. */
    filter: z.preprocess(emptyToUndefined, z.string().trim().max(100).optional()),
  })
  .refine((q) => !q.start || !q.end || q.start <= q.end, { path: ['end'], message: 'end must not be before start' });
export type ListEventsQuery = z.infer<typeof listEventsQuerySchema>;

export const listEventsDataSchema = paged(eventSchema);
export const listEventsResponseSchema = envelope(listEventsDataSchema);
export type ListEventsData = z.infer<typeof listEventsDataSchema>;
