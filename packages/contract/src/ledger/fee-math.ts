import type { Currency } from '../constants.js';
import { isWholeUnitCurrency, MINOR_PER_MAJOR } from '../money.js';

/*
 * The service fee's arithmetic, without zod: the event page works a passed fee out with it on its
 * first screen (docs/decisions/0017-first-javascript.md), the server fixes it on the booking.
 */

/** VAT charged on the service fee (Kenya's standard rate). */
export const SERVICE_FEE_VAT_PERCENT = 16;

/** The service fee rule of one organisation in one currency: a percentage and a fixed amount per ticket. */
export interface FeeRule {
  /** 350 is 3.5 %. */
  percentBasisPoints: number;
  fixedMinor: number;
}

const BASIS = 10_000;

/** numerator / denominator rounded half up, both non-negative integers. */
function roundDiv(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/**
 * The service fee and its VAT on one ticket (docs/product.md#service-fees), in minor units, from
 * the price the buyer pays for it (after any discount code or team price): 0 for a free ticket;
 * else percent of the price plus the fixed amount, then 16 % VAT on it, each rounded half up to
 * what the currency charges (whole shillings: M-Pesa; cents). The server fixes it on the booking
 * and the event page shows it before booking with this same function.
 */
export function serviceFeeOf(unitPriceMinor: number, rule: FeeRule, currency: Currency) {
  if (unitPriceMinor <= 0) return { feeMinor: 0, vatMinor: 0 };
  const step = isWholeUnitCurrency(currency) ? MINOR_PER_MAJOR[currency] : 1;
  const feeMinor = roundDiv(unitPriceMinor * rule.percentBasisPoints + rule.fixedMinor * BASIS, BASIS * step) * step;
  const vatMinor = roundDiv(feeMinor * SERVICE_FEE_VAT_PERCENT, 100 * step) * step;
  return { feeMinor, vatMinor };
}
