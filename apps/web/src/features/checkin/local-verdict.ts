import { readTypedReference, verifyTicketCode } from '@tikiti/ticket-codes';
import type { DoorCounts, DoorKit, DoorTicket, DoorVerdict } from '@tikiti/contract';

/**
 * The door's answer with no network (docs/decisions/0013-door-page-offline.md), from the kit on
 * the device: the code's signature is checked with the event's public keys (WebCrypto Ed25519,
 * docs/ticket-codes.md), then its ticket looked up in the downloaded list; a typed reference is
 * looked up in the list by booking reference and number. The same shape as the
 * server's verdict, so the door shows both alike; the server has the last word when it syncs.
 */
export interface LocalVerdict {
  verdict: DoorVerdict;
  /** A `TK2`-style code this app is too old to read: say "update", not "forged". */
  outdated: boolean;
  /**
   * No key could be used here (a browser without WebCrypto Ed25519: Chrome/Edge before 137,
   * Firefox before 129, Safari before 17, or a page that is not a secure context): no verdict.
   */
  unchecked?: boolean;
}

/** The payload of a code signed by one of the kit's keys (newest first), or why none accepts it. */
async function verify(kit: DoorKit, code: string) {
  let outdated = false;
  let checked = false;
  for (const key of kit.public_keys) {
    try {
      const result = await verifyTicketCode(key, code);
      checked = true;
      if (result.ok) return { payload: result.payload, outdated: false, unchecked: false };
      if (result.reason === 'unknown-version') outdated = true;
      if (result.reason !== 'bad-signature') break;
    } catch {
      // A key this browser cannot import is no verdict on the code: try the next one.
    }
  }
  return { payload: null, outdated, unchecked: !checked };
}

const none = (result: DoorVerdict['result']): DoorVerdict => ({
  result,
  ticket: null,
  persons: 0,
  ticket_ids: [],
  checked_in_at: null,
  checked_in_device: null,
  conflict: null,
});

const ticketOf = (t: DoorTicket): NonNullable<DoorVerdict['ticket']> => ({
  id: t.id,
  holder_name: t.holder_name,
  company: t.company,
  ticket_type: t.ticket_type,
  admits: t.admits,
  booking_reference: t.booking_reference,
});

/**
 * A booking's tickets that admit by their code: a ticket re-issued to a renamed delegate is in
 * the kit twice, its old code (`reissued`, refused) and its new one
 * (docs/product.md#delegates-and-questions).
 */
const current = (tickets: DoorTicket[]) => tickets.filter((t) => !t.reissued);

/**
 * The kit's tickets that a typed reference names (docs/ticket-codes.md#typed-references), as the
 * server finds them: the first reading of the text that names a booking in the kit decides; a
 * booking reference names its tickets, a ticket's short reference that one ticket (its current
 * code's, else the re-issued one, which is refused). Null: none.
 */
function namedByReference(kit: DoorKit, typed: string): { tickets: DoorTicket[]; kind: 'ticket' | 'booking' } | null {
  for (const reading of readTypedReference(typed)) {
    const booking = kit.tickets.filter((t) => t.booking_reference === reading.bookingRef);
    if (booking.length === 0) continue;
    if (reading.ticket === null) return { tickets: current(booking), kind: 'booking' };
    const one = booking.filter((t) => t.number === reading.ticket);
    const live = current(one);
    return one.length ? { tickets: live.length ? live : one, kind: 'ticket' } : null;
  }
  return null;
}

/**
 * Answers a scanned code or a typed reference from the kit, as of `now` on `device`. Admitting
 * changes nothing here: the caller records it (`admitLocally`) and queues it for the server.
 */
export async function localVerdict(kit: DoorKit, rawCode: string, device: string, now: Date): Promise<LocalVerdict> {
  const code = rawCode.trim();
  // A signed code has dots; anything else is a typed reference, which needs no key to look up.
  if (!code.includes('.')) {
    const named = namedByReference(kit, code);
    return named
      ? ticketsVerdict(kit, named.tickets, named.kind, device, now)
      : { verdict: none('unknown'), outdated: false, unchecked: false };
  }
  const { payload, outdated, unchecked } = await verify(kit, code);
  if (!payload) return { verdict: none('unknown'), outdated, unchecked };
  if (payload.eventId !== kit.event.id) return { verdict: none('other_event'), outdated: false };
  const tickets =
    payload.kind === 'ticket'
      ? kit.tickets.filter((t) => t.id === payload.ticketId)
      : current(kit.tickets.filter((t) => t.booking_id === payload.ticketId));
  if (tickets.length === 0) return { verdict: none('unknown'), outdated: false };
  return ticketsVerdict(kit, tickets, payload.kind, device, now);
}

