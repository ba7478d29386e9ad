import { z } from 'zod';
import { envelope } from '../envelope.js';
import { idTextSchema } from '../common.js';
import { MESSAGE_LIMITS } from './message.js';
import { messageRecipientSchema, messageSchema } from './message.js';

/**
 * GET v1/client/event/{id}/messages: the event's messages, newest first, each with its counts,
 * and how many more may be sent today (`MESSAGE_LIMITS.perEventPerDay` a Nairobi day).
 */
export const listMessagesSchema = z.object({
  data: z.array(messageSchema),
  sent_today: z.number().int(),
  daily_limit: z.literal(MESSAGE_LIMITS.perEventPerDay),
});
export type ListMessages = z.infer<typeof listMessagesSchema>;
export const listMessagesResponseSchema = envelope(listMessagesSchema);

/** GET v1/client/event/{id}/messages/{message_id}: the message and each recipient's state. */
export const messageParamsSchema = z.object({ id: idTextSchema, message_id: idTextSchema });
export const messageDetailSchema = messageSchema.extend({ recipients: z.array(messageRecipientSchema) });
export type MessageDetail = z.infer<typeof messageDetailSchema>;
export const messageDetailResponseSchema = envelope(messageDetailSchema);
