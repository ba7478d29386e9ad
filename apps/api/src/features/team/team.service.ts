import type { InviteTeammateBody, Teammate } from '@tikiti/contract';
import type { AppContext } from '../../app-context.js';
import type { Db } from '../../db/client.js';
import {
  assertOrganiserIdentityFree,
  CODE_GROUPS,
  createOrganiserAccount,
  issueCode,
  listOrganisationMembers,
  normaliseMsisdn,
  organisationProfile,
  resetPageUrl,
  toTeammate,
  type Caller,
} from '../accounts/index.js';
import { enqueueMail, teammateInviteMail } from '../mail/index.js';

type Organiser = Caller & { organisationId: number };

/** GET v1/admin/view: the caller's organisation only, owner included. */
export async function listTeam(db: Db, caller: Organiser, page: number, limit: number) {
  return listOrganisationMembers(db, caller.organisationId, page, limit);
}

/**
 * POST v1/register: a teammate (role admin) in the caller's organisation, without a
 * password; the invite mail carries a code valid for days and a link to the reset page.
 */
export async function inviteTeammate(ctx: AppContext, caller: Organiser, body: InviteTeammateBody): Promise<Teammate> {
  const email = body.email_address;
  const msisdn = normaliseMsisdn(body.msisdn);
  await assertOrganiserIdentityFree(ctx.db, email, msisdn);
  const organisation = await organisationProfile(ctx.db, caller.organisationId);
  const inviterName = `${caller.firstName} ${caller.lastName}`.trim() || organisation.display_name;
  const teammate = await ctx.db.transaction(async (tx) => {
    const account = await createOrganiserAccount(tx, {
      organisationId: caller.organisationId,
      role: 'admin',
      firstName: body.first_name,
      lastName: body.last_name,
      email,
      msisdn,
    });
    const code = await issueCode(tx, account.id, 'invite', CODE_GROUPS.organiserPassword);
    await enqueueMail(tx, {
      to: email,
      ...teammateInviteMail({
        firstName: account.firstName,
        inviterName,
        organisationName: organisation.display_name,
        code,
        resetUrl: resetPageUrl(ctx, email),
      }),
    });
    return account;
  });
  return toTeammate(teammate);
}
