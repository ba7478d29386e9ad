import { z } from 'zod';
import { idTextSchema, text } from '../common.js';
import { envelope } from '../envelope.js';

/**
 * The door finds people (docs/product.md, "Check-in"): open to the owner, admins and door-only
 * teammates, like every door call; another organisation's event is 404.
 */

/** At most this many rows answer a search. */
export const DOOR_SEARCH_LIMIT = 20;

/**
 * GET v1/client/event/{id}/checkin/search?q=: the event's live tickets (a replaced ticket's old
 * code is not a row; refunded ones are, as `revoked`) whose delegate name, phone, email, company
 * or booking reference holds `q` (2 to 100 characters; case and, for phones, spaces and
 * a leading 0 / +254 do not matter), by name, at most `DOOR_SEARCH_LIMIT`.
 *
 * "Admit" posts the row's `reference` as the code of POST v1/client/event/{id}/checkin (or puts
 * it in an offline sync): the same once-only admission as a scan.
 */
export const doorSearchQuerySchema = z.object({
  q: text().trim().min(2, 'Type at least 2 letters').max(100),
});
export type DoorSearchQuery = z.infer<typeof doorSearchQuerySchema>;

export const DOOR_TICKET_STATES = ['not_checked_in', 'checked_in', 'revoked'] as const;
export type DoorTicketState = (typeof DOOR_TICKET_STATES)[number];

export const doorSearchRowSchema = z.object({
  ticket_id: z.number().int(),
  /** The ticket's short reference (`TK-ERZVFGJ-2`): what "Admit" sends as the code. */
  reference: z.string(),
  booking_reference: z.string(),
  holder_name: z.string(),
  company: z.string().nullable(),
  ticket_type: z.string(),
  admits: z.number().int(),
  state: z.enum(DOOR_TICKET_STATES),
  checked_in_at: z.string().nullable(),
  checked_in_device: z.string().nullable(),
});
export type DoorSearchRow = z.infer<typeof doorSearchRowSchema>;
export const doorSearchResponseSchema = envelope(z.array(doorSearchRowSchema));

export const doorTicketParamsSchema = z.object({ id: idTextSchema, ticket_id: idTextSchema });

/**
 * POST v1/client/event/{id}/checkin/tickets/{ticket_id}/resend → 200: mails that ticket (its QR
 * and PDF) again to its delegate's email, else the buyer's; answers where it went, masked
 * (`j•••@example.com`). A refunded or replaced ticket: `door.ticket_not_valid` (409).
 */
export const resendDoorTicketSchema = z.object({ sent_to: z.string() });
export const resendDoorTicketResponseSchema = envelope(resendDoorTicketSchema);

/**
 * GET v1/client/event/{id}/checkin/tickets/{ticket_id}/qr: the ticket's live code and its QR
 * image (a PNG `data:` URL) to show on the organiser's phone for a second scanner. A refunded or
 * replaced ticket: `door.ticket_not_valid` (409).
 */
export const doorTicketQrSchema = z.object({
  ticket_id: z.number().int(),
  reference: z.string(),
  holder_name: z.string(),
  code: z.string(),
  qr: z.string(),
});
export type DoorTicketQr = z.infer<typeof doorTicketQrSchema>;
export const doorTicketQrResponseSchema = envelope(doorTicketQrSchema);