/** The verdict on the tickets a code names: one e-ticket (`ticket`), or every ticket of a booking (`booking`). */
function ticketsVerdict(
  kit: DoorKit,
  tickets: DoorTicket[],
  kind: 'ticket' | 'booking',
  device: string,
  now: Date,
): LocalVerdict {
  const first = tickets[0]!;
  const valid = tickets.filter((t) => !t.revoked);
  if (valid.length === 0 || kit.event.status === 3) {
    return { verdict: { ...none('refunded'), ticket: ticketOf(first) }, outdated: false };
  }
  // The old code of a ticket whose delegate was renamed: the new code admits, this one never.
  if (kind === 'ticket' && first.reissued) {
    return { verdict: { ...none('reissued'), ticket: ticketOf(first) }, outdated: false };
  }
  const waiting = valid.filter((t) => !t.checked_in_at);
  if (waiting.length === 0) {
    const earliest = [...valid].sort((a, b) => (a.checked_in_at! < b.checked_in_at! ? -1 : 1))[0]!;
    return {
      verdict: {
        ...none('already_checked_in'),
        ticket: ticketOf(kind === 'ticket' ? first : earliest),
        checked_in_at: earliest.checked_in_at,
        checked_in_device: earliest.checked_in_device,
      },
      outdated: false,
    };
  }
  return {
    verdict: {
      result: 'admitted',
      ticket: ticketOf(waiting[0]!),
      persons: waiting.reduce((sum, t) => sum + t.admits, 0),
      ticket_ids: waiting.map((t) => t.id),
      checked_in_at: now.toISOString(),
      checked_in_device: device,
      conflict: null,
    },
    outdated: false,
  };
}

/** The kit with `ticketIds` marked checked in at `at` on `device` (those already in keep their first time), and its counts. */
export function admitLocally(kit: DoorKit, ticketIds: number[], at: string, device: string): DoorKit {
  const ids = new Set(ticketIds);
  let tickets = 0;
  let persons = 0;
  const updated = kit.tickets.map((t) => {
    if (!ids.has(t.id) || t.checked_in_at) return t;
    tickets += 1;
    persons += t.admits;
    return { ...t, checked_in_at: at, checked_in_device: device };
  });
  return { ...kit, tickets: updated, counts: addCounts(kit.counts, tickets, persons) };
}

function addCounts(counts: DoorCounts, tickets: number, persons: number): DoorCounts {
  return {
    ...counts,
    tickets_admitted: counts.tickets_admitted + tickets,
    persons_admitted: counts.persons_admitted + persons,
  };
}

/** The kit with the server's word on some tickets (admitted at `at` on `device`), overriding this device's guess. */
export function settleTickets(kit: DoorKit, ticketIds: number[], at: string | null, device: string | null): DoorKit {
  if (!at) return kit;
  const ids = new Set(ticketIds);
  return {
    ...kit,
    tickets: kit.tickets.map((t) => (ids.has(t.id) ? { ...t, checked_in_at: at, checked_in_device: device } : t)),
  };
}

/** Differences below this are the network's delay, not a wrong clock. */
const CLOCK_SLACK_MS = 60_000;

/**
 * A scan's time on the server's clock. The kit says when the server made it (`generated_at`)
 * and the device noted when it arrived (`savedAt`, on its own clock): their difference is how
 * far the device's clock is off. A phone set minutes fast would otherwise send scans "from the
 * future", which the server refuses, and win conflicts it did not win.
 */
export function onServerClock(scannedAt: string, kitGeneratedAt: string, savedAt: string): string {
  const skew = Date.parse(kitGeneratedAt) - Date.parse(savedAt);
  if (!Number.isFinite(skew) || Math.abs(skew) < CLOCK_SLACK_MS) return scannedAt;
  return new Date(Date.parse(scannedAt) + skew).toISOString();
}
