/**
 * The signed payload of a version 1 code, as bytes (docs/ticket-codes.md#version-1):
 *
 *   kind (1 byte: 1 ticket, 2 booking)
 *   event id, ticket id, persons (each an unsigned LEB128 varint, shortest form)
 *   booking reference (1 length byte, then that many ASCII bytes of [0-9A-Z-])
 *
 * Nothing else: no names, no emails, no prices. Decoding is strict (shortest varints, no bytes
 * left over) so one payload has exactly one byte form.
 */

/** What a code says about its ticket. It holds no personal data. */
export interface TicketCodePayload {
  /** The e-ticket's id; for a booking's own code (`kind: 'booking'`), the booking's id. 1 … 4294967295. */
  ticketId: number;
  /** The event the code admits to. 1 … 4294967295. */
  eventId: number;
  /** The public booking reference, e.g. `TK-7Q2M9X4`: 1 to 16 of `0-9`, `A-Z` and `-`. */
  bookingRef: string;
  /** How many people the code admits: 1 … 65535. */
  persons: number;
  /** `ticket`: one e-ticket; `booking`: the booking's own code, admitting all of its persons. */
  kind: 'ticket' | 'booking';
}

export const MAX_ID = 0xffff_ffff;
export const MAX_PERSONS = 0xffff;
export const MAX_BOOKING_REF_LENGTH = 16;
const BOOKING_REF = /^[0-9A-Z-]{1,16}$/;

/**
 * The first byte of every signed payload says what it is. The kinds are numbered across formats:
 * 3 is a certificate of attendance (src/certificate-code.ts), so a payload of one kind never
 * decodes as another, whatever prefix it is put behind.
 */
const KINDS = { ticket: 1, booking: 2 } as const;
export const CERTIFICATE_KIND = 3;

/** The longest v1 payload: kind, two 5-byte ids, a 3-byte persons, the length byte and 16 letters. */
export const MAX_PAYLOAD_BYTES = 1 + 5 + 5 + 3 + 1 + MAX_BOOKING_REF_LENGTH;
/** The shortest v1 payload: kind, three 1-byte varints, the length byte and one letter. */
export const MIN_PAYLOAD_BYTES = 1 + 1 + 1 + 1 + 1 + 1;

export function checkInteger(name: string, value: unknown, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > max) {
    throw new RangeError(`${name} must be an integer from 1 to ${max}`);
  }
  return value;
}

export function pushVarint(out: number[], value: number) {
  let rest = value;
  while (rest >= 0x80) {
    out.push((rest % 0x80) | 0x80);
    rest = Math.floor(rest / 0x80);
  }
  out.push(rest);
}

/** Encodes a payload, or throws a RangeError naming the first field out of bounds (a caller's bug). */
export function encodePayload(payload: TicketCodePayload): Uint8Array {
  const kind = payload.kind === 'ticket' ? KINDS.ticket : payload.kind === 'booking' ? KINDS.booking : null;
  if (kind === null) throw new RangeError("kind must be 'ticket' or 'booking'");
  const eventId = checkInteger('eventId', payload.eventId, MAX_ID);
  const ticketId = checkInteger('ticketId', payload.ticketId, MAX_ID);
  const persons = checkInteger('persons', payload.persons, MAX_PERSONS);
  const ref = payload.bookingRef;
  if (typeof ref !== 'string' || !BOOKING_REF.test(ref)) {
    throw new RangeError(`bookingRef must be 1 to ${MAX_BOOKING_REF_LENGTH} of 0-9, A-Z and -`);
  }
  const out: number[] = [kind];
  pushVarint(out, eventId);
  pushVarint(out, ticketId);
  pushVarint(out, persons);
  out.push(ref.length);
  for (let i = 0; i < ref.length; i++) out.push(ref.charCodeAt(i));
  return Uint8Array.from(out);
}

/** Reads bytes front to back; every read returns null past the end or on a non-canonical value. */
export class Reader {
  private at = 0;
  constructor(private readonly bytes: Uint8Array) {}

  get done() {
    return this.at === this.bytes.length;
  }

  byte(): number | null {
    return this.at < this.bytes.length ? this.bytes[this.at++]! : null;
  }

  /** An unsigned LEB128 varint in its shortest form, from 1 to `max`. */
  varint(max: number): number | null {
    let value = 0;
    let scale = 1;
    for (let i = 0; i < 5; i++) {
      const b = this.byte();
      if (b === null) return null;
      value += (b & 0x7f) * scale;
      if ((b & 0x80) === 0) {
        // A zero last byte after the first means a longer form than needed.
        if (i > 0 && b === 0) return null;
        return value >= 1 && value <= max ? value : null;
      }
      scale *= 0x80;
    }
    return null;
  }
}

const isRefLetter = (c: number) => (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || c === 0x2d;

/** Decodes a v1 payload, or returns null for any byte string `encodePayload` cannot produce. Never throws. */
export function decodePayload(bytes: Uint8Array): TicketCodePayload | null {
  if (bytes.length < MIN_PAYLOAD_BYTES || bytes.length > MAX_PAYLOAD_BYTES) return null;
  const r = new Reader(bytes);
  const kindByte = r.byte();
  const kind = kindByte === KINDS.ticket ? 'ticket' : kindByte === KINDS.booking ? 'booking' : null;
  if (kind === null) return null;
  const eventId = r.varint(MAX_ID);
  if (eventId === null) return null;
  const ticketId = r.varint(MAX_ID);
  if (ticketId === null) return null;
  const persons = r.varint(MAX_PERSONS);
  if (persons === null) return null;
  const length = r.byte();
  if (length === null || length < 1 || length > MAX_BOOKING_REF_LENGTH) return null;
  let bookingRef = '';
  for (let i = 0; i < length; i++) {
    const c = r.byte();
    if (c === null || !isRefLetter(c)) return null;
    bookingRef += String.fromCharCode(c);
  }
  if (!r.done) return null;
  return { ticketId, eventId, bookingRef, persons, kind };
}
