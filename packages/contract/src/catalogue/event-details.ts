import { z } from 'zod';
import { envelope } from '../envelope.js';
import { eventSchema, ticketTypeSchema } from './event.js';
import { codeTextSchema } from '../codes/manage-codes.js';

/**
 * GET v1/event/details/{id}?code=…: the code a buyer typed ("Have a code?"). A valid code adds
 * `applied_code` and, for an access code, the hidden types it reveals; an unknown, expired or
 * used-up code is a 400 naming which (`code.*` error codes), on the field `code`.
 */
export const eventDetailsQuerySchema = z.object({
  code: z.preprocess((v) => (v === '' ? undefined : v), codeTextSchema.optional()),
});
export type EventDetailsQuery = z.infer<typeof eventDetailsQuerySchema>;

/** GET v1/event/details/{id}: one published event with its open ticket types. */
export const eventDetailsResponseSchema = envelope(eventSchema);

/** GET v1/event/{id}/tickets: the open ticket types of a published event. */
export const eventTicketsResponseSchema = envelope(z.array(ticketTypeSchema));
