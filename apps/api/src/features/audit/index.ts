/**
 * The activity log as other features see it (docs/security.md#audit-trail): `recordAudit`, called
 * in the transaction of every action that changes money, people or access (accounts, team,
 * orders, events), and the actor it records. Its routes are picked up by features/routes.ts
 * directly: accounts uses this file, and the routes reach accounts through http/auth.ts.
 */
export {
  recordAudit,
  recordBuyerAudit,
  type AnyAuditActor,
  type AuditActor,
  type AuditEvent,
} from './audit.service.js';
