import { createHash, randomBytes } from 'node:crypto';
import { LIMITS } from '@tikiti/contract';
import type { Db } from '../../db/client.js';
import { findLiveSession, insertSession, revokeSessionById, revokeSessionsOfAccount } from './session.repo.js';

/** Who is calling: the account behind a live session token. */
export type Caller = NonNullable<Awaited<ReturnType<typeof findLiveSession>>>;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Issues an opaque random token; only its hash is stored (docs/product.md#passwords-and-sessions). */
export async function createSession(db: Db, accountId: number, now = new Date()): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + LIMITS.sessionDays * 86_400_000);
  await insertSession(db, accountId, hashToken(token), expiresAt);
  return token;
}

export async function resolveSession(db: Db, token: string, now = new Date()): Promise<Caller | undefined> {
  if (token.length < 20 || token.length > 200) return undefined;
  return findLiveSession(db, hashToken(token), now);
}

export async function revokeSession(db: Db, caller: Caller, now = new Date()) {
  await revokeSessionById(db, caller.sessionId, now);
}

/** Ends every session of an account, e.g. when its password is set anew. */
export async function revokeAllSessions(db: Db, accountId: number, now = new Date()) {
  await revokeSessionsOfAccount(db, accountId, now);
}
