import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createWebhookResponseSchema,
  listDeliveriesResponseSchema,
  listWebhooksResponseSchema,
  resendDeliveryResponseSchema,
  webhookResponseSchema,
  type CreateWebhookBody,
} from '@tikiti/contract';
import { api } from '../../../lib/api-client';

/**
 * The organisation's webhook endpoints and their deliveries (docs/api.md#webhooks). Every change
 * asks the endpoints (and their logs) again.
 */
export const webhooksKeys = { all: ['organiser', 'webhooks'] as const };

/** GET v1/client/webhooks. */
export function useWebhooks() {
  return useQuery({
    queryKey: [...webhooksKeys.all, 'list'],
    queryFn: ({ signal }) =>
      api('client/webhooks', { side: 'organiser', signal, schema: listWebhooksResponseSchema.shape.data }),
  });
}

function useWebhooksMutation<TVariables, TData>(mutationFn: (v: TVariables) => Promise<TData>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKeys.all }),
  });
}

/** POST v1/client/webhooks: the endpoint and its signing secret, which is shown this once. */
export function useCreateWebhook() {
  return useWebhooksMutation((body: CreateWebhookBody) =>
    api('client/webhooks', {
      method: 'POST',
      side: 'organiser',
      body,
      schema: createWebhookResponseSchema.shape.data,
    }),
  );
}

/** DELETE v1/client/webhooks/{id}. */
export function useDeleteWebhook() {
  return useWebhooksMutation((id: number) =>
    api(`client/webhooks/${id}`, { method: 'DELETE', side: 'organiser', schema: webhookResponseSchema.shape.data }),
  );
}

/** POST v1/client/webhooks/{id}/enable: a disabled endpoint back on, its failures reset. */
export function useEnableWebhook() {
  return useWebhooksMutation((id: number) =>
    api(`client/webhooks/${id}/enable`, {
      method: 'POST',
      side: 'organiser',
      schema: webhookResponseSchema.shape.data,
    }),
  );
}

/** GET v1/client/webhooks/{id}/deliveries: newest first, a page at a time. */
export function useDeliveries(webhookId: number, page: number) {
  return useQuery({
    queryKey: [...webhooksKeys.all, 'deliveries', webhookId, page],
    queryFn: ({ signal }) =>
      api(`client/webhooks/${webhookId}/deliveries`, {
        side: 'organiser',
        signal,
        query: { page, limit: DELIVERIES_PER_PAGE },
        schema: listDeliveriesResponseSchema.shape.data,
      }),
    placeholderData: keepPreviousData,
    // Deliveries still being tried change on their own: asked again while any is.
    refetchInterval: (query) =>
      query.state.data?.data.some((d) => d.status === 'pending' || d.status === 'retrying') ? 5000 : false,
  });
}
export const DELIVERIES_PER_PAGE = 20;

/** POST v1/client/webhooks/{id}/deliveries/{delivery_id}/resend: a new delivery of the same event. */
export function useResendDelivery(webhookId: number) {
  return useWebhooksMutation((deliveryId: number) =>
    api(`client/webhooks/${webhookId}/deliveries/${deliveryId}/resend`, {
      method: 'POST',
      side: 'organiser',
      schema: resendDeliveryResponseSchema.shape.data,
    }),
  );
}
