export * from './event-form.js';
export * from './ticket-form.js';
export * from './list-own-events.js';
export * from './new-event-defaults.js';
