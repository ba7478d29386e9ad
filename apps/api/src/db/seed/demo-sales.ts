import { seededRandom } from './demo-images.js';

/**
 * The paid bookings behind the demo ticket types' `sold` counts, so the organiser's figures
 * (net sales from paid bookings, tickets sold) tell one story. Pure: the seed writes the plan.
 */

export const FIRST_NAMES = `
  Wanjiru Achieng Njeri Akinyi Wambui Chebet Muthoni Nafula Makena Kendi Mumbua Nyokabi Naliaka Zawadi
  Halima Fatuma Amina Jeptoo Wairimu Auma Faith Mercy Grace Cynthia Purity Esther Lilian Kamau Otieno
  Kiprono Odhiambo Mutua Kariuki Omondi Kiplagat Baraka Hassan Said Wekesa Musyoka Brian Kevin Dennis
  Collins Joseph Peter Daniel Imani Juma Kipchoge
`
  .trim()
  .split(/\s+/);

export const LAST_NAMES = `
  Kamau Mwangi Otieno Odhiambo Cheruiyot Njoroge Kariuki Mutua Musyoka Omondi Ochieng Wekesa Wafula
  Barasa Kimani Githinji Ndegwa Korir Rotich Langat Kiptoo Mohamed Abdalla Mwinyi Nyaga Muriuki
  Kilonzo Maina Njuguna Onyango Owino Okoth Simiyu Chege Macharia Gitau Wanyama Mutiso Kibet Nyambura
`
  .trim()
  .split(/\s+/);

/** Safaricom and Airtel prefixes after 2547. */
const MOBILE_PREFIXES = ['01', '02', '10', '11', '12', '20', '22', '23', '24', '25', '29', '40', '90', '91', '92'];

/**
 * Checkout's alphabet: no 0/O, 1/I/L, so a reference read out or typed at the door is not
 * mistaken (docs/ticket-codes.md#typed-references).
 */
const REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
/** How long checkout holds tickets (docs/product.md#inventory). */
const HOLD_MS = 15 * MINUTE_MS;

export interface SaleTicketType {
  id: number;
  name: string;
  priceMinor: number;
  noOfPersons: number;
  sold: number;
}

export interface SaleEvent {
  eventId: number;
  /** Sales ran from an hour after the event was announced ... */
  announcedAt: Date;
  /** ... until an hour before it started or the seed, whichever came first. */
  startTime: Date;
  tickets: SaleTicketType[];
}

export interface DemoBuyer {
  firstName: string;
  lastName: string;
  email: string;
  msisdn: string;
  createdAt: Date;
  lastLoginAt: Date;
}

export interface DemoBooking {
  reference: string;
  eventId: number;
  /** Index into `buyers`. */
  buyer: number;
  totalMinor: number;
  createdAt: Date;
  holdExpiresAt: Date;
  paidAt: Date;
  lines: { ticketTypeId: number; name: string; unitPriceMinor: number; noOfPersons: number; quantity: number }[];
}

/** One to four tickets, mostly one or two; a group ticket is mostly bought alone. */
function ticketsPerBooking(random: () => number, group: boolean): number {
  const r = random();
  if (group) return r < 0.85 ? 1 : 2;
  return r < 0.45 ? 1 : r < 0.75 ? 2 : r < 0.9 ? 3 : 4;
}

/** A ticket type picked in proportion to what is left of it. */
function pickType(random: () => number, left: Map<SaleTicketType, number>, except?: SaleTicketType) {
  const open = [...left].filter(([t, n]) => n > 0 && t !== except);
  const total = open.reduce((sum, [, n]) => sum + n, 0);
  let r = random() * total;
  for (const [t, n] of open) {
    r -= n;
    if (r < 0) return t;
  }
  return open.at(-1)?.[0];
}

/** A moment in [from, until], moved out of the small hours when the window allows. */
function saleMoment(random: () => number, from: number, until: number): number {
  const at = from + random() * Math.max(0, until - from);
  const nairobiHour = new Date(at + 3 * HOUR_MS).getUTCHours();
  return nairobiHour < 6 && at + 7 * HOUR_MS <= until ? at + 7 * HOUR_MS : at;
}

/**
 * Buyers and paid card bookings whose lines add up exactly to each ticket type's `sold`,
 * paid between the event's announcement and its start (or `now`), oldest first.
 */
