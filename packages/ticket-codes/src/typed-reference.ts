/**
 * The references printed on a ticket, for a door person to type when the camera cannot read the
 * QR code (docs/ticket-codes.md#typed-references): the booking's reference (`TK-ERZVFGJ`, which
 * admits the whole booking, like the booking's own code) and each ticket's short reference, the
 * booking's reference and the ticket's number in the booking (`TK-ERZVFGJ-2`, which admits that
 * ticket, like its code). Unlike a code, a reference is not signed: only a list of the event's
 * tickets (the server's, or the door kit on the device) can say whether it names one.
 */

/** The text after `TK-` of a booking reference: 6 or 7 letters and digits today, a little room either way. */
const MIN_BODY = 4;
const MAX_BODY = 12;
/** A booking holds at most 50 lines of 20 tickets: a ticket's number has up to 4 digits. */
const MAX_NUMBER_DIGITS = 4;
/** Longer input is no reference, and is not read. */
const MAX_TYPED_LENGTH = 40;
/** What may stand between the parts, or anywhere, as people type: spaces and dashes of every kind. */
const SEPARATORS = /[\s\u002D\u2010-\u2015\u2212\uFE63\uFF0D]+/g;

/** What a typed reference names: a booking, or one ticket of it (1 is the booking's first ticket). */
export interface TypedReference {
  bookingRef: string;
  ticket: number | null;
}

/** A ticket's short reference, as printed under its QR code: `TK-ERZVFGJ-2` for the second ticket of `TK-ERZVFGJ`. */
export function ticketReference(bookingRef: string, ticketNumber: number): string {
  return `${bookingRef}-${ticketNumber}`;
}

/**
 * What typed text may name, most likely first; empty when it is no reference at all (a signed
 * code has dots, so it never is one). Case does not matter, nor does the `TK` prefix, nor spaces
 * and dashes anywhere: `tk-erzvfgj-2`, `ERZVFGJ 2` and `erz vfgj2` all read as ticket 2 of
 * `TK-ERZVFGJ`. Without a dash a trailing number could belong to the reference itself, so each way
 * of reading it is offered and the caller takes the first that names a booking of its event. The
 * reference alphabet leaves out 0, O, 1, I and L alike (docs/ticket-codes.md#typed-references), so
 * no letter is swapped for another: whatever was typed is matched as it is.
 */
export function readTypedReference(input: string): TypedReference[] {
  if (typeof input !== 'string' || input.length > MAX_TYPED_LENGTH) return [];
  const text = input.toUpperCase().replace(SEPARATORS, '');
  if (!/^[0-9A-Z]+$/.test(text)) return [];
  const bodies = text.startsWith('TK') ? [text.slice(2), text] : [text];
  const found: TypedReference[] = [];
  const seen = new Set<string>();
  const add = (body: string, ticket: number | null) => {
    if (body.length < MIN_BODY || body.length > MAX_BODY) return;
    const key = `${body}:${ticket}`;
    if (seen.has(key)) return;
    seen.add(key);
    found.push({ bookingRef: `TK-${body}`, ticket });
  };
  for (const body of bodies) {
    add(body, null);
    for (let digits = 1; digits <= MAX_NUMBER_DIGITS && digits < body.length; digits++) {
      const tail = body.slice(-digits);
      if (!/^[1-9][0-9]*$/.test(tail)) continue;
      add(body.slice(0, -digits), Number(tail));
    }
  }
  return found;
}
