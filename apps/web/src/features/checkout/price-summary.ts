import {
  parseCurrency,
  priceBooking,
  serviceFeeOf,
  sumMinor,
  toMajor,
  toMinor,
  type AppliedCode,
  type BookingCreated,
  type CodeDiscount,
  type Currency,
  type Event,
  type Tier,
} from '@tikiti/contract';

/**
 * What a booking costs as the buyer reads it (docs/product.md#discount-codes,
 * docs/product.md#team-pricing): the tickets at their own prices, each saving on its own line
 * saying which rule gave it (the code, or a type's team price), and the total. Every amount comes
 * from the contract's `priceBooking` (the page) or from the server's priced lines (once booked), in
 * minor units until shown, so the page never differs from what is charged.
 */
export interface Saving {
  key: string;
  /** "Code SAVE10", "Team price: Delegate, 10 % off". */
  label: string;
  /** Major units taken off, positive. */
  amount: number;
}

export interface PriceSummary {
  /** The tickets at the types' own prices (major units). */
  list: number;
  savings: Saving[];
  /**
   * The service fee the buyer pays when the event passes it, VAT included (major units; null
   * when the organiser absorbs it): worked out on the prices after the savings
   * (docs/product.md#service-fees).
   */
  fee: number | null;
  /** What is paid (major units), the fee included. */
  total: number;
  currency: string;
}

/** A code's discount as `priceBooking` takes it; null for an access code that takes nothing off. */
export function codeDiscountOf(code: AppliedCode | undefined, currency: Currency): CodeDiscount | null {
  if (!code || (code.percent_off === null && code.amount_off === null)) return null;
  return {
    percent_off: code.percent_off,
    amount_off_minor: code.amount_off === null ? null : toMinor(code.amount_off, currency),
    ticket_type_ids: code.ticket_type_ids,
  };
}

export const codeLabel = (code: string) => `Code ${code}`;
export const tierLabel = (typeName: string, percent: number) => `Team price: ${typeName}, ${percent} % off`;

interface Saved {
  applied: 'code' | 'tier' | null;
  name: string;
  tierPercent: number | null;
  /** Off the whole line, minor units. */
  offMinor: number;
}

function savingsOf(lines: Saved[], code: string | null | undefined, currency: Currency): Saving[] {
  const savings: Saving[] = [];
  const byCode = lines.filter((l) => l.applied === 'code' && l.offMinor > 0);
  if (byCode.length > 0) {
    savings.push({
      key: 'code',
      label: codeLabel(code ?? ''),
      amount: toMajor(sumMinor(byCode.map((l) => l.offMinor)), currency),
    });
  }
  for (const l of lines) {
    if (l.applied !== 'tier' || l.offMinor <= 0) continue;
    savings.push({
      key: `tier-${l.name}`,
      label: tierLabel(l.name, l.tierPercent ?? 0),
      amount: toMajor(l.offMinor, currency),
    });
  }
  return savings;
}

/**
 * The passed service fee of one ticket at the price the buyer pays for it (fee plus VAT, minor
 * units), by the contract's `serviceFeeOf` with the event's rule, as the booking fixes it; null
 * when the organiser absorbs the fee.
 */
export function passedFeeOf(
  event: Pick<Event, 'currency' | 'service_fee_rule'>,
): ((unitMinor: number) => number) | null {
  const rule = event.service_fee_rule;
  if (!rule) return null;
  const currency = parseCurrency(event.currency);
  const feeRule = { percentBasisPoints: rule.percent_basis_points, fixedMinor: toMinor(rule.fixed, currency) };
  return (unitMinor) => {
    const { feeMinor, vatMinor } = serviceFeeOf(unitMinor, feeRule, currency);
    return feeMinor + vatMinor;
  };
}

/** The page's own pricing of the picked lines (major-unit list prices), with the buyer's code and the passed fee. */
export function summaryOfPicked(
  lines: readonly { id: number; name: string; price: number; qty: number; tiers: readonly Tier[] }[],
  code: AppliedCode | undefined,
  currencyText: string,
  feeOf: ((unitMinor: number) => number) | null = null,
): PriceSummary {
  const currency = parseCurrency(currencyText);
  const priced = priceBooking(
    lines.map((l) => ({ ticketTypeId: l.id, quantity: l.qty, listMinor: toMinor(l.price, currency), tiers: l.tiers })),
    codeDiscountOf(code, currency),
    currency,
  );
  const saved = priced.lines.map((p, i) => ({
    applied: p.applied,
    name: lines[i]!.name,
    tierPercent: p.tierPercent,
    offMinor: p.discountMinor * p.quantity,
  }));
  const feeMinor = feeOf ? sumMinor(priced.lines.map((l) => feeOf(l.unitMinor) * l.quantity)) : null;
  return {
    list: toMajor(priced.listTotalMinor, currency),
    savings: savingsOf(saved, code?.code, currency),
    fee: feeMinor === null ? null : toMajor(feeMinor, currency),
    total: toMajor(priced.totalMinor + (feeMinor ?? 0), currency),
    currency: currencyText,
  };
}

/** The server's pricing of a booking it made: its lines, its discount and the price it charges. */
export function summaryOfBooking(booking: BookingCreated): PriceSummary {
  const currency = parseCurrency(booking.currency);
  const saved = booking.lines.map((l) => ({
    applied: l.applied,
    name: l.name,
    tierPercent: l.tier_percent_off,
    offMinor: toMinor(l.discount, currency) * l.quantity,
  }));
  return {
    list: booking.list_price,
    savings: savingsOf(saved, booking.code, currency),
    fee: booking.service_fee ? booking.service_fee : null,
    total: booking.price,
    currency: booking.currency,
  };
}

/** One ticket's price with the buyer's code, when the code lowers it (major units), else null. */
export function codePriceOf(
  ticket: { id: number; price_per_ticket: number },
  code: AppliedCode | undefined,
  currencyText: string,
): number | null {
  const currency = parseCurrency(currencyText);
  const discount = codeDiscountOf(code, currency);
  if (!discount) return null;
  const [line] = priceBooking(
    [{ ticketTypeId: ticket.id, quantity: 1, listMinor: toMinor(ticket.price_per_ticket, currency), tiers: [] }],
    discount,
    currency,
  ).lines;
  return line && line.applied === 'code' ? toMajor(line.unitMinor, currency) : null;
}
