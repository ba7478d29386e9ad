/**
 * The waiting list (docs/product.md#waiting-list): its routes and jobs for the composition roots.
 * Checkout queues its fill job where seats come back and books an offer's seats.
 */
export { waitlistRoutes } from './waitlist.routes.js';
export { waitlistJobs } from './waitlist.jobs.js';
