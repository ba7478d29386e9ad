export * from './list-orders.js';
export * from './list-attendees.js';
export * from './sales-summary.js';
