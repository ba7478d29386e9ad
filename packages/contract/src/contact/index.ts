export * from './send-message.js';
