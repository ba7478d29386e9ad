import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { accounts, sessions } from '../../db/schema/index.js';

export async function insertSession(db: Db, accountId: number, tokenHash: string, expiresAt: Date) {
  await db.insert(sessions).values({ accountId, tokenHash, expiresAt });
}

/** The live session of a token hash with its account, or undefined. */
export async function findLiveSession(db: Db, tokenHash: string, now: Date) {
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
    })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .limit(1);
  return row;
}

export async function revokeSessionById(db: Db, sessionId: number, now: Date) {
  await db.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, sessionId));
}

export async function revokeSessionsOfAccount(db: Db, accountId: number, now: Date) {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.accountId, accountId), isNull(sessions.revokedAt)));
}
