import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createWebhookBodySchema,
  createWebhookResponseSchema,
  deliveryParamsSchema,
  idParamsSchema,
  listDeliveriesResponseSchema,
  listWebhooksResponseSchema,
  pageQuerySchema,
  resendDeliveryResponseSchema,
  webhookResponseSchema,
} from '@tikiti/contract';
import type { AppContext } from '../../app-context.js';
import { actorOf, authenticate, organiserOf } from '../../http/auth.js';
import { send } from '../../http/envelope.js';
import {
  createWebhook,
  enableWebhook,
  listWebhooks,
  removeWebhook,
  resendDelivery,
  webhookDeliveries,
} from './webhooks.service.js';

/**
 * Webhook endpoints (docs/api.md#webhooks): the organisation's owner and admins; another
 * organisation's endpoint or delivery answers 404, a door-only teammate 403.
 */
export async function webhooksRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;
  r.addHook('onRequest', authenticate(db, 'organizer'));

  r.post(
    '/client/webhooks',
    { schema: { body: createWebhookBodySchema, response: { 201: createWebhookResponseSchema } } },
    async (request, reply) =>
      send(reply, await createWebhook(ctx, actorOf(request), request.body), {
        status: 201,
        description: 'Endpoint added: copy its signing secret now, it is not shown again',
      }),
  );

  r.get('/client/webhooks', { schema: { response: { 200: listWebhooksResponseSchema } } }, async (request, reply) =>
    send(reply, await listWebhooks(db, organiserOf(request).organisationId)),
  );

  r.delete(
    '/client/webhooks/:id',
    { schema: { params: idParamsSchema, response: { 200: webhookResponseSchema } } },
    async (request, reply) =>
      send(reply, await removeWebhook(ctx, actorOf(request), request.params.id), { description: 'Endpoint removed' }),
  );

  r.post(
    '/client/webhooks/:id/enable',
    { schema: { params: idParamsSchema, response: { 200: webhookResponseSchema } } },
    async (request, reply) =>
      send(reply, await enableWebhook(ctx, actorOf(request), request.params.id), { description: 'Endpoint turned on' }),
  );

  r.get(
    '/client/webhooks/:id/deliveries',
    {
      schema: { params: idParamsSchema, querystring: pageQuerySchema, response: { 200: listDeliveriesResponseSchema } },
    },
    async (request, reply) =>
      send(reply, await webhookDeliveries(db, organiserOf(request).organisationId, request.params.id, request.query)),
  );

  r.post(
    '/client/webhooks/:id/deliveries/:delivery_id/resend',
    { schema: { params: deliveryParamsSchema, response: { 201: resendDeliveryResponseSchema } } },
    async (request, reply) =>
      send(
        reply,
        await resendDelivery(ctx, organiserOf(request).organisationId, request.params.id, request.params.delivery_id),
        { status: 201, description: 'Sent again' },
      ),
  );
}
