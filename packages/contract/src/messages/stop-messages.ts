import { z } from 'zod';
import { envelope } from '../envelope.js';
import { text } from '../common.js';

/**
 * POST v1/messages/stop (no sign-in): the link at the foot of every attendee message,
 * `{PUBLIC_URL}/messages/stop?token=…`. Puts the address on the organiser's stop list: no more
 * messages from that organiser to it (tickets and receipts still come). `privacy.link_invalid`
 * (400) for a token that is not ours.
 */
export const stopMessagesBodySchema = z.object({ token: text().trim().min(1).max(600) });
export type StopMessagesBody = z.infer<typeof stopMessagesBodySchema>;
export const messagesStoppedSchema = z.object({ organizer: z.string(), address: z.string() });
export const stopMessagesResponseSchema = envelope(messagesStoppedSchema);
