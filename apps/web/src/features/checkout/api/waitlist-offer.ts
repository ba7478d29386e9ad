import { useMutation, useQuery } from '@tanstack/react-query';
import { waitlistLeftResponseSchema, waitlistOfferResponseSchema } from '@tikiti/contract';
import { api } from '../../../lib/api-client';

/**
 * GET v1/waitlist/offer/{token} (docs/product.md#waiting-list): the seats an offer mail's link
 * holds for its person. Public: the token is the authority. Asked once; an expired or used offer
 * is a 409, an unknown token a 404.
 */
export function useWaitlistOffer(token: string) {
  return useQuery({
    queryKey: ['waitlist-offer', token],
    queryFn: ({ signal }) =>
      api(`waitlist/offer/${encodeURIComponent(token)}`, {
        signal,
        anonymous: true,
        schema: waitlistOfferResponseSchema.shape.data,
      }),
    enabled: token.length > 0,
    staleTime: Infinity,
  });
}

/** POST v1/waitlist/leave: the confirmation mail's link to leave the list. */
export function useLeaveWaitlist() {
  return useMutation({
    mutationFn: (token: string) =>
      api('waitlist/leave', {
        method: 'POST',
        body: { token },
        anonymous: true,
        schema: waitlistLeftResponseSchema.shape.data,
      }),
  });
}
