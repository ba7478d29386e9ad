import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const organisations = pgTable('organisations', {
  id: serial('id').primaryKey(),
  organizationName: text('organization_name').notNull(),
  displayName: text('display_name').notNull(),
  email: text('email').notNull(),
  msisdn: text('msisdn').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A person who signs in. `type` user = buyer, organizer = member of one organisation
 * (role owner or admin). Email is stored lower-cased; msisdn normalised to digits.
 */
export const accounts = pgTable(
  'accounts',
  {
    id: serial('id').primaryKey(),
    type: text('type', { enum: ['user', 'organizer'] }).notNull(),
    organisationId: integer('organisation_id').references(() => organisations.id, { onDelete: 'cascade' }),
    /** owner, admin (a teammate with the owner's rights) or checkin (a door-only teammate). */
    role: text('role', { enum: ['owner', 'admin', 'checkin'] }),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    email: text('email').notNull(),
    msisdn: text('msisdn'),
    passwordHash: text('password_hash'),
    googleSub: text('google_sub'),
    photoUrl: text('photo_url'),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('accounts_type_email_key').on(t.type, t.email),
    uniqueIndex('accounts_type_msisdn_key').on(t.type, t.msisdn),
    uniqueIndex('accounts_google_sub_key').on(t.googleSub),
    index('accounts_organisation_idx').on(t.organisationId),
    check('accounts_organizer_has_org', sql`${t.type} <> 'organizer' OR ${t.organisationId} IS NOT NULL`),
  ],
);

/** Opaque session tokens, stored only as a SHA-256 hash. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_account_idx').on(t.accountId)],
);

/**
 * One-time codes mailed to a person: verify (registration), recover (forgot password),
 * invite (teammate), signin (buyer email sign-in). Stored as a hash; single use.
 */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify', 'recover', 'invite', 'signin'] }).notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('verification_codes_account_idx').on(t.accountId)],
);

/** Fixed-window counters for rate limits, shared by every API instance. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull().default(0),
});
