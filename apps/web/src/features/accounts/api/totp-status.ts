import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { securityKeys, type StaffSide } from './security-keys';

/**
 * GET v1/auth/totp, for the operator's frame: the same answer and cache entry as the Security
 * page's, its schema loaded with the answer, since the accounts index is in the app's first
 * JavaScript and zod must not come with it (docs/decisions/0017-first-javascript.md).
 */
export function useTotpStatus(side: StaffSide = 'organiser') {
  return useQuery({
    queryKey: [...securityKeys.totp, side],
    queryFn: async ({ signal }) => {
      const { totpStatusSchema } = await import('./security-schemas');
      return api('auth/totp', { side, signal, schema: totpStatusSchema });
    },
  });
}
