import { createHash, randomBytes } from 'node:crypto';
import { publicKeyFromPrivateKey } from '@tikiti/ticket-codes';
import type { TicketKeys } from '@tikiti/contract';
import type { AppContext } from '../../app-context.js';
import type { Db, Tx } from '../../db/client.js';
import { findOrCreateSecret } from './etickets.repo.js';

/** The row of `app_secrets` that keeps the signing key's 32-byte seed, when no TICKET_SIGNING_SECRET is set. */
const SIGNING_KEY_NAME = 'ticket-signing-key';
/** The version of today's (only) key in GET v1/tickets/public-key; a rotated key is the next (docs/ticket-codes.md#keys-and-rotation). */
const KEY_VERSION = 1;

interface StoredValue {
  value: string;
  createdAt: Date;
}

const cached = new WeakMap<Db, Map<string, StoredValue>>();

/**
 * A secret of the e-tickets kept in `app_secrets` under `name` (made with `fresh()` on first
 * use, the first instance to ask wins) and cached per database handle. Settlement asks inside
 * its transaction (PGlite has one connection, so it must read through `tx`); a value that this
 * very transaction wrote is used but not cached, since the transaction may still roll back and
 * another instance then make a different one.
 */
export async function ticketSecret(db: Db, name: string, fresh: () => string, tx?: Tx): Promise<StoredValue> {
  let forDb = cached.get(db);
  if (!forDb) cached.set(db, (forDb = new Map()));
  const hit = forDb.get(name);
  if (hit) return hit;
  const row = await findOrCreateSecret(tx ?? db, name, fresh());
  const value = { value: row.value, createdAt: row.createdAt };
  if (!tx || !row.created) forDb.set(name, value);
  return value;
}

export interface TicketSigningKey {
  /** The Ed25519 seed, unpadded base64url (docs/ticket-codes.md#the-package). */
  privateKey: string;
  publicKey: string;
  version: number;
  /** When this key was first used by this database. */
  createdAt: Date;
}

const publicKeys = new Map<string, Promise<string>>();
const publicKeyOf = (privateKey: string) => {
  let key = publicKeys.get(privateKey);
  if (!key) publicKeys.set(privateKey, (key = publicKeyFromPrivateKey(privateKey)));
  return key;
};

/**
 * The key that signs ticket codes: derived from TICKET_SIGNING_SECRET when it is set (the seed
 * is the SHA-256 of the secret, so every instance with the same secret signs alike), otherwise
 * a random seed made once and kept in `app_secrets`. Pass `tx` inside a transaction.
 */
export async function ticketSigningKey(ctx: AppContext, tx?: Tx): Promise<TicketSigningKey> {
  const configured = ctx.config.ticketSigningSecret;
  if (configured) {
    const privateKey = createHash('sha256').update(configured).digest('base64url');
    const publicKey = await publicKeyOf(privateKey);
    // Only the public key is recorded, to say since when the configured key has been in use.
    const firstUse = await ticketSecret(ctx.db, `ticket-public-key:${publicKey}`, () => publicKey, tx);
    return { privateKey, publicKey, version: KEY_VERSION, createdAt: firstUse.createdAt };
  }
  const seed = await ticketSecret(ctx.db, SIGNING_KEY_NAME, () => randomBytes(32).toString('base64url'), tx);
  return {
    privateKey: seed.value,
    publicKey: await publicKeyOf(seed.value),
    version: KEY_VERSION,
    createdAt: seed.createdAt,
  };
}

/** GET v1/tickets/public-key: the keys a door device verifies codes with, newest first (one today). */
export async function ticketPublicKeys(ctx: AppContext): Promise<TicketKeys> {
  const key = await ticketSigningKey(ctx);
  return { keys: [{ public_key: key.publicKey, version: key.version, created_at: key.createdAt.toISOString() }] };
}
