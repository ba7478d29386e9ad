export * from './event.js';
export * from './list-events.js';
export * from './event-details.js';
export * from './list-organizers.js';
export * from './list-categories.js';
export * from './organizer-page.js';
