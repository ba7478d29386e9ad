import { z } from 'zod';
import { CURRENCIES } from '../constants.js';
import { envelope } from '../envelope.js';

/**
 * GET v1/client/event/defaults: what the create form starts with. The currency is the one of
 * the organisation's newest event, or KES before it has any (docs/product.md#organiser-flows).
 */
export const newEventDefaultsSchema = z.object({
  currency: z.enum(CURRENCIES),
});
export type NewEventDefaults = z.infer<typeof newEventDefaultsSchema>;
export const newEventDefaultsResponseSchema = envelope(newEventDefaultsSchema);
