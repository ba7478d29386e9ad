import { createHash } from 'node:crypto';
import { priceBooking, TICKET_STATUS, type BookEventBody, type Currency } from '@tikiti/contract';
import type { Db } from '../../db/client.js';
import { conflict, invalidField, notFound } from '../../http/errors.js';
import { checkBuyerCode, codeDiscountOf, codeRefusal, codeUsedUp, revealedBy, type CodeRow } from '../codes/index.js';
import { findOfferByToken, findPricingTypes } from './checkout.repo.js';

/** A waiting-list offer's token as kept: its SHA-256 (the link carries the token itself). */
export const offerTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The booking's prices, decided by the server (docs/product.md#discount-codes): the ticket
 * types' own prices, the team tiers, and the buyer's code, through the contract's
 * `priceBooking`, the one function the page prices with too. Also what the code takes from its
 * uses (the tickets it discounts, and for an access code the hidden tickets it unlocks), the
 * hidden types it reveals, and the waiting-list offer the booking is made through. Nothing
 * here holds anything: book_tickets() takes the seats and the uses together.
 */
export async function priceRequest(db: Db, body: BookEventBody, currency: Currency) {
  const ids = body.tickets.map((t) => t.id);
  const types = new Map((await findPricingTypes(db, body.event_id, ids)).map((t) => [t.id, t]));
  const notOnSale = () => invalidField('tickets', 'A ticket type in this order is not on sale for this event');
  const code: CodeRow | null = body.code ? await checkBuyerCode(db, body.event_id, body.code) : null;
  const hiddenIds = [...types.values()].filter((t) => t.hidden).map((t) => t.id);
  const revealed = revealedBy(code, hiddenIds);
  for (const t of body.tickets) {
    const type = types.get(t.id);
    // A hidden type without the code that reveals it is as unknown as another event's.
    if (!type || type.status !== TICKET_STATUS.open || (type.hidden && !revealed.includes(t.id))) throw notOnSale();
  }
  const offer = body.offer ? await offerOf(db, body) : null;
  const discount = code && (code.percentOff !== null || code.amountOffMinor !== null) ? codeDiscountOf(code) : null;
  const priced = priceBooking(
    body.tickets.map((t) => {
      const type = types.get(t.id)!;
      return { ticketTypeId: t.id, quantity: t.qty, listMinor: type.priceMinor, tiers: type.tiers };
    }),
    discount,
    currency,
  );
  let uses = 0;
  if (code) {
    const covered = body.tickets.filter(
      (t) => code.ticketTypeIds.length === 0 || code.ticketTypeIds.includes(t.id) || revealed.includes(t.id),
    );
    if (covered.length === 0) {
      throw codeRefusal(`Code ${code.code} does not apply to the tickets you picked`, 'code.not_applicable');
    }
    uses = priced.lines
      .filter((l) => l.applied === 'code' || revealed.includes(l.ticketTypeId))
      .reduce((n, l) => n + l.quantity, 0);
    if (code.maxPerBooking !== null && uses > code.maxPerBooking) {
      throw codeRefusal(
        `Code ${code.code} covers at most ${code.maxPerBooking} ${code.maxPerBooking === 1 ? 'ticket' : 'tickets'} per booking`,
        'code.per_booking_limit',
      );
    }
    if (code.maxUses !== null && uses > code.maxUses - code.used) throw codeUsedUp(code.code, code.maxUses - code.used);
  }
  return { code, uses, revealed, priced, offer, names: new Map([...types.values()].map((t) => [t.id, t.name])) };
}

/**
 * The waiting-list offer a booking is made through (docs/product.md#waiting-list): live, of this
 * event, and the booking only its type, at most its seats. Its seats are taken by book_tickets().
 */
async function offerOf(db: Db, body: BookEventBody) {
  const offer = await findOfferByToken(db, offerTokenHash(body.offer!));
  if (!offer || offer.eventId !== body.event_id) throw notFound('Offer', 'waitlist.offer_invalid');
  if (offer.status !== 'offered' || !offer.offerExpiresAt || offer.offerExpiresAt <= new Date()) {
    throw conflict('This waiting-list offer has ended', undefined, 'waitlist.offer_expired');
  }
  const [line, ...others] = body.tickets;
  if (others.length > 0 || !line || line.id !== offer.ticketTypeId || line.qty > offer.quantity) {
    throw invalidField(
      'tickets',
      `This offer is for up to ${offer.quantity} ${offer.quantity === 1 ? 'ticket' : 'tickets'} of one type`,
    );
  }
  return offer;
}
