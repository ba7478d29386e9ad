export * from './question-rules.js';
export * from './questions.js';
export * from './attendee.js';
