import { and, count, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { pendingSignIns, recoveryCodes, totpFactors } from '../../db/schema/index.js';

type Executor = Db | Tx;

export async function findTotpFactor(db: Executor, accountId: number) {
  const [row] = await db.select().from(totpFactors).where(eq(totpFactors.accountId, accountId)).limit(1);
  return row;
}

/** A new secret waiting for its first code; never over an enabled one (answers undefined then). */
export async function savePendingTotp(db: Executor, accountId: number, secretCipher: string) {
  const [row] = await db
    .insert(totpFactors)
    .values({ accountId, secretCipher })
    .onConflictDoUpdate({
      target: totpFactors.accountId,
      set: { secretCipher, enabledAt: null, lastStep: null, createdAt: sql`now()` },
      setWhere: isNull(totpFactors.enabledAt),
    })
    .returning({ accountId: totpFactors.accountId });
  return row;
}

/** Turns the waiting secret on with the step of its first code; false when it was on already. */
export async function markTotpEnabled(db: Executor, accountId: number, step: number, now: Date) {
  const rows = await db
    .update(totpFactors)
    .set({ enabledAt: now, lastStep: step })
    .where(and(eq(totpFactors.accountId, accountId), isNull(totpFactors.enabledAt)))
    .returning({ accountId: totpFactors.accountId });
  return rows.length === 1;
}

/**
 * Spends the 30-second step of an accepted code in one conditional statement: a code already
 * used (the same step, or an earlier one) is refused, however many requests race with it.
 */
export async function spendTotpStep(db: Executor, accountId: number, step: number) {
  const rows = await db
    .update(totpFactors)
    .set({ lastStep: step })
    .where(
      and(
        eq(totpFactors.accountId, accountId),
        isNotNull(totpFactors.enabledAt),
        or(isNull(totpFactors.lastStep), lt(totpFactors.lastStep, step)),
      ),
    )
    .returning({ accountId: totpFactors.accountId });
  return rows.length === 1;
}

/** Two-factor sign-in off: the secret and every recovery code go. */
export async function deleteTotp(db: Executor, accountId: number) {
  await db.delete(totpFactors).where(eq(totpFactors.accountId, accountId));
  await db.delete(recoveryCodes).where(eq(recoveryCodes.accountId, accountId));
}

/** A fresh set of recovery codes; the older ones stop working. */
export async function replaceRecoveryCodes(db: Executor, accountId: number, hashes: string[]) {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.accountId, accountId));
  await db.insert(recoveryCodes).values(hashes.map((codeHash) => ({ accountId, codeHash })));
}

export async function unusedRecoveryCodes(db: Executor, accountId: number) {
  return db
    .select({ id: recoveryCodes.id, codeHash: recoveryCodes.codeHash })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.accountId, accountId), isNull(recoveryCodes.usedAt)));
}

export async function countUnusedRecoveryCodes(db: Executor, accountId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.accountId, accountId), isNull(recoveryCodes.usedAt)));
  return Number(row?.n ?? 0);
}

/** Spends a recovery code; false when another request spent it first. */
export async function spendRecoveryCode(db: Executor, id: number, now: Date) {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(recoveryCodes.id, id), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return rows.length === 1;
}

export async function insertPendingSignIn(
  db: Executor,
  p: { accountId: number; tokenHash: string; username: string; expiresAt: Date },
) {
  await db.insert(pendingSignIns).values(p);
}

/**
 * Spends one try of a live pending sign-in before its code is checked, in one conditional
 * statement, so parallel guesses never get more than `maxAttempts` between them.
 */
export async function spendPendingAttempt(db: Executor, tokenHash: string, maxAttempts: number, now: Date) {
  const [row] = await db
    .update(pendingSignIns)
    .set({ attempts: sql`${pendingSignIns.attempts} + 1` })
    .where(
      and(
        eq(pendingSignIns.tokenHash, tokenHash),
        isNull(pendingSignIns.usedAt),
        gt(pendingSignIns.expiresAt, now),
        lt(pendingSignIns.attempts, maxAttempts),
      ),
    )
    .returning();
  return row;
}

export async function findLivePendingSignIn(db: Executor, tokenHash: string, maxAttempts: number, now: Date) {
  const [row] = await db
    .select()
    .from(pendingSignIns)
    .where(
      and(
        eq(pendingSignIns.tokenHash, tokenHash),
        isNull(pendingSignIns.usedAt),
        gt(pendingSignIns.expiresAt, now),
        lt(pendingSignIns.attempts, maxAttempts),
      ),
    )
    .limit(1);
  return row;
}

/** The pending sign-in becomes a session once; false when another request used it first. */
export async function markPendingUsed(db: Executor, id: number, now: Date) {
  const rows = await db
    .update(pendingSignIns)
    .set({ usedAt: now })
    .where(and(eq(pendingSignIns.id, id), isNull(pendingSignIns.usedAt)))
    .returning({ id: pendingSignIns.id });
  return rows.length === 1;
}
