/**
 * The accounts feature as other features see it (docs/architecture.md, "Boundaries"):
 * sessions and callers for the HTTP layer, what the team feature needs to invite a
 * teammate, and the password hash for demo data. Everything else stays inside.
 */
export { createSession, resolveSession, type Caller } from './session.service.js';
export { findOrCreateBuyer } from './buyer-accounts.service.js';
export { hashPassword } from './passwords.js';
export { CODE_GROUPS, issueCode } from './one-time-codes.js';
export { normaliseMsisdn } from './usernames.js';
export {
  assertOrganiserIdentityFree,
  changeMemberRole,
  createOrganiserAccount,
  findMember,
  removeMember,
  listOrganisationMembers,
  organisationProfile,
  resetPageUrl,
  toTeammate,
} from './organiser-accounts.service.js';
export { registerTokenKind } from './sign-in.js';
