/**
 * Messages to attendees as the composition roots see them: the routes (features/routes.ts) and
 * the dispatch and delivery jobs (background.ts).
 */
export { messagesPublicRoutes, messagesRoutes } from './messages.routes.js';
export { messagesJobs } from './messages.service.js';
