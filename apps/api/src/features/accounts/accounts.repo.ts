import { and, asc, count, desc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { accounts, organisations, verificationCodes } from '../../db/schema/index.js';
import type { Username } from './usernames.js';

type Executor = Db | Tx;
export type CodePurpose = (typeof verificationCodes.$inferSelect)['purpose'];

const accountColumns = {
  id: accounts.id,
  type: accounts.type,
  organisationId: accounts.organisationId,
  role: accounts.role,
  firstName: accounts.firstName,
  lastName: accounts.lastName,
  email: accounts.email,
  msisdn: accounts.msisdn,
  passwordHash: accounts.passwordHash,
  lastLoginAt: accounts.lastLoginAt,
};

/**
 * The accounts that sign in with a password (and may have two-factor sign-in): organisers and the
 * platform's operators (docs/decisions/0031-payout-safeguards.md). No email or phone is both.
 */
const STAFF_TYPES = ['organizer', 'operator'] as const;

export async function findOrganiserByUsername(db: Executor, username: Username) {
  const [row] = await db
    .select(accountColumns)
    .from(accounts)
    .where(
      and(
        inArray(accounts.type, STAFF_TYPES),
        username.kind === 'email' ? eq(accounts.email, username.email) : eq(accounts.msisdn, username.msisdn),
      ),
    )
    .limit(1);
  return row;
}

export async function findOrganiserById(db: Executor, accountId: number) {
  const [row] = await db
    .select(accountColumns)
    .from(accounts)
    .where(and(inArray(accounts.type, STAFF_TYPES), eq(accounts.id, accountId)))
    .limit(1);
  return row;
}

/** Which of an email and a phone number already belong to an organiser (or operator) account. */
export async function findOrganiserClashes(db: Executor, email: string, msisdn: string | null) {
  const rows = await db
    .select({ email: accounts.email, msisdn: accounts.msisdn })
    .from(accounts)
    .where(
      and(
        inArray(accounts.type, STAFF_TYPES),
        msisdn ? or(eq(accounts.email, email), eq(accounts.msisdn, msisdn)) : eq(accounts.email, email),
      ),
    );
  return {
    email: rows.some((r) => r.email === email),
    msisdn: msisdn !== null && rows.some((r) => r.msisdn === msisdn),
  };
}

export async function insertOrganisation(
  tx: Executor,
  o: { organizationName: string; displayName: string; email: string; msisdn: string },
) {
  const [row] = await tx.insert(organisations).values(o).returning();
  return row!;
}

export async function findOrganisation(db: Executor, id: number) {
  const [row] = await db.select().from(organisations).where(eq(organisations.id, id)).limit(1);
  return row;
}

/** A person joining an organisation: its owner at registration, or an invited admin. */
export interface NewOrganiserAccount {
  organisationId: number;
  role: 'owner' | 'admin' | 'checkin';
  firstName: string;
  lastName: string;
  email: string;
  msisdn: string;
}

export async function insertOrganiserAccount(tx: Executor, a: NewOrganiserAccount) {
  const [row] = await tx
    .insert(accounts)
    .values({ type: 'organizer', ...a })
    .returning(accountColumns);
  return row!;
}

/** A Tikiti operator (docs/decisions/0031-payout-safeguards.md): no organisation, no password yet. */
export async function insertOperatorAccount(tx: Executor, a: { email: string; firstName: string; lastName: string }) {
  const [row] = await tx
    .insert(accounts)
    .values({ type: 'operator', ...a })
    .returning(accountColumns);
  return row!;
}

export async function setPassword(tx: Executor, accountId: number, passwordHash: string) {
  await tx.update(accounts).set({ passwordHash }).where(eq(accounts.id, accountId));
}

export async function setLastLogin(db: Executor, accountId: number, at: Date) {
  await db.update(accounts).set({ lastLoginAt: at }).where(eq(accounts.id, accountId));
}

/** The members of one organisation: owner first, then teammates in the order they joined. */
export async function listOrganisationMembers(db: Executor, organisationId: number, page: number, limit: number) {
  const where = and(eq(accounts.type, 'organizer'), eq(accounts.organisationId, organisationId));
  const [rows, [total]] = await Promise.all([
    db
      .select(accountColumns)
      .from(accounts)
      .where(where)
      .orderBy(sql`CASE WHEN ${accounts.role} = 'owner' THEN 0 ELSE 1 END`, asc(accounts.createdAt), asc(accounts.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(accounts).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

/** One member of an organisation, by account id; another organisation's member looks missing. */
export async function findOrganisationMember(db: Executor, organisationId: number, accountId: number) {
  const [row] = await db
    .select(accountColumns)
    .from(accounts)
    .where(and(eq(accounts.id, accountId), eq(accounts.type, 'organizer'), eq(accounts.organisationId, organisationId)))
    .limit(1);
  return row;
}

/** Gives a teammate (never the owner) another role; answers the account, or undefined when none changed. */
export async function setMemberRole(db: Executor, accountId: number, role: 'admin' | 'checkin') {
  const [row] = await db
    .update(accounts)
    .set({ role })
    .where(
      and(eq(accounts.id, accountId), eq(accounts.type, 'organizer'), sql`${accounts.role} IS DISTINCT FROM 'owner'`),
    )
    .returning(accountColumns);
  return row;
}

/** Deletes a teammate's account (never the owner): its sessions and codes go with it. Answers whether one went. */
export async function deleteMember(db: Executor, accountId: number) {
  const rows = await db
    .delete(accounts)
    .where(
      and(eq(accounts.id, accountId), eq(accounts.type, 'organizer'), sql`${accounts.role} IS DISTINCT FROM 'owner'`),
    )
    .returning({ id: accounts.id });
  return rows.length > 0;
}

// Buyer accounts (type user).

export async function findUserByEmail(db: Executor, email: string) {
  const [row] = await db
    .select(accountColumns)
    .from(accounts)
    .where(and(eq(accounts.type, 'user'), eq(accounts.email, email)))
    .limit(1);
  return row;
}

/** The buyer account of an email, created when missing (safe under concurrent requests). */
export async function ensureUserByEmail(
  db: Executor,
  email: string,
  names: { firstName?: string; lastName?: string } = {},
) {
  await db
    .insert(accounts)
    .values({ type: 'user', email, firstName: names.firstName ?? '', lastName: names.lastName ?? '' })
    .onConflictDoNothing();
  return (await findUserByEmail(db, email))!;
}

/** The buyer account of an email, made on first use in one statement: names only where it has none. */
export async function upsertBuyer(db: Executor, email: string, names: { firstName: string; lastName: string }) {
  const [row] = await db
    .insert(accounts)
    .values({ type: 'user', email, firstName: names.firstName, lastName: names.lastName })
    .onConflictDoUpdate({
      target: [accounts.type, accounts.email],
      set: {
        firstName: sql`CASE WHEN ${accounts.firstName} = '' THEN excluded.first_name ELSE ${accounts.firstName} END`,
        lastName: sql`CASE WHEN ${accounts.lastName} = '' THEN excluded.last_name ELSE ${accounts.lastName} END`,
      },
    })
    .returning(accountColumns);
  return row!;
}

export async function findUserByGoogleSub(db: Executor, sub: string) {
  const [row] = await db
    .select(accountColumns)
    .from(accounts)
    .where(and(eq(accounts.type, 'user'), eq(accounts.googleSub, sub)))
    .limit(1);
  return row;
}

/** Links a Google identity to a buyer account and fills names and photo it lacks. */
export async function linkGoogleIdentity(
  db: Executor,
  accountId: number,
  g: { sub: string; firstName: string; lastName: string; photoUrl: string | null },
) {
  await db
    .update(accounts)
    .set({
      googleSub: g.sub,
      firstName: sql`CASE WHEN ${accounts.firstName} = '' THEN ${g.firstName} ELSE ${accounts.firstName} END`,
      lastName: sql`CASE WHEN ${accounts.lastName} = '' THEN ${g.lastName} ELSE ${accounts.lastName} END`,
      photoUrl: g.photoUrl,
    })
    .where(eq(accounts.id, accountId));
}

// One-time codes.

/** Ends every live code of these purposes, so only the newest code mailed to a person works. */
export async function endLiveCodes(tx: Executor, accountId: number, purposes: CodePurpose[], now: Date) {
  await tx
    .update(verificationCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(verificationCodes.accountId, accountId),
        inArray(verificationCodes.purpose, purposes),
        isNull(verificationCodes.usedAt),
      ),
    );
}

export async function insertCode(
  tx: Executor,
  c: { accountId: number; purpose: CodePurpose; codeHash: string; expiresAt: Date },
) {
  await tx.insert(verificationCodes).values(c);
}

/** The newest code of these purposes that is unused, unexpired and has tries left. */
export async function findLiveCode(
  db: Executor,
  accountId: number,
  purposes: CodePurpose[],
  maxAttempts: number,
  now: Date,
) {
  const [row] = await db
    .select()
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.accountId, accountId),
        inArray(verificationCodes.purpose, purposes),
        isNull(verificationCodes.usedAt),
        gt(verificationCodes.expiresAt, now),
        lt(verificationCodes.attempts, maxAttempts),
      ),
    )
    .orderBy(desc(verificationCodes.createdAt), desc(verificationCodes.id))
    .limit(1);
  return row;
}

/**
 * Spends one try of a code before it is compared, in one conditional statement, so
 * parallel guesses can never take more than `maxAttempts` tries between them.
 */
export async function spendCodeAttempt(db: Executor, id: number, maxAttempts: number, now: Date) {
  const [row] = await db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(
      and(
        eq(verificationCodes.id, id),
        isNull(verificationCodes.usedAt),
        gt(verificationCodes.expiresAt, now),
        lt(verificationCodes.attempts, maxAttempts),
      ),
    )
    .returning();
  return row;
}

/** Marks a code used; false when another request used it first. */
export async function markCodeUsed(tx: Executor, id: number, now: Date) {
  const rows = await tx
    .update(verificationCodes)
    .set({ usedAt: now })
    .where(and(eq(verificationCodes.id, id), isNull(verificationCodes.usedAt)))
    .returning({ id: verificationCodes.id });
  return rows.length === 1;
}

/** A unique index refused the row (PostgreSQL 23505), whichever driver and wrapper raised it. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
