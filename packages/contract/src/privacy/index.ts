export * from './my-data.js';
export * from './consent.js';
export * from './consent-wording.js';
export * from './retention.js';
