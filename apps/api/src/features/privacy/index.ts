/**
 * A person's rights over their data (docs/security.md#your-data): the routes for the composition
 * root, the retention job for background work, and when an event's attendee data goes, for the
 * organiser's event answer.
 */
export { privacyRoutes } from './privacy.routes.js';
export { retentionJob, removeExpiredAttendeeData, RETENTION_JOB } from './retention.js';
