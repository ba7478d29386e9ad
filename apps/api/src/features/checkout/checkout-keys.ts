import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/client.js';
import { findCheckoutBooking, forgetCheckoutKey } from './checkout.repo.js';

/**
 * A guest's token (docs/security.md, "Guest checkout"): `ck1.<booking reference>.<key>`. The
 * key is 32 random bytes; only its SHA-256 is kept, on every booking made with it. The token
 * reaches those bookings and nothing else, needs no row of its own (so a guest's booking costs
 * no session write), and ends when its bookings do. Typing an email proves nothing, so it never
 * opens the account of that email: signing in by a mailed code does.
 */
export const CHECKOUT_TOKEN_PREFIX = 'ck1.';
const PREFIX = CHECKOUT_TOKEN_PREFIX;

const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

export function newCheckoutKey(reference: string) {
  const key = randomBytes(32).toString('base64url');
  return { token: `${PREFIX}${reference}.${key}`, keyHash: hashKey(key) };
}

export const isCheckoutToken = (token: string) => token.startsWith(PREFIX);

/** Who a guest's token belongs to: the details they gave and the key their bookings carry. */
export interface CheckoutBuyer {
  keyHash: string;
  fullName: string;
  email: string;
  msisdn: string | null;
}

export async function resolveCheckoutToken(db: Db, token: string): Promise<CheckoutBuyer | undefined> {
  const match = /^ck1\.(TK-[2-9A-Z]{7})\.([\w-]{43})$/.exec(token);
  if (!match) return undefined;
  const booking = await findCheckoutBooking(db, match[1]!);
  if (!booking?.checkoutKeyHash) return undefined;
  const given = Buffer.from(hashKey(match[2]!), 'hex');
  const kept = Buffer.from(booking.checkoutKeyHash, 'hex');
  if (given.length !== kept.length || !timingSafeEqual(given, kept)) return undefined;
  return { keyHash: booking.checkoutKeyHash, fullName: booking.fullName, email: booking.email, msisdn: booking.msisdn };
}

/**
 * Logout of a guest (POST v1/auth/logout with a `ck1.` token): the key is forgotten on every
 * booking that carried it, so the token, or its key with another booking's reference, reaches
 * nothing any more. The bookings stay the buyer's: signing in by code finds the paid ones.
 */
export async function revokeCheckoutToken(db: Db, token: string): Promise<boolean> {
  const guest = await resolveCheckoutToken(db, token);
  if (!guest) return false;
  await forgetCheckoutKey(db, guest.keyHash);
  return true;
}

/** POST v1/auth/logout ends a guest's checkout token through us: handed to accounts by features/wiring.ts. */
export const checkoutTokenKind = { prefix: CHECKOUT_TOKEN_PREFIX, revoke: revokeCheckoutToken };
