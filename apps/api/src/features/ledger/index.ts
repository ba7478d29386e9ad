/**
 * The ledger (docs/decisions/0030-ledger.md): service fees, the double-entry postings and the
 * organisations' balances.
 */
/** Checkout (settlement, fixing the fee on a booking), orders (refunds) and the payouts feature post here in their own transactions. */
export {
  accountCode,
  clearingAccount,
  feesOf,
  lockOrganisationBalance,
  organisationBalances,
  organiserAccount,
  platformAccount,
  postBackdated,
  postRefund,
  postSale,
  refundPosting,
  salePosting,
  postTransaction,
  UnbalancedPostingError,
  type ClearingProvider,
  type LedgerAccount,
  type LedgerLine,
  type LedgerPosting,
  type OrganisationBalance,
  type Sale,
  type SettledLine,
} from './postings.js';
/** Checkout fixes the fee on a booking; the catalogue shows a passed fee; the operator console sets an organisation's fees. */
export {
  feeRuleFor,
  organisationFees,
  serviceFeeOf,
  setOrganisationFees,
  type FeeDefaults,
  type FeeRule,
  type OrganisationFees,
} from './service-fees.js';
/** The composition root (features/routes.ts). */
export { ledgerRoutes } from './ledger.routes.js';
