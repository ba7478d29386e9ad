import {
  readTypedReference,
  ticketReference,
  verifyTicketCode,
  type TicketCodePayload,
  type TypedReference,
} from '@tikiti/ticket-codes';
import { nairobiDay } from '@tikiti/contract';
import type {
  CheckInAnswer,
  CheckInBody,
  DoorCounts,
  DoorEvent,
  DoorKit,
  DoorResult,
  DoorSearchRow,
  DoorTicketQr,
  DoorVerdict,
  SyncCheckInsAnswer,
  SyncCheckInsBody,
} from '@tikiti/contract';
import type { AppContext } from '../../app-context.js';
import type { Db, Tx } from '../../db/client.js';
import { conflict, invalidField, notFound } from '../../http/errors.js';
import type { Caller } from '../accounts/index.js';
import { mailTicketAgain, qrPng, ticketPublicKeys } from '../etickets/index.js';
import {
  admitEarliest,
  admitIfFirst,
  countDoor,
  findCheckIns,
  findDoorEvents,
  findEventTicket,
  findEventTickets,
  findOtherDeviceScans,
  findOwnEvent,
  findTicketsByBookingCodes,
  findTicketsByCodes,
  findTicketsByReferences,
  recordScan,
  recordScans,
  searchEventTickets,
  type DoorCountsRow,
  type DoorTicketRow,
  type NumberedDoorTicketRow,
  type OfflineClaim,
} from './checkin.repo.js';
import { emitAttendeeEvent, emitAttendeeEvents } from '../webhooks/index.js';

type Organiser = Caller & { organisationId: number };

/** How far ahead of the server's clock an offline scan's time may be (a phone's clock drifts). */
const MAX_CLOCK_AHEAD_MS = 5 * 60_000;

const toCounts = (c: DoorCountsRow | undefined): DoorCounts => ({
  tickets_admitted: c?.ticketsAdmitted ?? 0,
  tickets_sold: c?.ticketsSold ?? 0,
  persons_admitted: c?.personsAdmitted ?? 0,
  persons_sold: c?.personsSold ?? 0,
});

async function eventCounts(db: Db, eventId: number) {
  return toCounts((await countDoor(db, [eventId])).get(eventId));
}

async function ownEvent(db: Db, caller: Organiser, eventId: number) {
  const event = await findOwnEvent(db, caller.organisationId, eventId);
  if (!event) throw notFound('Event');
  return event;
}

