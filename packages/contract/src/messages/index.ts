export * from './message.js';
export * from './send-attendee-message.js';
export * from './list-messages.js';
export * from './preview-message.js';
export * from './stop-messages.js';
export * from './sms.js';
