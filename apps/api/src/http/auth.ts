import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AccountType } from '@tikiti/contract';
import { AUTH_HEADER } from '@tikiti/contract';
import type { Db } from '../db/client.js';
import {
  deviceSummary,
  requireTwoFactor,
  resolveSession,
  type Caller,
  type ClientInfo,
} from '../features/accounts/index.js';
import type { AnyAuditActor, AuditActor } from '../features/audit/index.js';
import { forbidden, unauthorized, wrongAccountType } from './errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by an `authenticate` pre-handler. */
    caller?: Caller;
  }
}

/** The token a client sends in the `Auth` request header (docs/product.md#token-headers). */
export function tokenOf(request: FastifyRequest): string | undefined {
  const raw = request.headers[AUTH_HEADER];
  const value = Array.isArray(raw) ? raw[0] : raw;
  return value?.replace(/^Bearer\s+/i, '').trim() || undefined;
}

/** The 403 a door-only teammate gets from every organiser call outside the door pages. */
export const DOOR_ONLY_MESSAGE = 'Your account opens the check-in pages only';

/**
 * A pre-handler that requires a live session: 401 without one, 406 when the account
 * is of another type than the call is for. An organiser call refuses a door-only teammate
 * (role `checkin`) with 403 unless it says `door: true` (the check-in calls, v1/client/me):
 * refusal is the default, so a new organiser call is closed to them until it opts in
 * (docs/decisions/0011-offline-check-in.md). The role is read with the session on every
 * request, so a role change takes effect at once.
 */
export function authenticate(db: Db, type?: AccountType | readonly AccountType[], opts: { door?: boolean } = {}) {
  const types = type === undefined ? undefined : typeof type === 'string' ? [type] : type;
  return async (request: FastifyRequest) => {
    const token = tokenOf(request);
    if (!token) throw unauthorized();
    const caller = await resolveSession(db, token);
    if (!caller) throw unauthorized('Your session has ended, please sign in again', 'auth.session_ended');
    if (types && !types.includes(caller.type)) {
      throw wrongAccountType(
        types.includes('organizer')
          ? 'This needs an organiser account'
          : types.includes('operator')
            ? "This needs a Tikiti operator's account"
            : 'This needs a buyer account',
      );
    }
    if (types?.includes('organizer') && caller.role === 'checkin' && !opts.door) throw forbidden(DOOR_ONLY_MESSAGE);
    request.caller = caller;
  };
}

/** The caller set by `authenticate`; a route without that pre-handler is a bug. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw new Error('route is missing its authenticate pre-handler');
  return request.caller;
}

/** An organiser caller with the organisation every organiser call is scoped to. */
export function organiserOf(request: FastifyRequest): Caller & { organisationId: number } {
  const caller = callerOf(request);
  if (caller.type !== 'organizer' || caller.organisationId === null) throw wrongAccountType();
  return caller as Caller & { organisationId: number };
}

/** Hands a new token to the client in the `auth` response header (docs/product.md#token-headers). */
export function issueToken(reply: FastifyReply, token: string) {
  reply.header(AUTH_HEADER, token);
}

/** Where a request comes from: its address (behind TRUST_PROXY, the client's) and the device its User-Agent names. */
export function clientOf(request: FastifyRequest): ClientInfo {
  return { address: request.ip, device: deviceSummary(request.headers['user-agent']) };
}

/** The organiser caller as the activity log records them: who, and from where (docs/security.md#audit-trail). */
export function actorOf(request: FastifyRequest): AuditActor & Caller & { organisationId: number } {
  return { ...organiserOf(request), ...clientOf(request) };
}

/**
 * The pre-handler of every operator call (docs/decisions/0031-payout-safeguards.md): an operator's
 * live session (401 without, 406 for an organiser's or buyer's), with two-factor sign-in on
 * (403 `auth.totp_required` until the operator has set it up).
 */
export function authenticateOperator(db: Db) {
  const session = authenticate(db, 'operator');
  return async (request: FastifyRequest) => {
    await session(request);
    await requireTwoFactor(db, callerOf(request));
  };
}

/** The operator as the audit log records them, acting on `organisationId` (or on none). */
export function operatorActorOf(request: FastifyRequest, organisationId: number | null = null): AnyAuditActor {
  const caller = callerOf(request);
  if (caller.type !== 'operator') throw wrongAccountType("This needs a Tikiti operator's account");
  return {
    organisationId,
    accountId: caller.accountId,
    firstName: caller.firstName,
    lastName: caller.lastName,
    email: caller.email,
    role: 'operator',
    ...clientOf(request),
  };
}
