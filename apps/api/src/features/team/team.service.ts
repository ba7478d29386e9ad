import type { InviteTeammateBody, OrganiserMe, Teammate, TeammateRole } from '@tikiti/contract';
import type { AppContext } from '../../app-context.js';
import type { Db, Tx } from '../../db/client.js';
import { conflict, forbidden, tooManyRequests } from '../../http/errors.js';
import { countHit } from '../../lib/rate-limit.js';
import {
  assertOrganiserIdentityFree,
  changeMemberRole,
  CODE_GROUPS,
  createOrganiserAccount,
  findMember,
  issueCode,
  listOrganisationMembers,
  normaliseMsisdn,
  organisationProfile,
  removeMember,
  resetPageUrl,
  toTeammate,
  type Caller,
} from '../accounts/index.js';
import { recordAudit, type AuditActor } from '../audit/index.js';
import { enqueueMail, teammateInviteMail } from '../mail/index.js';

type Organiser = Caller & { organisationId: number };
/** An organiser acting on the team, as the activity log records them (docs/security.md#audit-trail). */
type Actor = Organiser & AuditActor;

const nameOf = (a: { firstName: string; lastName: string; email: string }) =>
  `${a.firstName} ${a.lastName}`.trim() || a.email;

/** GET v1/admin/view: the caller's organisation only, owner included. */
export async function listTeam(db: Db, caller: Organiser, page: number, limit: number) {
  return listOrganisationMembers(db, caller.organisationId, page, limit);
}

/**
 * POST v1/register (role admin) and POST v1/client/team/invite (role admin or checkin): a
 * teammate in the caller's organisation, without a password; the invite mail carries a code
 * valid for days and a link to the reset page.
 */
export async function inviteTeammate(
  ctx: AppContext,
  caller: Actor,
  body: InviteTeammateBody,
  role: TeammateRole = 'admin',
): Promise<Teammate> {
  const email = body.email_address;
  const msisdn = normaliseMsisdn(body.msisdn);
  await assertOrganiserIdentityFree(ctx.db, email, msisdn);
  const mailInvite = await inviteMailer(ctx, caller);
  const teammate = await ctx.db.transaction(async (tx) => {
    const account = await createOrganiserAccount(tx, {
      organisationId: caller.organisationId,
      role,
      firstName: body.first_name,
      lastName: body.last_name,
      email,
      msisdn,
    });
    await mailInvite(tx, account, role);
    await recordAudit(tx, caller, {
      action: 'team.invited',
      target: { type: 'account', id: account.id, label: nameOf(account) },
      details: { role, email: account.email },
    });
    return account;
  });
  return toTeammate(teammate);
}

/**
 * What mails an invite from the caller: a fresh code for the account (its older codes stop
 * working), queued in the caller's transaction. The organisation is read first, outside it
 * (PGlite has one connection).
 */
async function inviteMailer(ctx: AppContext, caller: Organiser) {
  const organisation = await organisationProfile(ctx.db, caller.organisationId);
  const inviterName = `${caller.firstName} ${caller.lastName}`.trim() || organisation.display_name;
  return (tx: Tx, account: { id: number; firstName: string; email: string }, role: TeammateRole) =>
    mailInviteCode(ctx, tx, account, role, organisation.display_name, inviterName);
}

async function mailInviteCode(
  ctx: AppContext,
  tx: Tx,
  account: { id: number; firstName: string; email: string },
  role: TeammateRole,
  organisationName: string,
  inviterName: string,
) {
  const code = await issueCode(tx, account.id, 'invite', CODE_GROUPS.organiserPassword);
  await enqueueMail(tx, {
    to: account.email,
    ...teammateInviteMail({
      firstName: account.firstName,
      inviterName,
      organisationName,
      code,
      resetUrl: resetPageUrl(ctx, account.email),
      role,
    }),
  });
}

/**
 * A teammate the caller may manage: of the caller's organisation (404 otherwise, as for one
 * that does not exist), not the owner and not the caller (403).
 */
async function manageable(db: Db, caller: Organiser, id: number) {
  const member = await findMember(db, caller.organisationId, id);
  if (member.role === 'owner') throw forbidden("The organisation's owner cannot be changed or removed");
  if (member.id === caller.accountId) throw forbidden('You cannot change or remove your own account here');
  return member;
}

/** PUT v1/client/team/{id}/role: the change applies to their next call, their sessions stay. */
export async function changeTeammateRole(db: Db, caller: Actor, id: number, role: TeammateRole) {
  const member = await manageable(db, caller, id);
  const changed = await db.transaction(async (tx) => {
    const row = await changeMemberRole(tx, id, role);
    await recordAudit(tx, caller, {
      action: 'team.role_changed',
      target: { type: 'account', id, label: nameOf(member) },
      details: { from: member.role, to: role },
    });
    return row;
  });
  return toTeammate(changed);
}

/** At most this many invite mails to one teammate an hour, so the button cannot flood an inbox. */
export const INVITE_RESENDS_PER_HOUR = 5;

/** POST v1/client/team/{id}/resend: a new invite code, mailed again; only before their first sign-in (409 after). */
export async function resendInvite(ctx: AppContext, caller: Actor, id: number): Promise<Teammate> {
  const member = await manageable(ctx.db, caller, id);
  if (member.lastLoginAt) throw conflict(`${member.firstName} has signed in already: there is no invite to resend`);
  if ((await countHit(ctx.db, `invite-resend:${member.id}`, 3600)) > INVITE_RESENDS_PER_HOUR) {
    throw tooManyRequests(
      `We sent this invite ${INVITE_RESENDS_PER_HOUR} times in the last hour; please try again later`,
    );
  }
  const mailInvite = await inviteMailer(ctx, caller);
  await ctx.db.transaction(async (tx) => {
    await mailInvite(tx, member, member.role === 'checkin' ? 'checkin' : 'admin');
    await recordAudit(tx, caller, {
      action: 'team.invite_resent',
      target: { type: 'account', id: member.id, label: nameOf(member) },
    });
  });
  return toTeammate(member);
}

/** DELETE v1/client/team/{id}: revokes a pending invite or removes a teammate; their account and sessions go. */
export async function removeTeammate(db: Db, caller: Actor, id: number) {
  const member = await manageable(db, caller, id);
  await db.transaction(async (tx) => {
    await removeMember(tx, id);
    await recordAudit(tx, caller, {
      action: 'team.removed',
      target: { type: 'account', id, label: nameOf(member) },
      details: { role: member.role, email: member.email, invite_pending: member.lastLoginAt === null },
    });
  });
}

/** GET v1/client/me. */
export async function organiserMe(db: Db, caller: Organiser): Promise<OrganiserMe> {
  const organisation = await organisationProfile(db, caller.organisationId);
  return {
    id: caller.accountId,
    first_name: caller.firstName,
    last_name: caller.lastName,
    email_address: caller.email,
    role: caller.role ?? 'admin',
    organisation: { id: organisation.id, display_name: organisation.display_name },
  };
}
