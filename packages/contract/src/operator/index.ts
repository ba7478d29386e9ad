export * from './organisations.js';
export * from './payouts.js';
export * from './ledger.js';
