import { useQuery } from '@tanstack/react-query';
import { paymentConfigSchema } from '@tikiti/contract';
import { api } from '../../../lib/api-client';

/** GET v1/payments/config: which card form to show (the sandbox's or Stripe's) and Stripe's publishable key. */
export function usePaymentConfig(enabled = true) {
  return useQuery({
    queryKey: ['payments', 'config'],
    queryFn: ({ signal }) => api('payments/config', { signal, schema: paymentConfigSchema }),
    staleTime: Infinity,
    enabled,
  });
}
