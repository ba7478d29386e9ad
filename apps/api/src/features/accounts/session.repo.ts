import { and, desc, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { accounts, sessions } from '../../db/schema/index.js';

type Executor = Db | Tx;

export async function insertSession(
  db: Executor,
  s: { accountId: number; tokenHash: string; expiresAt: Date; device: string; address: string; now: Date },
) {
  const [row] = await db
    .insert(sessions)
    .values({
      accountId: s.accountId,
      tokenHash: s.tokenHash,
      expiresAt: s.expiresAt,
      device: s.device,
      address: s.address,
      createdAt: s.now,
      lastUsedAt: s.now,
    })
    .returning({ id: sessions.id });
  return row!.id;
}

/**
 * A session that is still open at `now` (docs/security.md#sessions): not revoked, before its
 * absolute end, and, for an organiser, used within the idle limit. Buyers have no idle limit:
 * their e-tickets must open at the door whenever they last looked.
 */
const liveAt = (now: Date, idleSince: Date) =>
  and(
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, now),
    or(eq(accounts.type, 'user'), gt(sessions.lastUsedAt, idleSince)),
  );

/**
 * The live session of a token hash with its account, or undefined. A token rotated away still
 * matches within `graceSince` (calls that were already under way when it turned).
 */
export async function findLiveSession(db: Executor, tokenHash: string, now: Date, idleSince: Date, graceSince: Date) {
  const [row] = await db
    .select({
      sessionId: sessions.id,
      accountId: accounts.id,
      type: accounts.type,
      organisationId: accounts.organisationId,
      role: accounts.role,
      firstName: accounts.firstName,
      lastName: accounts.lastName,
      email: accounts.email,
      msisdn: accounts.msisdn,
      lastUsedAt: sessions.lastUsedAt,
      confirmedAt: sessions.confirmedAt,
    })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .where(
      and(
        or(
          eq(sessions.tokenHash, tokenHash),
          and(eq(sessions.previousTokenHash, tokenHash), gt(sessions.rotatedAt, graceSince)),
        ),
        liveAt(now, idleSince),
      ),
    )
    .limit(1);
  return row;
}

/** Notes a session's use, at most once per `since` so a busy page does not write on every call. */
export async function touchSession(db: Executor, sessionId: number, now: Date, since: Date) {
  await db
    .update(sessions)
    .set({ lastUsedAt: now })
    .where(and(eq(sessions.id, sessionId), lt(sessions.lastUsedAt, since)));
}

/** A new token for a session; the old one keeps working for the grace period only. False when the session ended meanwhile. */
export async function rotateSessionToken(db: Executor, sessionId: number, tokenHash: string, now: Date) {
  const rows = await db
    .update(sessions)
    .set({ previousTokenHash: sql`${sessions.tokenHash}`, tokenHash, rotatedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length === 1;
}

export async function setSessionConfirmed(db: Executor, sessionId: number, now: Date) {
  await db.update(sessions).set({ confirmedAt: now }).where(eq(sessions.id, sessionId));
}

/** An account's open sessions, most recently used first. */
export async function listLiveSessions(db: Executor, accountId: number, now: Date, idleSince: Date) {
  return db
    .select({
      id: sessions.id,
      device: sessions.device,
      address: sessions.address,
      createdAt: sessions.createdAt,
      lastUsedAt: sessions.lastUsedAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .where(and(eq(sessions.accountId, accountId), liveAt(now, idleSince)))
    .orderBy(desc(sessions.lastUsedAt), desc(sessions.id));
}

/** Whether the account had any session before, and any from this device (docs/security.md#new-device-mail). */
export async function priorSessionsOf(db: Executor, accountId: number, device: string) {
  const [row] = await db
    .select({
      any: sql<number>`count(*)::int`,
      sameDevice: sql<number>`count(*) FILTER (WHERE ${sessions.device} = ${device})::int`,
    })
    .from(sessions)
    .where(eq(sessions.accountId, accountId));
  return { any: Number(row?.any ?? 0) > 0, sameDevice: Number(row?.sameDevice ?? 0) > 0 };
}

export async function revokeSessionById(db: Executor, sessionId: number, now: Date) {
  await db.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, sessionId));
}

/** Ends one of the account's sessions; false when it has no such open session. */
export async function revokeOwnSession(db: Executor, accountId: number, sessionId: number, now: Date) {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), eq(sessions.accountId, accountId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length === 1;
}

/** Ends every open session of an account, but `keep` when given; answers how many ended. */
export async function revokeSessionsOfAccount(db: Executor, accountId: number, now: Date, keep?: number) {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.accountId, accountId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        keep === undefined ? undefined : ne(sessions.id, keep),
      ),
    )
    .returning({ id: sessions.id });
  return rows.length;
}
