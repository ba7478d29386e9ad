import { z } from 'zod';
import { envelope } from '../envelope.js';
import { text } from '../common.js';
import { eventCardSchema } from './event.js';

/**
 * GET v1/organizers/{slug} (public): an organiser's page, `/o/{slug}`: who they are and their
 * published events, upcoming (soonest first) and past (latest first, at most 24). 404 for an
 * unknown slug.
 */
export const organizerPageParamsSchema = z.object({
  slug: text()
    .trim()
    .max(120)
    .regex(/^[a-z0-9_-]+$/, 'Not an organiser address'),
});
export const organizerProfileSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  display_name: z.string(),
  /** URL of the logo, or null when none was uploaded. */
  logo: z.string().nullable(),
  description: z.string(),
});
export type OrganizerProfile = z.infer<typeof organizerProfileSchema>;
export const organizerPageSchema = z.object({
  organizer: organizerProfileSchema,
  upcoming: z.array(eventCardSchema),
  past: z.array(eventCardSchema),
});
export type OrganizerPage = z.infer<typeof organizerPageSchema>;
export const organizerPageResponseSchema = envelope(organizerPageSchema);

/** The longest description an organiser page shows (docs/product.md#organiser-page). */
export const ORGANISER_DESCRIPTION_MAX = 1000;

/**
 * GET and PUT v1/client/organisation/page (owner or admin): what the organisation's public page
 * shows. PUT is multipart: `description` (plain text, trimmed, at most 1,000 characters), an
 * optional image in `logo` (JPEG or PNG, at most 10 MB), and `remove_logo=true` to take the logo
 * off. Another logo replaces the old one, whose image is released.
 */
export const organiserPageFieldsSchema = z.object({
  description: text()
    .trim()
    .max(ORGANISER_DESCRIPTION_MAX, `At most ${ORGANISER_DESCRIPTION_MAX} characters`)
    .default(''),
  remove_logo: z
    .enum(['true', 'false'], { message: 'Send true or false' })
    .optional()
    .transform((v) => v === 'true'),
});
export type OrganiserPageFields = z.infer<typeof organiserPageFieldsSchema>;
export const organiserPageSettingsSchema = z.object({
  /** The page is at /o/{slug}. */
  slug: z.string(),
  description: z.string(),
  /** URL of the logo, or null when none. */
  logo: z.string().nullable(),
});
export type OrganiserPageSettings = z.infer<typeof organiserPageSettingsSchema>;
export const organiserPageSettingsResponseSchema = envelope(organiserPageSettingsSchema);
