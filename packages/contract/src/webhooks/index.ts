export * from './webhook.js';
