import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const organisations = pgTable(
  'organisations',
  {
    id: serial('id').primaryKey(),
    organizationName: text('organization_name').notNull(),
    displayName: text('display_name').notNull(),
    email: text('email').notNull(),
    msisdn: text('msisdn').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The organiser's page is /o/{slug} (docs/product.md#organiser-page). Unique and never changed
     * by a rename, so links stay; made from the display name by a trigger when an insert leaves it
     * empty (migration 0019: the contract's slugify, then -2, -3, … until free).
     */
    slug: text('slug').notNull().default(''),
    /** What the organiser page says about them (plain text). */
    description: text('description').notNull().default(''),
    /** The organiser page's logo, an image of `media`. */
    logoMediaId: integer('logo_media_id'),
    // The operator's word on the organisation (docs/product.md#the-operator): verified organisations'
    // small payouts are approved automatically; a suspended one's events stop selling, its money stays.
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    suspensionReason: text('suspension_reason'),
  },
  (t) => [
    uniqueIndex('organisations_slug_key').on(t.slug),
    // The few suspended organisations: every public list leaves out their events, and a search
    // tests each match against this index (an empty one when nobody is suspended).
    index('organisations_suspended_idx')
      .on(t.id)
      .where(sql`${t.suspendedAt} IS NOT NULL`),
    check('organisations_slug_check', sql`${t.slug} ~ '^[a-z0-9_-]+$'`),
  ],
);

/**
 * A person who signs in. `type` user = buyer, organizer = member of one organisation
 * (role owner or admin). Email is stored lower-cased; msisdn normalised to digits.
 */
export const accounts = pgTable(
  'accounts',
  {
    id: serial('id').primaryKey(),
    /** `operator`: a person who runs the platform, in no organisation (docs/decisions/0031-payout-safeguards.md). */
    type: text('type', { enum: ['user', 'organizer', 'operator'] }).notNull(),
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
    check('accounts_operator_has_no_org', sql`${t.type} <> 'operator' OR ${t.organisationId} IS NULL`),
  ],
);

/**
 * Opaque session tokens, stored only as a SHA-256 hash (docs/security.md#sessions). `expires_at`
 * is the absolute end (30 days); an organiser's session also ends 12 hours after `last_used_at`.
 * A rotated token's predecessor (`previous_token_hash`) still opens the session for a minute
 * after `rotated_at`, so calls already under way when it turned do not sign the person out.
 * `confirmed_at`: when the password was last entered again in this session (POST v1/auth/confirm).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    previousTokenHash: text('previous_token_hash'),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    /** The browser and system the sign-in came from, summarised from its User-Agent ("Chrome on Windows"). */
    device: text('device').notNull().default('Unknown device'),
    address: text('address').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_key').on(t.tokenHash),
    index('sessions_previous_token_hash_idx').on(t.previousTokenHash),
    index('sessions_account_idx').on(t.accountId),
  ],
);

/**
 * An organiser's authenticator (TOTP, RFC 6238; docs/security.md#two-factor-sign-in): the secret
 * encrypted with AES-256-GCM, never in clear. `enabled_at` null while the setup waits for its
 * first code. `last_step` is the 30-second step of the last code accepted: a code is used once.
 */
export const totpFactors = pgTable('totp_factors', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  secretCipher: text('secret_cipher').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  lastStep: bigint('last_step', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The one-time recovery codes of an organiser with two-factor sign-in: a salted HMAC each, spent once. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('recovery_codes_account_idx').on(t.accountId)],
);

/**
 * A sign-in waiting for its second step: the password was right, the authenticator code is
 * still to come. Its token is stored as a SHA-256 hash; it lives minutes, dies after 5 wrong
 * codes and is spent by the session it becomes. `username` is what was typed, so the code's
 * attempts count on the same sign-in limits as the password's.
 */
export const pendingSignIns = pgTable(
  'pending_sign_ins',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    username: text('username').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('pending_sign_ins_token_hash_key').on(t.tokenHash)],
);

/**
 * One-time codes mailed to a person: verify (registration), recover (forgot password),
 * invite (teammate), signin (buyer email sign-in), erase (a buyer deleting their account,
 * docs/security.md#deleting-an-account). Stored as a hash; single use.
 */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify', 'recover', 'invite', 'signin', 'erase'] }).notNull(),
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

/**
 * Marketing consent (docs/security.md#consent): every yes and every no a person gave, with the
 * exact words they were shown, when, and where (`checkout`, `account`, or the signed `link` in a
 * mail). The newest row of an email is its answer now; none is no. Keyed by the email, lower-cased,
 * since a guest says yes before they have an account; deleting the account deletes its rows.
 * `organisation_id`: whose checkout the yes was given at (its news, and Tikiti's).
 */
export const consents = pgTable(
  'consents',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    organisationId: integer('organisation_id').references(() => organisations.id, { onDelete: 'set null' }),
    granted: boolean('granted').notNull(),
    wording: text('wording').notNull(),
    source: text('source', { enum: ['checkout', 'account', 'link'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('consents_email_idx').on(t.email, t.id),
    check('consents_source_check', sql`${t.source} IN ('checkout', 'account', 'link')`),
  ],
);
