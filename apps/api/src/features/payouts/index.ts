/**
 * Payouts (docs/product.md#payouts): what other features use. The operator console calls the
 * review services and reads an organisation's payout method; the composition roots take the
 * routes and the jobs.
 */
export { payoutsRoutes } from './payouts.routes.js';
export { payoutsJobs } from './mpesa-payouts.js';
export { getPayoutMethod } from './payouts.service.js';
/** The demo seed's past payouts post their debits the way requests do. */
export { postPayoutDebit } from './payout-ledger.js';
export {
  approvePayout,
  batchCsv,
  createBatch,
  getOperatorSettings,
  listOperatorPayouts,
  listPayoutBatches,
  putOperatorSettings,
  rejectPayout,
  settlePayout,
} from './payout-review.service.js';
