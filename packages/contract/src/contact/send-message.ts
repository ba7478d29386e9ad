import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { emailSchema, text } from '../common.js';
import { envelope } from '../envelope.js';

/** POST v1/contact: the Contact page form (name, email, message; all required). */
export const sendMessageBodySchema = z.object({
  name: text().trim().min(1, 'Name is required').max(LIMITS.nameMax),
  email: emailSchema,
  message: text().trim().min(1, 'Message is required').max(LIMITS.messageMax),
});
export type SendMessageBody = z.infer<typeof sendMessageBodySchema>;
export const sendMessageResponseSchema = envelope(z.object({ id: z.number().int() }));
