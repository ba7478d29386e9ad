export * from './book-event.js';
