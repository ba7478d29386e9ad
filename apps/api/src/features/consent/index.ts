/**
 * Marketing consent as other features see it (docs/security.md#consent): checkout records the
 * ticked box; privacy reads, changes and (deleting an account) forgets a person's answers, and
 * builds the withdraw link a marketing mail must carry.
 */
export {
  consentHistory,
  forgetConsents,
  hasMarketingConsent,
  recordCheckoutConsent,
  setAccountConsent,
  withdrawUrl,
} from './consent.service.js';
export { consentRoutes } from './consent.routes.js';
