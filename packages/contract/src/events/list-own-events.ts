import { z } from 'zod';
import { EVENT_STATUS } from '../constants.js';
import { daySchema, emptyToUndefined, pageQuerySchema, paged, queryInt } from '../common.js';
import { envelope } from '../envelope.js';
import { eventSchema } from '../catalogue/event.js';
import { addDays, nairobiDay } from '../nairobi-time.js';

/**
 * GET v1/client/event/view: the organisation's events, any status, latest start first.
 * Days are Nairobi days. `start` keeps events starting on or after that day and `end`
 * events ending on or before that day, so a window holds the events that lie inside it
 * (what the tabs of docs/product.md#organiser-event-tabs need: "Ended" must not hold an event still running).
 * `start_created`/`end_created` bound the day the event was created.
 */
export const listOwnEventsQuerySchema = pageQuerySchema
  .extend({
    start: z.preprocess(emptyToUndefined, daySchema.optional()),
    end: z.preprocess(emptyToUndefined, daySchema.optional()),
    start_created: z.preprocess(emptyToUndefined, daySchema.optional()),
    end_created: z.preprocess(emptyToUndefined, daySchema.optional()),
    status: queryInt(EVENT_STATUS.published, EVENT_STATUS.draft),
  })
  .refine((q) => !q.start || !q.end || q.start <= q.end, { path: ['end'], message: 'end must not be before start' })
  .refine((q) => !q.start_created || !q.end_created || q.start_created <= q.end_created, {
    path: ['end_created'],
    message: 'end_created must not be before start_created',
  });
export type ListOwnEventsQuery = z.infer<typeof listOwnEventsQuerySchema>;

/** The organiser's event tabs (dashboard and My events, docs/product.md#organiser-event-tabs). */
export const OWN_EVENT_TABS = ['all', 'recentlyPublished', 'upcoming', 'ongoing', 'ended', 'drafts'] as const;
export type OwnEventTab = (typeof OWN_EVENT_TABS)[number];

export type OwnEventsFilter = Pick<ListOwnEventsQuery, 'start' | 'end' | 'start_created' | 'end_created' | 'status'>;

/** The query of a tab, with the windows of docs/product.md#organiser-event-tabs, seen from `now` (Nairobi days). */
export function ownEventsTabFilter(tab: OwnEventTab, now: Date = new Date()): OwnEventsFilter {
  const today = nairobiDay(now);
  switch (tab) {
    case 'all':
      return {};
    case 'recentlyPublished':
      return { start_created: addDays(today, -7), end_created: today, status: EVENT_STATUS.published };
    case 'upcoming':
      return { start: addDays(today, 1), end: addDays(today, 365), status: EVENT_STATUS.published };
    case 'ongoing':
      return { start: addDays(today, -1), end: addDays(today, 1), status: EVENT_STATUS.published };
    case 'ended':
      return { start: addDays(today, -1000), end: addDays(today, -1), status: EVENT_STATUS.published };
    case 'drafts':
      return { status: EVENT_STATUS.draft };
  }
}
export const listOwnEventsDataSchema = paged(eventSchema);
export const listOwnEventsResponseSchema = envelope(listOwnEventsDataSchema);

/** GET v1/client/summary: the dashboard's four figures (docs/product.md#where-we-depart-from-the-original-spec-and-why). */
export const dashboardSummarySchema = z.object({
  /** The currency most sold in (by bookings), whose figure `net_sales` is; kept for the spec's shape. */
  currency: z.string(),
  net_sales: z.number(),
  /**
   * Net sales in each currency sold in, the most bookings first; empty before the first sale.
   * Amounts in different currencies never add up, so there is one figure per currency.
   */
  net_sales_by_currency: z.array(z.object({ currency: z.string(), net_sales: z.number() })),
  events: z.number().int(),
  tickets_sold: z.number().int(),
  upcoming_events: z.number().int(),
});
export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;
export const dashboardSummaryResponseSchema = envelope(dashboardSummarySchema);
