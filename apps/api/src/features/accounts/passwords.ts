import { hash, verify } from '@node-rs/argon2';

/** argon2id with OWASP's parameters (DESIGN.md §4): 19 MiB, 2 passes, 1 lane. */
const ARGON2ID = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, ARGON2ID);

/** A hash of nothing anyone knows, verified when there is no account, so timing does not tell. */
let decoy: Promise<string> | undefined;

/** True when `password` matches `passwordHash`; an account without a password never matches. */
export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    decoy ??= hashPassword(`decoy-${Math.random()}`);
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
