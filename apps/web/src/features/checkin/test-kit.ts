import { generateSigningKeys, signTicketCode, type SigningKeys } from '@tikiti/ticket-codes';
import type { DoorKit, DoorTicket, DoorVerdict } from '@tikiti/contract';

/**
 * Door kits and real signed codes for the door's tests: a key pair made once per test file,
 * codes signed with it as the server signs them (docs/ticket-codes.md).
 */
let keys: Promise<SigningKeys> | null = null;
export const testKeys = () => (keys ??= generateSigningKeys());

export async function codeFor(
  ticketId: number,
  { eventId = 7, bookingRef = 'TK-7Q2M9X', persons = 1, kind = 'ticket' as 'ticket' | 'booking' } = {},
) {
  return signTicketCode((await testKeys()).privateKey, { ticketId, eventId, bookingRef, persons, kind });
}

export function doorTicket(overrides: Partial<DoorTicket> = {}): DoorTicket {
  return {
    id: 501,
    booking_id: 40,
    booking_reference: 'TK-7Q2M9X',
    number: 1,
    holder_name: 'Wanjiku Kamau',
    company: null,
    email_address: 'wanjiku@example.com',
    msisdn: null,
    job_title: null,
    ticket_type: 'Delegate',
    admits: 1,
    revoked: false,
    reissued: false,
    checked_in_at: null,
    checked_in_device: null,
    ...overrides,
  };
}

/** Event 7 with three tickets: 501 and 502 of booking 40 (Wanjiku, TK-7Q2M9X-1 and -2), 503 of booking 41 (Otieno, a group of 4, TK-GRP4AB-1). */
export async function doorKit(overrides: Partial<DoorKit> = {}): Promise<DoorKit> {
  return {
    event: {
      id: 7,
      title: 'East Africa Fintech Summit',
      start_time: '2026-03-12T06:00:00.000Z',
      end_time: '2026-03-12T14:00:00.000Z',
      location: 'KICC, Nairobi',
      status: 1,
    },
    public_keys: [(await testKeys()).publicKey],
    tickets: [
      doorTicket(),
      doorTicket({ id: 502, number: 2, ticket_type: 'VIP' }),
      doorTicket({
        id: 503,
        booking_id: 41,
        booking_reference: 'TK-GRP4AB',
        holder_name: 'Otieno Odhiambo',
        ticket_type: 'Group of 4',
        admits: 4,
      }),
    ],
    counts: { tickets_admitted: 0, tickets_sold: 3, persons_admitted: 0, persons_sold: 6 },
    generated_at: '2026-03-12T05:00:00.000Z',
    ...overrides,
  };
}

/** The server's verdict on a ticket of the kit. */
export function serverVerdict(overrides: Partial<DoorVerdict> = {}): DoorVerdict {
  return {
    result: 'admitted',
    ticket: {
      id: 501,
      holder_name: 'Wanjiku Kamau',
      company: null,
      ticket_type: 'Delegate',
      admits: 1,
      booking_reference: 'TK-7Q2M9X',
    },
    persons: 1,
    ticket_ids: [501],
    checked_in_at: '2026-03-12T06:05:00.000Z',
    checked_in_device: 'Door 3F9K',
    conflict: null,
    ...overrides,
  };
}
