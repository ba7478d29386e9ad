import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { taxProfileSchema, type PutTaxProfileBody } from '@tikiti/contract';
import { api } from '../../../lib/api-client';

export const taxProfileKey = ['organiser', 'tax-profile'] as const;

/** GET v1/client/organisation/tax: the organisation as the issuer of its invoices (null until saved). */
export function useTaxProfile() {
  return useQuery({
    queryKey: taxProfileKey,
    queryFn: ({ signal }) => api('client/organisation/tax', { side: 'organiser', signal, schema: taxProfileSchema }),
  });
}

/** PUT v1/client/organisation/tax: answers the saved profile. */
export function useSaveTaxProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PutTaxProfileBody) =>
      api('client/organisation/tax', { method: 'PUT', side: 'organiser', body, schema: taxProfileSchema }),
    onSuccess: (saved) => queryClient.setQueryData(taxProfileKey, saved),
  });
}
