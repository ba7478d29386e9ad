import type { InviteTeammateBody, Teammate } from '@tikiti/contract';
import { apiRequest } from '../../../lib/api-client';

/** POST v1/register → 201: invites a teammate, who is mailed a code and a link to set a password. */
export function inviteTeammate(body: InviteTeammateBody) {
  return apiRequest<Teammate>('register', { method: 'POST', body, side: 'organiser' });
}
