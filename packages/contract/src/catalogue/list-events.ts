import { z } from 'zod';
import { PAGE_SIZE } from '../constants.js';
import { daySchema, emptyToUndefined, MAX_ID, paged, queryInt, queryIntOr, queryText } from '../common.js';
import { envelope } from '../envelope.js';
import { eventCardSchema, eventSchema } from './event.js';

/** GET v1/event/view (docs/api.md#catalogue-public): published events, soonest first. */
export const listEventsQuerySchema = z
  .object({
    page: queryIntOr(1, 100000, 1),
    limit: queryIntOr(1, PAGE_SIZE.max, PAGE_SIZE.publicInitial),
    start: z.preprocess(emptyToUndefined, daySchema.optional()),
    end: z.preprocess(emptyToUndefined, daySchema.optional()),
    category_id: queryInt(1, MAX_ID),
    organizer_id: queryInt(1, MAX_ID),
    /** Free text searched in title, descriptions and location. */
    filter: queryText(100),
    /**
     * `card`: each event carries only what a card shows (no full description, no ticket types),
     * about a third of the bytes. Without it, the full event as docs/api.md describes.
     */
    fields: z.preprocess(emptyToUndefined, z.enum(['card']).optional()),
  })
  .refine((q) => !q.start || !q.end || q.start <= q.end, { path: ['end'], message: 'end must not be before start' });
export type ListEventsQuery = z.infer<typeof listEventsQuerySchema>;

export const listEventsDataSchema = paged(eventSchema);
export const listEventsResponseSchema = envelope(listEventsDataSchema);
export type ListEventsData = z.infer<typeof listEventsDataSchema>;

/** GET v1/event/view?fields=card: the lean list the card grids page through. */
export const listEventCardsDataSchema = paged(eventCardSchema);
export type ListEventCardsData = z.infer<typeof listEventCardsDataSchema>;
