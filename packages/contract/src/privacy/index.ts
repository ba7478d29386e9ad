export * from './my-data.js';
export * from './consent.js';
