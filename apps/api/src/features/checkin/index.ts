/**
 * The door (docs/decisions/0011-offline-check-in.md): door events, the offline kit, scans and
 * offline sync. Its routes are picked up by features/routes.ts; nothing else uses it.
 */
export { checkinRoutes } from './checkin.routes.js';
