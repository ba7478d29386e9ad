import { z } from 'zod';
import { LIMITS, PAYMENT_METHODS } from '../constants.js';
import { text } from '../common.js';

/** docs/product.md#validation-rules booking messages, shown in the 'Error!' dialog. */
export const BOOKING_MESSAGES = {
  noTicket: 'Pick a ticket to book this event',
  noDetails: 'Personal details is required to proceed with payment',
} as const;

/** One line of a booking: a ticket type, how many, at the price the buyer saw (major units). */
export const bookingLineSchema = z.object({
  id: z.number().int().positive(),
  qty: z.number().int().min(1).max(LIMITS.quantityPerLineMax),
  price: z.number().min(0),
});
export type BookingLine = z.infer<typeof bookingLineSchema>;

/** A guest's details (docs/product.md#validation-rules): all three required, no format checks. */
const required = (max: number) => text().trim().min(1, BOOKING_MESSAGES.noDetails).max(max);
export const guestDetailsSchema = z.object({
  full_name: required(LIMITS.nameMax),
  email_address: required(254),
  msisdn: required(20),
});
export type GuestDetails = z.infer<typeof guestDetailsSchema>;

/**
 * POST v1/event/book (docs/product.md#entities-and-fields, without the display-only total and currency):
 * only lines with a quantity above 0, and `details` when the buyer is a guest.
 */
export const bookEventBodySchema = z.object({
  event_id: z.number().int().positive(),
  tickets: z.array(bookingLineSchema).min(1, BOOKING_MESSAGES.noTicket),
  payment_method: z.enum(PAYMENT_METHODS),
  details: guestDetailsSchema.optional(),
});
export type BookEventBody = z.infer<typeof bookEventBodySchema>;
