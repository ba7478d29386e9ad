/**
 * The accounts feature as other features see it (docs/architecture.md, "Boundaries"):
 * sessions, callers and the device a request names for the HTTP layer; the checks a sensitive
 * call makes first (the password entered again, two-factor sign-in on); what the team feature needs to invite a
 * teammate, and the password hash for demo data. Everything else stays inside.
 */
export {
  createSession,
  requireRecentConfirmation,
  resolveSession,
  type Caller,
  type ClientInfo,
} from './session.service.js';
export { deviceSummary } from './device.js';
export { requireTwoFactor, turnOnTwoFactorWithSecret } from './two-factor.service.js';
export { checkOwnPassword } from './organiser-sign-in.js';
export { findOrCreateBuyer } from './buyer-accounts.service.js';
export { hashPassword } from './passwords.js';
export { CODE_GROUPS, consumeCode, issueCode } from './one-time-codes.js';
export { normaliseMsisdn } from './usernames.js';
export {
  assertOrganiserIdentityFree,
  changeMemberRole,
  createOperatorAccount,
  createOrganiserAccount,
  findMember,
  removeMember,
  listOrganisationMembers,
  organisationProfile,
  resetPageUrl,
  toTeammate,
} from './organiser-accounts.service.js';
export { registerTokenKind } from './sign-in.js';
