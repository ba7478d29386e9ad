import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { teammateSchema, type TeammateRole } from '@tikiti/contract';
import { apiCall } from '../../../lib/api-client';
import { teamQueryKey } from './list-team';

/** Each answers the server's message once the team list has been refreshed. */
function useTeamChange<V>(call: (vars: V) => Promise<{ message: string }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (vars: V) => (await call(vars)).message,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamQueryKey }),
  });
}

/** PUT v1/client/team/{id}/role: another role for a teammate (not the owner, not yourself). */
export const useChangeRole = () =>
  useTeamChange(({ id, role }: { id: number; role: TeammateRole }) =>
    apiCall(`client/team/${id}/role`, { method: 'PUT', body: { role }, side: 'organiser', schema: teammateSchema }),
  );

/** POST v1/client/team/{id}/resend: a new invite code mailed again; the old one stops working. */
export const useResendInvite = () =>
  useTeamChange((id: number) =>
    apiCall(`client/team/${id}/resend`, { method: 'POST', side: 'organiser', schema: teammateSchema }),
  );

/** DELETE v1/client/team/{id}: revokes a pending invite or removes a teammate; their sessions end. */
export const useRemoveTeammate = () =>
  useTeamChange((id: number) =>
    apiCall(`client/team/${id}`, { method: 'DELETE', side: 'organiser', schema: z.null() }),
  );
