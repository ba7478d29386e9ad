import { parseCurrency, type Currency, type FeeRule } from '@tikiti/contract';
import type { Db, Tx } from '../../db/client.js';
import type { Config } from '../../config.js';
import { deleteOrganisationFees, findOrganisationFees, upsertOrganisationFees } from './ledger.repo.js';

export { serviceFeeOf, type FeeRule } from '@tikiti/contract';

export type FeeDefaults = Config['serviceFees'];

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
