export * from './book-event.js';
export * from './retrieve-booking.js';
export * from './payments.js';
export * from './mpesa.js';
