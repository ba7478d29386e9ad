import { useMutation, useQueryClient } from '@tanstack/react-query';
import { teammateSchema, type InviteWithRoleBody } from '@tikiti/contract';
import { apiCall } from '../../../lib/api-client';
import { teamQueryKey } from './list-team';

/**
 * POST v1/client/team/invite → 201: invites a teammate with a role (admin, or check-in only),
 * who is mailed a code and a link to set a password. The team list is refreshed before the
 * call resolves (to the server's message).
 */
export function useInviteTeammate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: InviteWithRoleBody) => {
      const answer = await apiCall('client/team/invite', {
        method: 'POST',
        body,
        side: 'organiser',
        schema: teammateSchema,
      });
      return answer.message;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamQueryKey }),
  });
}
