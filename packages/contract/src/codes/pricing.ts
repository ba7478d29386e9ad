import type { Currency } from '../constants.js';
import { amountOffMinor, percentOffMinor } from '../money.js';

/**
 * Pricing of a booking's lines with a code and team tiers (docs/product.md#discount-codes,
 * docs/product.md#team-pricing), in minor units. One function for the page, the booking and the
 * provider's amount: the API prices with it, the web shows what it gives. No zod here: the
 * event page may import it without loading zod.
 */

/** `[{ min_qty, percent_off }]` of a ticket type: from `min_qty` tickets in one booking, `percent_off` off each. */
export interface Tier {
  min_qty: number;
  percent_off: number;
}

/** What a code does to a price: percent or amount (minor units) off, on some ticket types (all when empty). */
export interface CodeDiscount {
  percent_off: number | null;
  amount_off_minor: number | null;
  ticket_type_ids: readonly number[];
}

/** Which rule lowered a line's price: the code, the team tier, or neither. */
export const PRICE_SOURCES = ['code', 'tier'] as const;
export type PriceSource = (typeof PRICE_SOURCES)[number];

export interface PricedLine {
  ticketTypeId: number;
  quantity: number;
  /** The ticket type's own price, per ticket. */
  listMinor: number;
  /** Off each ticket (0 when nothing applies). */
  discountMinor: number;
  /** What the buyer pays per ticket: list − discount, never below zero. */
  unitMinor: number;
  applied: PriceSource | null;
  /** The tier's percent when `applied` is `tier`. */
  tierPercent: number | null;
}

/** The best tier reached by `quantity` tickets in one booking (the highest `min_qty` at or below it). */
export function tierFor(tiers: readonly Tier[], quantity: number): Tier | null {
  let best: Tier | null = null;
  for (const t of tiers) {
    if (quantity >= t.min_qty && (!best || t.percent_off > best.percent_off)) best = t;
  }
  return best;
}

/** Whether a code's discount covers this ticket type. */
export const codeCovers = (code: Pick<CodeDiscount, 'ticket_type_ids'>, ticketTypeId: number): boolean =>
  code.ticket_type_ids.length === 0 || code.ticket_type_ids.includes(ticketTypeId);

/** The discount a code gives one ticket, or null when it gives none (an access code without a discount). */
export function codeOffMinor(code: CodeDiscount, listMinor: number, currency: Currency): number | null {
  if (code.percent_off !== null) return percentOffMinor(listMinor, code.percent_off, currency);
  if (code.amount_off_minor !== null) return amountOffMinor(listMinor, code.amount_off_minor);
  return null;
}

/**
 * One line's price. Codes and tiers do not stack: the buyer gets the larger discount per ticket;
 * on a tie the tier, which spends none of the code's uses.
 */
export function priceLine(
  line: { ticketTypeId: number; quantity: number; listMinor: number; tiers: readonly Tier[] },
  code: CodeDiscount | null,
  currency: Currency,
): PricedLine {
  const tier = tierFor(line.tiers, line.quantity);
  const tierOff = tier ? percentOffMinor(line.listMinor, tier.percent_off, currency) : 0;
  const codeOff = code && codeCovers(code, line.ticketTypeId) ? codeOffMinor(code, line.listMinor, currency) : null;
  const useCode = codeOff !== null && codeOff > tierOff;
  const discountMinor = useCode ? codeOff : tierOff;
  return {
    ticketTypeId: line.ticketTypeId,
    quantity: line.quantity,
    listMinor: line.listMinor,
    discountMinor,
    unitMinor: line.listMinor - discountMinor,
    applied: useCode ? 'code' : tier && tierOff > 0 ? 'tier' : null,
    tierPercent: !useCode && tier && tierOff > 0 ? tier.percent_off : null,
  };
}

/** Every line priced, and the totals: the total is always the sum of the lines (unit × quantity). */
export function priceBooking(
  lines: readonly { ticketTypeId: number; quantity: number; listMinor: number; tiers: readonly Tier[] }[],
  code: CodeDiscount | null,
  currency: Currency,
) {
  const priced = lines.map((l) => priceLine(l, code, currency));
  let listTotalMinor = 0;
  let totalMinor = 0;
  for (const l of priced) {
    listTotalMinor += l.listMinor * l.quantity;
    totalMinor += l.unitMinor * l.quantity;
  }
  return { lines: priced, listTotalMinor, discountMinor: listTotalMinor - totalMinor, totalMinor };
}
