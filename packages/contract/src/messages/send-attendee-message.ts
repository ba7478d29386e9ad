import { z } from 'zod';
import { envelope } from '../envelope.js';
import { messageDraftSchema, messageSchema } from './message.js';

/**
 * POST v1/client/event/{id}/messages: sends now, or at `send_at` (an ISO time, at most
 * `MESSAGE_LIMITS.scheduleMaxDays` ahead; absent or null: now). 201 with the message and its
 * counts. Refused with `message.daily_limit` (429) past 5 a Nairobi day for the event and with
 * `message.no_recipients` (409) when the audience holds nobody.
 */
export const sendAttendeeMessageBodySchema = messageDraftSchema.extend({
  send_at: z.string().datetime({ offset: true }).nullable().optional(),
});
export type SendAttendeeMessageBody = z.input<typeof sendAttendeeMessageBodySchema>;
export const sendAttendeeMessageResponseSchema = envelope(messageSchema);
