export * from './pricing.js';
export * from './manage-codes.js';
