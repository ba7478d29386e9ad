import { z } from 'zod';
import { envelope } from '../envelope.js';
import { eventSchema } from '../catalogue/event.js';

/**
 * When an event's attendee personal data is removed (docs/security.md#retention): its end plus
 * ATTENDEE_DATA_RETENTION_MONTHS, on the same day of the month (or the month's last day).
 */
export function attendeeDataRemovalDate(endTime: Date, months: number): Date {
  const at = new Date(endTime);
  const day = at.getUTCDate();
  at.setUTCDate(1);
  at.setUTCMonth(at.getUTCMonth() + months);
  const last = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 0)).getUTCDate();
  at.setUTCDate(Math.min(day, last));
  return at;
}

/**
 * GET v1/client/event/{id}: the organiser's own event, with when its attendees' names, emails,
 * phones and answers are removed (`removes_personal_data_on`) or were (`personal_data_removed_at`).
 */
export const ownEventSchema = eventSchema.extend({
  removes_personal_data_on: z.string(),
  personal_data_removed_at: z.string().nullable(),
});
export type OwnEvent = z.infer<typeof ownEventSchema>;
export const ownEventResponseSchema = envelope(ownEventSchema);
