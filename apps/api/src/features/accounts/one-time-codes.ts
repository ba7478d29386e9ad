import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { LIMITS } from '@tikiti/contract';
import type { Db, Tx } from '../../db/client.js';
import {
  endLiveCodes,
  findLiveCode,
  insertCode,
  markCodeUsed,
  spendCodeAttempt,
  type CodePurpose,
} from './accounts.repo.js';

/**
 * Six-digit codes mailed to a person (docs/product.md#one-time-codes): stored only as a salted HMAC, single
 * use, short-lived, and dead after LIMITS.codeMaxAttempts wrong tries.
 */
const digest = (salt: string, code: string) => createHmac('sha256', salt).update(code).digest('hex');

/** A salted HMAC of a code; the salt is kept beside it. Recovery codes are kept the same way. */
export function hashCode(code: string): string {
  const salt = randomBytes(16).toString('hex');
  return `${salt}$${digest(salt, code)}`;
}

export function codeMatches(stored: string, code: string): boolean {
  const [salt, expected] = stored.split('$');
  if (!salt || !expected) return false;
  const actual = Buffer.from(digest(salt, code), 'hex');
  const wanted = Buffer.from(expected, 'hex');
  return actual.length === wanted.length && timingSafeEqual(actual, wanted);
}

/** Which codes one check accepts, and which ones a new code replaces. */
export const CODE_GROUPS = {
  /** The reset page takes a registration, recovery or invite code alike. */
  organiserPassword: ['verify', 'recover', 'invite'],
  buyerSignIn: ['signin'],
  /** A buyer deleting their account (docs/security.md#deleting-an-account). */
  accountDeletion: ['erase'],
} as const satisfies Record<string, readonly CodePurpose[]>;
type CodeGroup = (typeof CODE_GROUPS)[keyof typeof CODE_GROUPS];

/** Issues a fresh code (ending the older live ones of its group) and returns it in clear, for the mail. */
export async function issueCode(
  tx: Db | Tx,
  accountId: number,
  purpose: CodePurpose,
  group: CodeGroup,
  now = new Date(),
): Promise<string> {
  const code = String(randomInt(0, 10 ** LIMITS.codeLength)).padStart(LIMITS.codeLength, '0');
  const ttlMs = purpose === 'invite' ? LIMITS.inviteTtlDays * 86_400_000 : LIMITS.codeTtlMinutes * 60_000;
  await endLiveCodes(tx, accountId, [...group], now);
  await insertCode(tx, { accountId, purpose, codeHash: hashCode(code), expiresAt: new Date(now.getTime() + ttlMs) });
  return code;
}

/**
 * Checks a code against the account's live code of the group and uses it up when right.
 * Every check spends a try first, so the answer is the same whatever went wrong.
 */
export async function consumeCode(
  tx: Db | Tx,
  accountId: number,
  group: CodeGroup,
  code: string,
  now = new Date(),
): Promise<boolean> {
  const live = await findLiveCode(tx, accountId, [...group], LIMITS.codeMaxAttempts, now);
  if (!live) return false;
  const spent = await spendCodeAttempt(tx, live.id, LIMITS.codeMaxAttempts, now);
  if (!spent || !codeMatches(spent.codeHash, code)) return false;
  return markCodeUsed(tx, spent.id, now);
}
