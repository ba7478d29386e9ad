export * from './list-activity.js';
