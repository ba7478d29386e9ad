import { z } from 'zod';
import { EVENT_STATUS } from '../constants.js';
import { daySchema, emptyToUndefined, pageQuerySchema, paged } from '../common.js';
import { envelope } from '../envelope.js';
import { eventSchema } from '../catalogue/event.js';

/** GET v1/client/event/view: the organisation's events, any status. */
export const listOwnEventsQuerySchema = pageQuerySchema.extend({
  start: z.preprocess(emptyToUndefined, daySchema.optional()),
  end: z.preprocess(emptyToUndefined, daySchema.optional()),
  start_created: z.preprocess(emptyToUndefined, daySchema.optional()),
  end_created: z.preprocess(emptyToUndefined, daySchema.optional()),
  status: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number()
      .int()
      .refine((s) => s === EVENT_STATUS.published || s === EVENT_STATUS.draft, 'Status is 1 or 2')
      .optional(),
  ),
});
export type ListOwnEventsQuery = z.infer<typeof listOwnEventsQuerySchema>;
export const listOwnEventsDataSchema = paged(eventSchema);
export const listOwnEventsResponseSchema = envelope(listOwnEventsDataSchema);

/** GET v1/client/summary: the dashboard's four figures (DESIGN.md §5: real, not placeholders). */
export const dashboardSummarySchema = z.object({
  currency: z.string(),
  net_sales: z.number(),
  events: z.number().int(),
  tickets_sold: z.number().int(),
  upcoming_events: z.number().int(),
});
export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;
export const dashboardSummaryResponseSchema = envelope(dashboardSummarySchema);
