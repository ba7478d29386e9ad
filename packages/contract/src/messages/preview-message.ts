import { z } from 'zod';
import { envelope } from '../envelope.js';
import { messageDraftSchema } from './message.js';

/**
 * POST v1/client/event/{id}/messages/preview: the draft filled with a real attendee's values
 * (the first recipient of the audience; the organiser's own name and the event's title when the
 * audience is empty), the mail's footer included, and how many deliveries it would make.
 */
export const previewMessageBodySchema = messageDraftSchema;
export const messagePreviewSchema = z.object({
  /** Whose values filled the placeholders, or null for the organiser's own. */
  sample_name: z.string().nullable(),
  subject: z.string(),
  /** The mail's plain text as the attendee gets it, the organiser's name and the stop link at the end. */
  mail_text: z.string(),
  /** The SMS as sent (null when SMS is not chosen). */
  sms_text: z.string().nullable(),
  recipients: z.object({ mail: z.number().int(), sms: z.number().int() }),
});
export type MessagePreview = z.infer<typeof messagePreviewSchema>;
export const previewMessageResponseSchema = envelope(messagePreviewSchema);

/**
 * POST v1/client/event/{id}/messages/test: sends the draft, filled with the sender's own
 * values, to the sender's own email (and phone, when SMS is chosen and their account has one).
 * Not counted against the daily limit. Answers where it went.
 */
export const testMessageBodySchema = messageDraftSchema;
export const messageTestSentSchema = z.object({ mail: z.string().nullable(), sms: z.string().nullable() });
export const testMessageResponseSchema = envelope(messageTestSentSchema);
