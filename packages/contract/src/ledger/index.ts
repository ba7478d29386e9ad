export * from './service-fee.js';
export * from './get-balance.js';
export * from './list-ledger.js';
export * from './statements.js';
