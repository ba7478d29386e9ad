import { ticketReference } from '@tikiti/ticket-codes';
import { DOOR_SEARCH_LIMIT, type DoorKit, type DoorSearchRow, type DoorTicket } from '@tikiti/contract';

/**
 * The door's search without the network (docs/product.md, "Check-in"): the kit's tickets whose
 * delegate name, email, phone, company or booking reference holds the query, as the server's
 * search answers them (GET v1/client/event/{id}/checkin/search). Case and accents do not matter;
 * for a phone, spaces and a leading 0 or +254 do not either. A re-issued ticket's old code is not
 * a row (its new one is), refunded tickets are (as `revoked`), by name, at most DOOR_SEARCH_LIMIT.
 */

/** Lower case without accents: "Wanjirũ" finds "wanjiru". */
export const folded = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** A Kenyan number's national digits: "+254 712 345 678", "0712345678" and "712345678" alike. */
const nationalDigits = (text: string) => text.replace(/\D/g, '').replace(/^(254|0)/, '');

/** At least this many digits before a query is read as (part of) a phone number. */
const PHONE_DIGITS_MIN = 3;

function matches(t: DoorTicket, q: string, digits: string) {
  const text = folded(q);
  const fields = [
    t.holder_name,
    t.email_address,
    t.company ?? '',
    t.booking_reference,
    ticketReference(t.booking_reference, t.number),
  ];
  if (fields.some((f) => folded(f).includes(text))) return true;
  return digits.length >= PHONE_DIGITS_MIN && t.msisdn !== null && nationalDigits(t.msisdn).includes(digits);
}

export function stateOf(t: DoorTicket): DoorSearchRow['state'] {
  if (t.revoked) return 'revoked';
  return t.checked_in_at ? 'checked_in' : 'not_checked_in';
}

/** The kit's rows for `q` (2 characters at least, else none). */
export function searchKit(kit: DoorKit, q: string): DoorSearchRow[] {
  const query = q.trim();
  if (query.length < 2) return [];
  // Digits only when the query is mostly a number, so "TK-7Q2" is not read as a phone.
  const digits = /^[\d\s+()-]+$/.test(query) ? nationalDigits(query) : '';
  return kit.tickets
    .filter((t) => !t.reissued && matches(t, query, digits))
    .sort((a, b) => a.holder_name.localeCompare(b.holder_name) || a.id - b.id)
    .slice(0, DOOR_SEARCH_LIMIT)
    .map((t) => ({
      ticket_id: t.id,
      reference: ticketReference(t.booking_reference, t.number),
      booking_reference: t.booking_reference,
      holder_name: t.holder_name,
      company: t.company,
      ticket_type: t.ticket_type,
      admits: t.admits,
      state: stateOf(t),
      checked_in_at: t.checked_in_at,
      checked_in_device: t.checked_in_device,
    }));
}
