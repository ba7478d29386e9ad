import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { tokenOf } from '../../http/auth.js';
import { unauthorized, wrongAccountType } from '../../http/errors.js';
import { resolveSession, type Caller } from '../accounts/index.js';
import { isCheckoutToken, resolveCheckoutToken, type CheckoutBuyer } from './checkout-keys.js';

/** Who is calling checkout (or e-tickets): a signed-in account, or a guest's checkout token. */
export type CheckoutCaller = { kind: 'account'; caller: Caller } | ({ kind: 'checkout' } & CheckoutBuyer);

/**
 * A session or a guest's checkout token (`ck1.…`, docs/security.md "Guest checkout"), when the
 * request carries a live one; undefined otherwise.
 */
export async function resolveBuyerOrCheckout(db: Db, request: FastifyRequest): Promise<CheckoutCaller | undefined> {
  const token = tokenOf(request);
  if (!token) return undefined;
  if (isCheckoutToken(token)) {
    const guest = await resolveCheckoutToken(db, token);
    return guest && { kind: 'checkout', ...guest };
  }
  const caller = await resolveSession(db, token);
  return caller && { kind: 'account', caller };
}

/** A buyer's session or a guest's checkout token, required: 401 without a live one, 406 for an organiser. */
export async function buyerOrCheckoutOf(db: Db, request: FastifyRequest): Promise<CheckoutCaller> {
  const who = await resolveBuyerOrCheckout(db, request);
  if (!who) throw unauthorized();
  if (who.kind === 'account' && who.caller.type !== 'user') throw wrongAccountType('This needs a buyer account');
  return who;
}
