import {
  isWholeUnitCurrency,
  MINOR_PER_MAJOR,
  parseCurrency,
  SERVICE_FEE_VAT_PERCENT,
  type Currency,
} from '@tikiti/contract';
import type { Db, Tx } from '../../db/client.js';
import type { Config } from '../../config.js';
import { deleteOrganisationFees, findOrganisationFees, upsertOrganisationFees } from './ledger.repo.js';

/** The service fee rule of one organisation in one currency: a percentage and a fixed amount per ticket. */
export interface FeeRule {
  /** 350 is 3.5 %. */
  percentBasisPoints: number;
  fixedMinor: number;
}

export type FeeDefaults = Config['serviceFees'];

const BASIS = 10_000;

/** The smallest amount the buyer can be charged, in minor units: whole shillings for KES (M-Pesa), cents for USD. */
function chargeStep(currency: Currency): number {
  return isWholeUnitCurrency(currency) ? MINOR_PER_MAJOR[currency] : 1;
}

/** numerator / denominator rounded half up, both non-negative integers. */
function roundDiv(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/**
 * The service fee and its VAT on one ticket (docs/product.md#service-fees), from the price the
 * buyer pays for it (`booking_lines.unit_price_minor`, after any discount): 0 for a free ticket;
 * else percent of the price plus the fixed amount, then 16 % VAT on it, each rounded half up to
 * what the currency charges (whole shillings, cents).
 */
export function serviceFeeOf(unitPriceMinor: number, rule: FeeRule, currency: Currency) {
  if (unitPriceMinor <= 0) return { feeMinor: 0, vatMinor: 0 };
  const step = chargeStep(currency);
  const feeMinor = roundDiv(unitPriceMinor * rule.percentBasisPoints + rule.fixedMinor * BASIS, BASIS * step) * step;
  const vatMinor = roundDiv(feeMinor * SERVICE_FEE_VAT_PERCENT, 100 * step) * step;
  return { feeMinor, vatMinor };
}

/** The organisation's fee rule in a currency: the operator's override, else the configured defaults. */
export async function feeRuleFor(
  db: Db | Tx,
  defaults: FeeDefaults,
  organisationId: number,
  currency: string,
): Promise<FeeRule> {
  const c = parseCurrency(currency);
  const own = await findOrganisationFees(db, organisationId);
  const ownFixed = own ? (c === 'KES' ? own.fixedKesMinor : own.fixedUsdMinor) : null;
  return {
    percentBasisPoints: own?.percentBasisPoints ?? defaults.percentBasisPoints,
    fixedMinor: ownFixed ?? defaults.fixedMinor[c],
  };
}

export interface OrganisationFees {
  percentBasisPoints: number;
  fixedMinor: Record<Currency, number>;
  /** True when the operator set them; false: the configured defaults. */
  custom: boolean;
}

/** The organisation's effective fees in every currency (the operator console shows them). */
export async function organisationFees(
  db: Db | Tx,
  defaults: FeeDefaults,
  organisationId: number,
): Promise<OrganisationFees> {
  const own = await findOrganisationFees(db, organisationId);
  return {
    percentBasisPoints: own?.percentBasisPoints ?? defaults.percentBasisPoints,
    fixedMinor: {
      KES: own?.fixedKesMinor ?? defaults.fixedMinor.KES,
      USD: own?.fixedUsdMinor ?? defaults.fixedMinor.USD,
    },
    custom: own !== undefined,
  };
}

/**
 * The operator sets an organisation's own fees (null: back to the defaults). Bookings made
 * afterwards carry them; a booking keeps the fee fixed when it was made. The caller records
 * the operator's action in the audit trail.
 */
export async function setOrganisationFees(
  db: Db | Tx,
  organisationId: number,
  fees: { percentBasisPoints: number; fixedMinor?: Partial<Record<Currency, number>> } | null,
) {
  if (fees === null) {
    await deleteOrganisationFees(db, organisationId);
    return;
  }
  const ok = (v: number | undefined) => v === undefined || (Number.isSafeInteger(v) && v >= 0);
  if (!Number.isInteger(fees.percentBasisPoints) || fees.percentBasisPoints < 0 || fees.percentBasisPoints > 5000) {
    throw new RangeError('percentBasisPoints must be a whole number from 0 to 5000 (50 %)');
  }
  if (!ok(fees.fixedMinor?.KES) || !ok(fees.fixedMinor?.USD))
    throw new RangeError('fixed fees are whole minor units, 0 or more');
  await upsertOrganisationFees(db, {
    organisationId,
    percentBasisPoints: fees.percentBasisPoints,
    fixedKesMinor: fees.fixedMinor?.KES ?? null,
    fixedUsdMinor: fees.fixedMinor?.USD ?? null,
  });
}
