export * from './view-tickets.js';
