export * from './waitlist.js';
