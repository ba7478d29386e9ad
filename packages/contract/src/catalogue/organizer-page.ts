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