/** GET v1/client/checkin/events. */
export async function listDoorEvents(db: Db, caller: Organiser, now = new Date()): Promise<DoorEvent[]> {
  const rows = await findDoorEvents(db, caller.organisationId, now);
  const counts = await countDoor(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((e) => {
    const c = toCounts(counts.get(e.id));
    return {
      id: e.id,
      title: e.title,
      start_time: e.startTime.toISOString(),
      end_time: e.endTime.toISOString(),
      location: e.location,
      status: e.status,
      tickets_sold: c.tickets_sold,
      tickets_checked_in: c.tickets_admitted,
    };
  });
}

/** GET v1/client/event/{id}/checkin/tickets: the door kit (docs/decisions/0011-offline-check-in.md). */
export async function doorKit(ctx: AppContext, caller: Organiser, eventId: number): Promise<DoorKit> {
  const generatedAt = new Date();
  const event = await ownEvent(ctx.db, caller, eventId);
  const [keys, tickets, counts] = await Promise.all([
    ticketPublicKeys(ctx),
    findEventTickets(ctx.db, eventId),
    eventCounts(ctx.db, eventId),
  ]);
  return {
    event: {
      id: event.id,
      title: event.title,
      start_time: event.startTime.toISOString(),
      end_time: event.endTime.toISOString(),
      location: event.location,
      status: event.status,
    },
    public_keys: keys.keys.map((k) => k.public_key),
    tickets: tickets.map((t) => ({
      id: t.id,
      booking_id: t.bookingId,
      booking_reference: t.bookingReference,
      number: t.number,
      holder_name: t.holderName,
      company: t.company,
      email_address: t.email,
      msisdn: t.msisdn,
      job_title: t.jobTitle,
      ticket_type: t.ticketType,
      admits: t.admits,
      revoked: t.revoked,
      reissued: t.reissued,
      checked_in_at: t.checkedInAt?.toISOString() ?? null,
      checked_in_device: t.checkedInDevice,
    })),
    counts,
    generated_at: generatedAt.toISOString(),
  };
}

type Resolved = { result: 'unknown' | 'other_event' } | { result: 'tickets'; tickets: DoorTicketRow[] };

/** A signed code's payload when it verifies with one of the public keys. */
async function verifiedPayload(code: string, keys: string[]): Promise<TicketCodePayload | undefined> {
  for (const key of keys) {
    const verified = await verifyTicketCode(key, code);
    if (verified.ok) return verified.payload;
  }
  return undefined;
}

/**
 * What each code names at this event, in the order given, with a few queries whatever their
 * number (one per kind of code). A signed code (it has dots): one that verifies with none of the
 * public keys is `unknown`, a genuine code of another event `other_event`; otherwise its
 * e-tickets (one, or a booking's for a booking's own code), found by id and the exact code.
 * Anything else is a typed reference.
 */
async function resolveCodes(db: Db | Tx, eventId: number, codes: string[], keys: string[]): Promise<Resolved[]> {
  const payloads = await Promise.all(
    codes.map((code) => (code.includes('.') ? verifiedPayload(code, keys) : Promise.resolve(undefined))),
  );
  const ticketCodes: { ticketId: number; code: string }[] = [];
  const bookingCodes: { bookingId: number; code: string }[] = [];
  const typed: string[] = [];
  codes.forEach((code, i) => {
    const payload = payloads[i];
    if (!code.includes('.')) typed.push(code);
    else if (payload?.eventId !== eventId) return;
    else if (payload.kind === 'booking') bookingCodes.push({ bookingId: payload.ticketId, code });
    else ticketCodes.push({ ticketId: payload.ticketId, code });
  });
  const readings = new Map(typed.map((code) => [code, readTypedReference(code)]));
  const references = [...new Set([...readings.values()].flat().map((r) => r.bookingRef))];
  const [byTicketCode, byBookingCode, byReference] = await Promise.all([
    findTicketsByCodes(db, eventId, ticketCodes),
    findTicketsByBookingCodes(db, eventId, bookingCodes),
    findTicketsByReferences(db, eventId, references),
  ]);
  return codes.map((code, i): Resolved => {
    if (!code.includes('.')) return resolveTypedReference(byReference, readings.get(code)!);
    const payload = payloads[i];
    if (!payload) return { result: 'unknown' };
    if (payload.eventId !== eventId) return { result: 'other_event' };
    const tickets =
      payload.kind === 'booking'
        ? byBookingCode.filter((t) => t.bookingId === payload.ticketId && t.bookingCode === code)
        : byTicketCode.filter((t) => t.id === payload.ticketId && t.code === code);
    return tickets.length ? { result: 'tickets', tickets } : { result: 'unknown' };
  });
}

async function resolveCode(db: Db, eventId: number, code: string, keys: string[]): Promise<Resolved> {
  return (await resolveCodes(db, eventId, [code], keys))[0]!;
}

/**
 * What a typed reference names at this event (docs/ticket-codes.md#typed-references), among the
 * e-tickets of the bookings its readings name: a booking reference the booking's e-tickets, as
 * its own code would, a ticket's short reference that one e-ticket, as its code would. The first
 * reading of the text that names a booking of this event with e-tickets decides; a reference of
 * another event is `unknown`, since unlike a signed code it proves nothing about where it belongs.
 */
function resolveTypedReference(found: NumberedDoorTicketRow[], readings: TypedReference[]): Resolved {
  for (const reading of readings) {
    // A typed reference names the ticket's place: its live row, never the old rows of a re-issue.
    const booking = found.filter((t) => t.bookingReference === reading.bookingRef && !t.reissued);
    if (booking.length === 0) continue;
    const tickets = reading.ticket === null ? booking : booking.filter((t) => t.number === reading.ticket);
    return tickets.length ? { result: 'tickets', tickets } : { result: 'unknown' };
  }
  return { result: 'unknown' };
}

function verdict(result: DoorResult, ticket: DoorTicketRow | null, extra: Partial<DoorVerdict> = {}): DoorVerdict {
  return {
    result,
    ticket: ticket && {
      id: ticket.id,
      holder_name: ticket.holderName,
      company: ticket.company,
      ticket_type: ticket.ticketType,
      admits: ticket.admits,
      booking_reference: ticket.bookingReference,
    },
    persons: 0,
    ticket_ids: [],
    checked_in_at: null,
    checked_in_device: null,
    conflict: null,
    ...extra,
  };
}

/**
 * A verdict that needs no write: unknown, another event, no longer admitting, or the old code of a
 * ticket re-issued to another delegate (docs/decisions/0025-rename-reissues-the-code.md).
 */
function verdictWithoutWrite(resolved: Resolved): DoorVerdict | { tickets: DoorTicketRow[] } {
  if (resolved.result !== 'tickets') return verdict(resolved.result, null);
  const [only] = resolved.tickets;
  if (resolved.tickets.length === 1 && only!.reissued) return verdict('reissued', only!);
  // A booking's code admits its tickets still live; when none is, it is refunded.
  const live = resolved.tickets.filter((t) => !t.revoked);
  if (live.length === 0) return verdict('refunded', resolved.tickets[0]!);
  return { tickets: live };
}

const personsOf = (tickets: DoorTicketRow[], ids: number[]) =>
  tickets.filter((t) => ids.includes(t.id)).reduce((n, t) => n + t.admits, 0);

async function publicKeys(ctx: AppContext) {
  return (await ticketPublicKeys(ctx)).keys.map((k) => k.public_key);
}

/**
 * POST v1/client/event/{id}/checkin: one scan answered online. The check-in is a single insert
 * against the unique e-ticket id, so two devices scanning the same ticket at once admit it once.
 */
export async function checkIn(
  ctx: AppContext,
  caller: Organiser,
  eventId: number,
  body: CheckInBody,
  now = new Date(),
): Promise<CheckInAnswer> {
  await ownEvent(ctx.db, caller, eventId);
  const resolved = await resolveCode(ctx.db, eventId, body.code, await publicKeys(ctx));
  const pending = verdictWithoutWrite(resolved);
  if ('result' in pending) return { verdict: pending, counts: await eventCounts(ctx.db, eventId) };
  const { tickets } = pending;
  const first = tickets[0]!;
  const ticketIds = tickets.map((t) => t.id);
  const scan = {
    eventId,
    ticketIds,
    deviceId: body.device_id,
    localId: null,
    accountId: caller.accountId,
    scannedAt: now,
  };
  const admitted = await ctx.db.transaction(async (tx) => {
    const ids = await admitIfFirst(tx, scan);
    await recordScan(tx, { ...scan, ticketIds: ids });
    for (const id of ids) await emitAttendeeEvent(tx, 'attendee.checked_in', id);
    return ids;
  });
  let answer: DoorVerdict;
  if (admitted.length > 0) {
    answer = verdict('admitted', first, {
      persons: personsOf(tickets, admitted),
      ticket_ids: admitted,
      checked_in_at: now.toISOString(),
      checked_in_device: body.device_id,
    });
  } else {
    const [existing] = await findCheckIns(ctx.db, [first.id]);
    if (existing && nairobiDay(existing.checkedInAt) !== nairobiDay(now)) {
      // Still once-only, but a later day's attendance is kept: certificates of a multi-day event
      // may ask for several days (docs/product.md#certificates-of-attendance).
      await ctx.db.transaction((tx) => recordScan(tx, scan));
    }
    answer = verdict('already_checked_in', first, {
      checked_in_at: existing?.checkedInAt.toISOString() ?? null,
      checked_in_device: existing?.deviceId ?? null,
    });
  }
  return { verdict: answer, counts: await eventCounts(ctx.db, eventId) };
}

/**
 * POST v1/client/event/{id}/checkin/sync: scans made offline, in the order sent. Each is recorded
 * once per (device, local id); the earliest scan of an e-ticket holds its check-in, whichever
 * syncs first, and a scan overruled by another device's earlier one is told so in `conflict`, as
 * is the winner (docs/decisions/0011-offline-check-in.md).
 *
 * Set-based, in one transaction whatever the number of scans (docs/scaling.md, "the door"): the
 * codes resolved with a query per kind, the scans recorded with one insert, the check-ins claimed
 * with one upsert at each e-ticket's earliest time in the call, and every verdict then worked out
 * as if the scans had been taken one at a time in the order sent, from the check-ins as they
 * stood before the call and as they stand after it (the upsert keeps their rows locked).
 */
export async function syncCheckIns(
  ctx: AppContext,
  caller: Organiser,
  eventId: number,
  body: SyncCheckInsBody,
  now = new Date(),
): Promise<SyncCheckInsAnswer> {
  await ownEvent(ctx.db, caller, eventId);
  body.scans.forEach((s, i) => {
    if (Date.parse(s.scanned_at) > now.getTime() + MAX_CLOCK_AHEAD_MS) {
      throw invalidField(
        `scans.${i}.scanned_at`,
        "This scan's time is ahead of the server's clock; check the device's clock",
      );
    }
  });
  const keys = await publicKeys(ctx);
  const device = body.device_id;
  const results = await ctx.db.transaction(async (tx) => {
    const resolved = await resolveCodes(
      tx,
      eventId,
      body.scans.map((s) => s.code),
      keys,
    );
    const pending = resolved.map(verdictWithoutWrite);
    const claims: OfflineClaim[] = [];
    body.scans.forEach((s, i) => {
      const p = pending[i]!;
      if ('tickets' in p) {
        for (const t of p.tickets)
          claims.push({ eTicketId: t.id, localId: s.local_id, scannedAt: new Date(s.scanned_at) });
      }
    });
    const scan = { eventId, deviceId: device, accountId: caller.accountId };
    const recorded = await recordScans(tx, scan, claims);
    // A scan's time is its first recorded row's: a scan sent again keeps the time it was first sent with.
    const timeOf = (localId: string, tickets: DoorTicketRow[]) =>
      recorded.find((r) => r.localId === localId && tickets.some((t) => t.id === r.eTicketId))?.scannedAt;
    const times = body.scans.map((s, i) => {
      const p = pending[i]!;
      return 'tickets' in p ? (timeOf(s.local_id, p.tickets) ?? new Date(s.scanned_at)) : null;
    });
    const earliest = new Map<number, Date>();
    pending.forEach((p, i) => {
      if (!('tickets' in p)) return;
      for (const t of p.tickets) {
        const at = earliest.get(t.id);
        if (!at || times[i]! < at) earliest.set(t.id, times[i]!);
      }
    });
    const admitted = await admitEarliest(
      tx,
      scan,
      [...earliest].map(([eTicketId, scannedAt]) => ({ eTicketId, scannedAt })),
    );
    // Issue 29: an admission by a sync is a check-in as much as one answered online.
    await emitAttendeeEvents(tx, 'attendee.checked_in', admitted);
    const ids = [...earliest.keys()];
    const [standing, overruled] = await Promise.all([findCheckIns(tx, ids), findOtherDeviceScans(tx, ids, device)]);
    return settleInOrder(body.scans, pending, times, standing, overruled, device);
  });
  return { results, counts: await eventCounts(ctx.db, eventId) };
}

type CheckInState = { checkedInAt: Date; deviceId: string | null };

/**
 * Each scan's verdict, as if the sync's scans had been taken one at a time in the order sent.
 * An e-ticket's check-in before the call is the one that stands after it unless this call put it
 * there (this device, at this call's earliest time of it): then it is the one the door read
 * before (the resolved rows'), or none. From there each scan claims its e-tickets in turn, the
 * earlier time winning; it admitted those it holds once it has claimed them.
 */
function settleInOrder(
  scans: SyncCheckInsBody['scans'],
  pending: (DoorVerdict | { tickets: DoorTicketRow[] })[],
  times: (Date | null)[],
  standing: { eTicketId: number; checkedInAt: Date; deviceId: string | null }[],
  overruled: Map<number, { deviceId: string; scannedAt: Date }>,
  device: string,
): SyncCheckInsAnswer['results'] {
  const state = new Map<number, CheckInState | null>();
  const callEarliest = new Map<number, number>();
  pending.forEach((p, i) => {
    if (!('tickets' in p)) return;
    for (const t of p.tickets) {
      const at = times[i]!.getTime();
      callEarliest.set(t.id, Math.min(callEarliest.get(t.id) ?? at, at));
      if (state.has(t.id)) continue;
      state.set(t.id, t.checkedInAt ? { checkedInAt: t.checkedInAt, deviceId: t.checkedInDevice } : null);
    }
  });
  for (const c of standing) {
    const ours = c.deviceId === device && c.checkedInAt.getTime() === callEarliest.get(c.eTicketId);
    if (!ours) state.set(c.eTicketId, { checkedInAt: c.checkedInAt, deviceId: c.deviceId });
  }
  return scans.map((s, i) => {
    const p = pending[i]!;
    if (!('tickets' in p)) return { ...p, local_id: s.local_id };
    const { tickets } = p;
    const first = tickets[0]!;
    const at = times[i]!;
    for (const t of tickets) {
      const held = state.get(t.id);
      if (!held || held.checkedInAt.getTime() > at.getTime()) state.set(t.id, { checkedInAt: at, deviceId: device });
    }
    const won = tickets
      .filter((t) => {
        const held = state.get(t.id);
        return held?.deviceId === device && held.checkedInAt.getTime() === at.getTime();
      })
      .map((t) => t.id);
    if (won.length > 0) {
      // Another device's scan this one overruled, of the first e-ticket it won that has one.
      const other = won.map((id) => overruled.get(id)).find(Boolean);
      return {
        ...verdict('admitted', first, {
          persons: personsOf(tickets, won),
          ticket_ids: won,
          checked_in_at: at.toISOString(),
          checked_in_device: device,
          conflict: other ? { device: other.deviceId, scanned_at: other.scannedAt.toISOString() } : null,
        }),
        local_id: s.local_id,
      };
    }
    const winner = state.get(first.id);
    return {
      ...verdict('already_checked_in', first, {
        checked_in_at: winner?.checkedInAt.toISOString() ?? null,
        checked_in_device: winner?.deviceId ?? null,
        conflict:
          winner && winner.deviceId !== null && winner.deviceId !== device
            ? { device: winner.deviceId, scanned_at: winner.checkedInAt.toISOString() }
            : null,
      }),
      local_id: s.local_id,
    };
  });
}

/**
 * GET v1/client/event/{id}/checkin/search?q=: the door finds a person by name, phone, email,
 * company or booking reference. "Admit" then sends the row's `reference` as a typed code, so it
 * goes through the same once-only admission as a scan.
 */
export async function searchDoor(db: Db, caller: Organiser, eventId: number, q: string): Promise<DoorSearchRow[]> {
  await ownEvent(db, caller, eventId);
  const rows = await searchEventTickets(db, eventId, q);
  return rows.map((t) => ({
    ticket_id: t.id,
    reference: ticketReference(t.bookingReference, t.number),
    booking_reference: t.bookingReference,
    holder_name: t.holderName,
    company: t.company,
    ticket_type: t.ticketType,
    admits: t.admits,
    state: t.revoked ? 'revoked' : t.checkedInAt ? 'checked_in' : 'not_checked_in',
    checked_in_at: t.checkedInAt?.toISOString() ?? null,
    checked_in_device: t.checkedInDevice,
  }));
}

/** A live ticket of the event for the door's re-send and show-QR; refunded or replaced ones are refused. */
async function liveDoorTicket(db: Db, caller: Organiser, eventId: number, ticketId: number) {
  await ownEvent(db, caller, eventId);
  const ticket = await findEventTicket(db, eventId, ticketId);
  if (!ticket) throw notFound('Ticket');
  if (ticket.revoked || ticket.reissued) {
    throw conflict('This ticket was refunded or replaced: it no longer admits', undefined, 'door.ticket_not_valid');
  }
  return ticket;
}

/** "j•••@example.com": enough for the door to say where it went, not the whole address. */
export const maskEmail = (email: string) => {
  const at = email.indexOf('@');
  return at <= 0 ? '•••' : `${email[0]}•••${email.slice(at)}`;
};

/** POST v1/client/event/{id}/checkin/tickets/{ticket_id}/resend: the ticket's mail again. */
export async function resendDoorTicket(ctx: AppContext, caller: Organiser, eventId: number, ticketId: number) {
  const ticket = await liveDoorTicket(ctx.db, caller, eventId, ticketId);
  const to = await mailTicketAgain(ctx, {
    id: ticket.id,
    bookingId: ticket.bookingId,
    reference: ticketReference(ticket.bookingReference, ticket.number),
    holderName: ticket.holderName,
    delegateEmail: ticket.email,
  });
  return { sent_to: maskEmail(to) };
}

/** GET v1/client/event/{id}/checkin/tickets/{ticket_id}/qr: the live code, to show to a second scanner. */
export async function doorTicketQr(
  ctx: AppContext,
  caller: Organiser,
  eventId: number,
  ticketId: number,
): Promise<DoorTicketQr> {
  const ticket = await liveDoorTicket(ctx.db, caller, eventId, ticketId);
  const png = await qrPng(ticket.code, 360);
  return {
    ticket_id: ticket.id,
    reference: ticketReference(ticket.bookingReference, ticket.number),
    holder_name: ticket.holderName,
    code: ticket.code,
    qr: `data:image/png;base64,${png.toString('base64')}`,
  };
}
