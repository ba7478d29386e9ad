import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useSession, type OrganiserRole } from '../session-store';

export const organiserMeQueryKey = ['organiser', 'me'] as const;

/** GET v1/client/me: who the signed-in organiser is, and their role (kept in the session for the menus). */
export function useOrganiserMe() {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: [...organiserMeQueryKey, token],
    enabled: Boolean(token),
    queryFn: async ({ signal }) => {
      const me = await api('client/me', {
        side: 'organiser',
        signal,
        schema: () => import('./answer-schemas').then((m) => m.organiserMeSchema),
      });
      useSession.getState().setRole(me.role);
      return me;
    },
  });
}

/**
 * The signed-in organiser's role: v1/client/me's answer, or the one it gave last time while it
 * loads or when there is no network. `pending` until either is known.
 */
export function useOrganiserRole(): {
  role: OrganiserRole | null;
  pending: boolean;
  error: unknown;
  retry: () => void;
  accountId: number | null;
} {
  const me = useOrganiserMe();
  const saved = useSession((s) => s.role);
  const role = me.data?.role ?? saved;
  return {
    role,
    pending: !role && me.isPending,
    error: !role && me.isError ? me.error : null,
    retry: () => void me.refetch(),
    accountId: me.data?.id ?? null,
  };
}

/** A door-only teammate sees the check-in pages and nothing else. */
export const isDoorOnly = (role: OrganiserRole | null) => role === 'checkin';
