export * from './accounts.js';
export * from './catalogue.js';
export * from './orders.js';
export * from './attendees.js';
export * from './messages.js';
export * from './jobs.js';
export * from './audit.js';
export * from './invoices.js';