export function planDemoSales(
  events: SaleEvent[],
  now: Date,
  seed = 20_261_122,
): { buyers: DemoBuyer[]; bookings: DemoBooking[] } {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;

  const bookings: DemoBooking[] = [];
  const references = new Set<string>();
  const newReference = () => {
    for (;;) {
      const code = Array.from({ length: 6 }, () => pick([...REFERENCE_ALPHABET])).join('');
      if (!references.has(code)) {
        references.add(code);
        return `TK-${code}`;
      }
    }
  };

  for (const event of events) {
    const left = new Map(event.tickets.filter((t) => t.sold > 0).map((t) => [t, t.sold]));
    const from = event.announcedAt.getTime() + HOUR_MS;
    const until = Math.min(now.getTime(), event.startTime.getTime()) - HOUR_MS;
    for (let first = pickType(random, left); first; first = pickType(random, left)) {
      const wanted = ticketsPerBooking(random, first.noOfPersons > 1);
      const lines = [{ type: first, quantity: Math.min(wanted, left.get(first)!) }];
      // Now and then a second type in the same order, e.g. a VIP seat beside two regular ones.
      const second = wanted > 1 && random() < 0.25 ? pickType(random, left, first) : undefined;
      if (second && lines[0]!.quantity > 1) {
        lines[0]!.quantity -= 1;
        lines.push({ type: second, quantity: 1 });
      }
      for (const l of lines) left.set(l.type, left.get(l.type)! - l.quantity);

      const paidAt = saleMoment(random, from, until);
      const createdAt = paidAt - Math.round((1 + random() * 7) * MINUTE_MS);
      bookings.push({
        reference: newReference(),
        eventId: event.eventId,
        buyer: -1,
        totalMinor: lines.reduce((sum, l) => sum + l.type.priceMinor * l.quantity, 0),
        createdAt: new Date(createdAt),
        holdExpiresAt: new Date(createdAt + HOLD_MS),
        paidAt: new Date(paidAt),
        lines: lines.map((l) => ({
          ticketTypeId: l.type.id,
          name: l.type.name,
          unitPriceMinor: l.type.priceMinor,
          noOfPersons: l.type.noOfPersons,
          quantity: l.quantity,
        })),
      });
    }
  }
  bookings.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());

  // About three bookings per buyer: regulars come back for other events.
  const people = FIRST_NAMES.flatMap((first) =>
    LAST_NAMES.filter((last) => last !== first).map((last) => ({ first, last })),
  );
  const buyerCount = Math.min(people.length, Math.max(1, Math.ceil(bookings.length / 3)));
  const chosen: { first: string; last: string }[] = [];
  for (let i = 0; i < buyerCount; i++) {
    const j = i + Math.floor(random() * (people.length - i));
    [people[i], people[j]] = [people[j]!, people[i]!];
    chosen.push(people[i]!);
  }
  const phones = new Set<string>();
  const buyers: DemoBuyer[] = chosen.map(({ first, last }) => {
    let msisdn: string;
    do msisdn = `+2547${pick(MOBILE_PREFIXES)}${String(Math.floor(random() * 1_000_000)).padStart(6, '0')}`;
    while (phones.has(msisdn));
    phones.add(msisdn);
    return {
      firstName: first,
      lastName: last,
      email: `${first}.${last}@example.co.ke`.toLowerCase(),
      msisdn,
      createdAt: now,
      lastLoginAt: new Date(0),
    };
  });

  for (const booking of bookings) {
    booking.buyer = Math.floor(random() * buyers.length);
    const buyer = buyers[booking.buyer]!;
    // The account was opened at the buyer's first checkout, a few minutes before it.
    const opened = new Date(booking.createdAt.getTime() - 3 * MINUTE_MS);
    if (opened < buyer.createdAt) buyer.createdAt = opened;
    if (booking.createdAt > buyer.lastLoginAt) buyer.lastLoginAt = booking.createdAt;
  }
  // Only buyers who booked something.
  const used = [...new Set(bookings.map((b) => b.buyer))].sort((a, b) => a - b);
  const renumber = new Map(used.map((old, i) => [old, i]));
  for (const booking of bookings) booking.buyer = renumber.get(booking.buyer)!;
  return { buyers: used.map((i) => buyers[i]!), bookings };
}
