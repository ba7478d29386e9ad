import { z } from 'zod';
import { text } from '../common.js';
import { envelope } from '../envelope.js';

/**
 * The door (docs/product.md, "Check-in"). Every call here is open to the organisation's owner,
 * admins and door-only teammates (role `checkin`), and refused to other organisations (404).
 */

/** A name the door page makes up once per device ("Door 3F9K"), shown beside each check-in. */
export const deviceIdSchema = text()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[\w .:-]+$/, 'Letters, digits, spaces and . _ : - only');

/**
 * A scanned or typed code, as the device read it: a signed code, or a reference printed on the
 * ticket, the booking's (`TK-ERZVFGJ`) or a ticket's (`TK-ERZVFGJ-2`), typed
 * (docs/ticket-codes.md#typed-references).
 */
export const scannedCodeSchema = text().trim().min(1, 'Enter a ticket code').max(512, 'That is not a ticket code');

/** GET v1/client/checkin/events: the organisation's events a door can open (not drafts, not ended over a day ago), soonest first. */
export const doorEventSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  location: z.string(),
  /** 1 published, 3 cancelled. */
  status: z.number().int(),
  tickets_sold: z.number().int(),
  tickets_checked_in: z.number().int(),
});
export type DoorEvent = z.infer<typeof doorEventSchema>;
export const listDoorEventsResponseSchema = envelope(z.array(doorEventSchema));

/** Admitted against sold, in e-tickets and in persons. */
export const doorCountsSchema = z.object({
  tickets_admitted: z.number().int(),
  tickets_sold: z.number().int(),
  persons_admitted: z.number().int(),
  persons_sold: z.number().int(),
});
export type DoorCounts = z.infer<typeof doorCountsSchema>;

/** One e-ticket as the door keeps it, to answer a scan with no network. */
export const doorTicketSchema = z.object({
  id: z.number().int(),
  booking_id: z.number().int(),
  booking_reference: z.string(),
  /** Its number in its booking, 1 for the first: its short reference is `booking_reference-number` (`TK-ERZVFGJ-2`). */
  number: z.number().int(),
  /** The delegate's name (the buyer's while the ticket is to be named), and company. */
  holder_name: z.string(),
  company: z.string().nullable(),
  /** For the door's offline search (docs/product.md, "Check-in"): the delegate's email (else the buyer's), phone (else the buyer's) and job title. */
  email_address: z.string(),
  msisdn: z.string().nullable(),
  job_title: z.string().nullable(),
  ticket_type: z.string(),
  admits: z.number().int(),
  /** Refunded, or its event cancelled: it no longer admits. */
  revoked: z.boolean(),
  /**
   * Its code was replaced by a new one when its delegate was renamed: the old code is refused
   * ("This ticket was re-issued") and the ticket admits by its new code.
   */
  reissued: z.boolean(),
  checked_in_at: z.string().nullable(),
  checked_in_device: z.string().nullable(),
});
export type DoorTicket = z.infer<typeof doorTicketSchema>;

/**
 * GET v1/client/event/{id}/checkin/tickets: everything a door device needs to work offline: the
 * event, the public keys that verify its codes (newest first), and every e-ticket with its
 * check-in state as the server knows it at `generated_at`.
 */
export const doorKitSchema = z.object({
  event: z.object({
    id: z.number().int(),
    title: z.string(),
    start_time: z.string(),
    end_time: z.string(),
    location: z.string(),
    status: z.number().int(),
  }),
  public_keys: z.array(z.string()),
  tickets: z.array(doorTicketSchema),
  counts: doorCountsSchema,
  generated_at: z.string(),
});
export type DoorKit = z.infer<typeof doorKitSchema>;
export const doorKitResponseSchema = envelope(doorKitSchema);

/**
 * The answer to one scan. `admitted`: let `persons` in. `already_checked_in`: it was admitted
 * before, at `checked_in_at` on `checked_in_device`. `other_event`: a genuine code of another
 * event. `refunded`: its booking was refunded or its event cancelled. `reissued`: the ticket's
 * delegate was renamed and it has a new code; this one no longer admits. `unknown`: not a code we
 * issued (malformed, forged, or no such ticket).
 */
export const DOOR_RESULTS = [
  'admitted',
  'already_checked_in',
  'other_event',
  'refunded',
  'reissued',
  'unknown',
] as const;
export type DoorResult = (typeof DOOR_RESULTS)[number];

export const doorVerdictSchema = z.object({
  result: z.enum(DOOR_RESULTS),
  /** The ticket the code names (for a booking's own code: its first ticket); null for `unknown` and `other_event`. */
  ticket: z
    .object({
      id: z.number().int(),
      holder_name: z.string(),
      company: z.string().nullable(),
      ticket_type: z.string(),
      admits: z.number().int(),
      booking_reference: z.string(),
    })
    .nullable(),
  /** People to let in now: the ticket's (or, for a booking's code, its tickets not yet in); 0 unless admitted. */
  persons: z.number().int(),
  /** The e-tickets this scan admitted (several for a booking's own code). */
  ticket_ids: z.array(z.number().int()),
  /** When and where it was first admitted (this scan's own for `admitted`). */
  checked_in_at: z.string().nullable(),
  checked_in_device: z.string().nullable(),
  /**
   * Two offline devices admitted the same ticket: the other scan. The earliest scan wins. On
   * `admitted` this scan was the earlier one and the other was overruled; on
   * `already_checked_in` this device's own admission was the later one.
   */
  conflict: z.object({ device: z.string(), scanned_at: z.string() }).nullable(),
});
export type DoorVerdict = z.infer<typeof doorVerdictSchema>;

/**
 * POST v1/client/event/{id}/checkin: one scan, online. 200 with the verdict, whatever it is. A
 * typed booking reference admits like the booking's own code, a ticket's short reference like
 * the ticket's code.
 */
export const checkInBodySchema = z.object({ code: scannedCodeSchema, device_id: deviceIdSchema });
export type CheckInBody = z.infer<typeof checkInBodySchema>;
export const checkInSchema = z.object({ verdict: doorVerdictSchema, counts: doorCountsSchema });
export type CheckInAnswer = z.infer<typeof checkInSchema>;
export const checkInResponseSchema = envelope(checkInSchema);

/** At most this many scans in one sync; a device with more sends them in turns. */
export const MAX_SYNC_SCANS = 200;

/**
 * POST v1/client/event/{id}/checkin/sync: scans a device made offline, oldest first, each with
 * the device's own time and a local id. `scanned_at` may not be more than 5 minutes ahead of
 * the server's clock. Idempotent per (device, local_id): sending a batch again changes nothing.
 */
export const offlineScanSchema = z.object({
  local_id: text().trim().min(1).max(64),
  code: scannedCodeSchema,
  scanned_at: z.iso.datetime({ offset: true }),
});
export type OfflineScan = z.infer<typeof offlineScanSchema>;
export const syncCheckInsBodySchema = z.object({
  device_id: deviceIdSchema,
  scans: z.array(offlineScanSchema).min(1).max(MAX_SYNC_SCANS),
});
export type SyncCheckInsBody = z.infer<typeof syncCheckInsBodySchema>;
export const syncCheckInsSchema = z.object({
  results: z.array(doorVerdictSchema.extend({ local_id: z.string() })),
  counts: doorCountsSchema,
});
export type SyncCheckInsAnswer = z.infer<typeof syncCheckInsSchema>;
export const syncCheckInsResponseSchema = envelope(syncCheckInsSchema);
