import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema, listEventsQuerySchema } from '@tikiti/contract';
import type { AppContext } from '../../app-context.js';
import { send } from '../../http/envelope.js';
import {
  getPublicEvent,
  listCategories,
  listPublicEvents,
  listPublicOrganisers,
  listPublicTickets,
} from './catalogue.service.js';

/**
 * The public catalogue (spec §7). Responses are built by the typed service and sent as
 * plain JSON: these are the hottest routes, and a response schema would re-validate every
 * event on the way out for no gain.
 */
export async function catalogueRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/event/view', { schema: { querystring: listEventsQuerySchema } }, async (request, reply) =>
    send(reply, await listPublicEvents(ctx.db, request.query)),
  );

  r.get('/event/details/:id', { schema: { params: idParamsSchema } }, async (request, reply) =>
    send(reply, await getPublicEvent(ctx.db, request.params.id)),
  );

  r.get('/event/:id/tickets', { schema: { params: idParamsSchema } }, async (request, reply) =>
    send(reply, await listPublicTickets(ctx.db, request.params.id)),
  );

  r.get('/client/view', async (_request, reply) => send(reply, await listPublicOrganisers(ctx.db)));

  r.get('/category/view', async (_request, reply) => send(reply, await listCategories(ctx.db)));
}
