import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

const verifySchema = () => import('./answer-schemas').then((m) => m.verifyCertificateResponseSchema.shape.data);

/** GET v1/certificates/verify/{code} (public): valid, revoked or not valid; never sends a session. */
export function useVerifyCertificate(code: string) {
  return useQuery({
    queryKey: ['certificate-verify', code],
    queryFn: ({ signal }) =>
      api(`certificates/verify/${encodeURIComponent(code)}`, { signal, anonymous: true, schema: verifySchema }),
    enabled: code !== '',
  });
}
