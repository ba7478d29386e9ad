import { useMutation, useQueryClient } from '@tanstack/react-query';
import { inviteTeammateResponseSchema, type InviteTeammateBody } from '@tikiti/contract';
import { apiCall } from '../../../lib/api-client';
import { teamQueryKey } from './list-team';

/**
 * POST v1/register → 201: invites a teammate, who is mailed a code and a link to set a
 * password. The team list is refreshed before the call resolves (to the server's message).
 */
export function useInviteTeammate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: InviteTeammateBody) => {
      const answer = await apiCall('register', {
        method: 'POST',
        body,
        side: 'organiser',
        schema: inviteTeammateResponseSchema.shape.data,
      });
      return answer.message;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamQueryKey }),
  });
}
