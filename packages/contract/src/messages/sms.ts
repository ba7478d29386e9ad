import { z } from 'zod';
import { envelope } from '../envelope.js';

/** GET /dev/sms.json (development only, loopback callers): the SMS the local simulator took, newest first. */
export const simulatedSmsSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  from: z.string(),
  text: z.string(),
  created_at: z.string(),
});
export type SimulatedSms = z.infer<typeof simulatedSmsSchema>;
export const simulatedSmsResponseSchema = envelope(z.array(simulatedSmsSchema));
