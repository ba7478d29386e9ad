export * from './check-in.js';
export * from './door-search.js';
