import { z } from 'zod';
import { emptyToUndefined, idTextSchema } from '../common.js';
import { envelope } from '../envelope.js';

/**
 * Name badges (docs/product.md#name-badges). `a6`: one badge a page (A6 portrait); `a4-2x2`,
 * `a4-2x4`: four or eight to an A4 page; `label-4x3in`: one 4 × 3 inch label a page (label
 * printers). Owner and admins only.
 */
export const BADGE_LAYOUTS = ['a6', 'a4-2x2', 'a4-2x4', 'label-4x3in'] as const;
export type BadgeLayout = (typeof BADGE_LAYOUTS)[number];
export const BADGES_PER_PAGE: Record<BadgeLayout, number> = { a6: 1, 'a4-2x2': 4, 'a4-2x4': 8, 'label-4x3in': 1 };

const queryBoolean = z.preprocess(
  (v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' || v === '' ? false : v),
  z.boolean().default(false),
);

/**
 * GET v1/client/event/{id}/badges.pdf?layout=a4-2x4&ticket_type_id=3&not_printed=true: the badges
 * of the event's live tickets (not refunded, not replaced), by name, as a PDF; each with the
 * attendee's name, company and job title, the ticket type as a coloured band, the event's name and
 * the ticket's QR code (its live code: it admits at the door). Downloading marks them printed.
 * None to print: `badge.nothing_to_print` (409). Audited.
 */
export const badgesQuerySchema = z.object({
  layout: z.enum(BADGE_LAYOUTS).default('a4-2x4'),
  ticket_type_id: z.preprocess(emptyToUndefined, idTextSchema.optional()),
  not_printed: queryBoolean,
});
export type BadgesQuery = z.infer<typeof badgesQuerySchema>;
export type BadgesQueryInput = z.input<typeof badgesQuerySchema>;

/** GET v1/client/event/{id}/badges: how many badges there are and how many are not printed yet, per ticket type. */
export const badgeSummarySchema = z.object({
  total: z.number().int(),
  not_printed: z.number().int(),
  ticket_types: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      /** The band's colour on the badge, `#rrggbb`. */
      colour: z.string(),
      total: z.number().int(),
      not_printed: z.number().int(),
    }),
  ),
});
export type BadgeSummary = z.infer<typeof badgeSummarySchema>;
export const badgeSummaryResponseSchema = envelope(badgeSummarySchema);
