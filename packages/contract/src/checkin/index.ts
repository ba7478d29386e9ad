export * from './check-in.js';
