import { z } from 'zod';
import { idSchema, idTextSchema, text } from '../common.js';
import { envelope } from '../envelope.js';
import { LIMITS, WAITLIST_STATUSES } from '../constants.js';
import { guestDetailsSchema } from '../checkout/book-event.js';

/**
 * The waiting list of a sold-out ticket type (docs/product.md#waiting-list, docs/api.md#waiting-list).
 *
 * POST v1/event/{id}/waitlist → 201: join the list of `ticket_type_id` (sold out, holds
 * included, and its list on), for `quantity` tickets up to the per-booking limit. Once per
 * person (email) per type: a second join is a 409 `waitlist.already_joined`. The confirmation
 * mail carries a link to leave.
 */
export const joinWaitlistBodySchema = guestDetailsSchema.extend({
  ticket_type_id: idSchema,
  quantity: z
    .number({ error: 'Enter a number' })
    .int('Whole number')
    .min(1, 'At least 1')
    .max(LIMITS.quantityPerLineMax, `At most ${LIMITS.quantityPerLineMax}`),
});
export type JoinWaitlistBody = z.infer<typeof joinWaitlistBodySchema>;

export const waitlistJoinedSchema = z.object({
  ticket_type_id: z.number().int(),
  quantity: z.number().int(),
  /** 1 for the first person waiting. */
  position: z.number().int(),
});
export type WaitlistJoined = z.infer<typeof waitlistJoinedSchema>;
export const waitlistJoinedResponseSchema = envelope(waitlistJoinedSchema);

/** POST v1/waitlist/leave: the leave link's token (from the confirmation mail) → 200. Leaving twice is harmless. */
export const leaveWaitlistBodySchema = z.object({ token: text().trim().min(10).max(200) });
export const waitlistLeftResponseSchema = envelope(
  z.object({ event_title: z.string(), ticket_type: z.string(), left: z.boolean() }),
);

/**
 * GET v1/waitlist/offer/{token}: what an offer mail's link opens (public; the token is the
 * authority). 404 `waitlist.offer_invalid` for an unknown token, 409 `waitlist.offer_expired` once
 * it has run out or been used. Checkout then books with `offer: token` on POST v1/event/book.
 */
export const offerParamsSchema = z.object({ token: text().trim().min(10).max(200) });
export const waitlistOfferSchema = z.object({
  event_id: z.number().int(),
  event_title: z.string(),
  event_slug: z.string(),
  ticket_type_id: z.number().int(),
  ticket_type: z.string(),
  quantity: z.number().int(),
  /** List price per ticket, major units of `currency`. */
  price_per_ticket: z.number(),
  currency: z.string(),
  expires_at: z.string(),
  full_name: z.string(),
  email_address: z.string(),
  msisdn: z.string().nullable(),
});
export type WaitlistOffer = z.infer<typeof waitlistOfferSchema>;
export const waitlistOfferResponseSchema = envelope(waitlistOfferSchema);

/** One person on a list, as the organiser sees them. */
export const waitlistEntrySchema = z.object({
  id: z.number().int(),
  /** Place among those still waiting (1 first); null once offered, booked, expired, left or removed. */
  position: z.number().int().nullable(),
  full_name: z.string(),
  email_address: z.string(),
  msisdn: z.string().nullable(),
  quantity: z.number().int(),
  status: z.enum(WAITLIST_STATUSES),
  joined_at: z.string(),
  /** Offers sent to this person (an expired offer may be followed by none: it passes on). */
  offers_sent: z.number().int(),
  /** The live offer's end, while `offered`. */
  offer_expires_at: z.string().nullable(),
  /** The booking made through the offer was paid. */
  bought: z.boolean(),
});
export type WaitlistEntry = z.infer<typeof waitlistEntrySchema>;

/**
 * GET v1/client/event/{id}/waitlist: one list per ticket type of the event (types with nobody
 * on them included), people in the order they joined.
 */
export const waitlistSchema = z.object({
  ticket_type_id: z.number().int(),
  ticket_type: z.string(),
  /** Whether people may join (the organiser may turn it off; those on it stay unless removed). */
  enabled: z.boolean(),
  waiting: z.number().int(),
  entries: z.array(waitlistEntrySchema),
});
export type Waitlist = z.infer<typeof waitlistSchema>;
export const waitlistsResponseSchema = envelope(z.array(waitlistSchema));

/** DELETE v1/client/event/{id}/waitlist/{entry_id} → 200: removes the person (a live offer's seats go back). */
export const waitlistEntryParamsSchema = z.object({ id: idTextSchema, entry_id: idTextSchema });
export const waitlistEntryResponseSchema = envelope(waitlistEntrySchema);

/** PUT v1/client/event/{id}/waitlist/{ticket_type_id} → 200: turn a type's list on or off. */
export const waitlistTypeParamsSchema = z.object({ id: idTextSchema, ticket_type_id: idTextSchema });
export const waitlistSettingsBodySchema = z.object({ enabled: z.boolean() });
export const waitlistResponseSchema = envelope(waitlistSchema);
