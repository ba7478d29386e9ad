export * from './my-data.js';
export * from './consent.js';
export * from './retention.js';
