import { z } from 'zod';
import { envelope } from '../envelope.js';
import { msisdnSchema, personNameSchema, text } from '../common.js';

/**
 * A buyer's rights over their data (docs/security.md#your-data): what "My data" shows, the
 * corrections it takes, and the deletion of the account.
 */

/** A booking for an event still to come: deleting the account cancels it, or keeps it, as the person chooses. */
export const futureBookingSchema = z.object({
  reference: z.string(),
  event_title: z.string(),
  organiser: z.string(),
  starts_at: z.string(),
  tickets: z.number().int(),
});
export type FutureBooking = z.infer<typeof futureBookingSchema>;

/** GET v1/account/privacy: the buyer's own details, their marketing answer now, and their bookings to come. */
export const myDataSchema = z.object({
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  msisdn: z.string().nullable(),
  created_at: z.string(),
  marketing_consent: z.boolean(),
  /** The words of the account's consent toggle, recorded with each change of it. */
  consent_wording: z.string(),
  bookings: z.number().int(),
  future_bookings: z.array(futureBookingSchema),
});
export type MyData = z.infer<typeof myDataSchema>;
export const myDataResponseSchema = envelope(myDataSchema);

/** PUT v1/account: the buyer corrects their name and phone (the email is who they are: a new email is a new account). */
export const updateAccountBodySchema = z.object({
  first_name: personNameSchema,
  last_name: text().trim().max(100),
  /** Empty or null removes the phone. */
  msisdn: z.preprocess((v) => (v === '' ? null : v), msisdnSchema.nullable()),
});
export type UpdateAccountBody = z.infer<typeof updateAccountBodySchema>;
export const updateAccountResponseSchema = myDataResponseSchema;

/** POST v1/account/deletion: a 6-digit code is mailed; the answer lists the bookings the person must decide about. */
export const deletionRequestedSchema = z.object({ future_bookings: z.array(futureBookingSchema) });
export const requestDeletionResponseSchema = envelope(deletionRequestedSchema);

/** What happens to tickets for events still to come when the account goes. */
export const FUTURE_TICKET_CHOICES = ['cancel', 'keep'] as const;
export type FutureTicketChoice = (typeof FUTURE_TICKET_CHOICES)[number];

/** DELETE v1/account: the mailed code, and the choice about tickets to come. */
export const deleteAccountBodySchema = z.object({
  code: text()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code from the email'),
  future_tickets: z.enum(FUTURE_TICKET_CHOICES, { message: 'Choose what happens to your tickets' }),
});
export type DeleteAccountBody = z.infer<typeof deleteAccountBodySchema>;
export const accountDeletedSchema = z.object({ cancelled_bookings: z.array(z.string()) });
export const deleteAccountResponseSchema = envelope(accountDeletedSchema);
