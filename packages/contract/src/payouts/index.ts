export * from './payout-method.js';
export * from './payouts.js';
export * from './simulator.js';
