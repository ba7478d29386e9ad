export * from './service-fee.js';
export { serviceFeeOf, type FeeRule } from './fee-math.js';
export * from './get-balance.js';
export * from './list-ledger.js';
export * from './statements.js';
