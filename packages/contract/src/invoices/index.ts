export * from './kra-pin.js';
export * from './tax-profile.js';
export * from './list-invoices.js';
export * from './record-payment.js';
export * from './c2b.js';
export * from './due-date.js';
