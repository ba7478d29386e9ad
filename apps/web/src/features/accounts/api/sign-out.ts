import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Side } from '../../../lib/api-client';
import { useSession } from '../session-store';

/**
 * POST v1/auth/logout, then the session ends here whatever the server says: the token is
 * dropped and nothing cached for this person is kept. No error is shown and no sign-in page
 * opened, whatever the answer. A guest who is not signed in ends their checkout key this way
 * (the server forgets it on every booking it reached: docs/product.md#guest-checkout).
 */
export function useSignOut(side: Side) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      try {
        await api('auth/logout', {
          method: 'POST',
          side,
          endsSession: true,
          guest: true,
          schema: () => import('./answer-schemas').then((m) => m.logoutResponseSchema.shape.data),
        });
      } catch {
        // Signed out locally whatever the server says: a token already over answers 401, and an
        // unreachable server changes nothing here.
      }
    },
    onSettled: () => {
      useSession.getState().signOut();
      queryClient.clear();
    },
  });
}
