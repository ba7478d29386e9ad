import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** argon2id with OWASP's parameters (docs/decisions/0003-argon2id-passwords.md): 19 MiB, 2 passes, 1 lane. */
const ARGON2ID = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, ARGON2ID);

/**
 * A hash of nothing anyone knows, verified when there is no account (or no password yet),
 * so a wrong password takes as long whether or not the username exists. Made at start-up,
 * so the first unknown username is not slower either.
 */
const decoy: Promise<string> = hashPassword(`decoy-${randomBytes(16).toString('hex')}`);

/** True when `password` matches `passwordHash`; an account without a password never matches. */
export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
