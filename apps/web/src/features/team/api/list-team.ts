import { useQuery } from '@tanstack/react-query';
import { listTeamDataSchema, PAGE_SIZE, type Teammate } from '@tikiti/contract';
import { api } from '../../../lib/api-client';

export const teamQueryKey = ['organiser', 'team'] as const;

/**
 * GET v1/admin/view (page, limit): the whole team, every page of it, because the Teammates
 * and Invites tabs both count over all of it.
 */
export function useTeam() {
  return useQuery({
    queryKey: teamQueryKey,
    queryFn: async ({ signal }) => {
      const all: Teammate[] = [];
      for (let page = 1; ; page++) {
        const res = await api('admin/view', {
          query: { page, limit: PAGE_SIZE.max },
          side: 'organiser',
          signal,
          schema: listTeamDataSchema,
        });
        all.push(...res.data);
        if (res.data.length === 0 || all.length >= res.total) return all;
      }
    },
  });
}
