import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema, listEventsQuerySchema, organizerPageParamsSchema } from '@tikiti/contract';
import type { AppContext } from '../../app-context.js';
import { envelope } from '../../http/envelope.js';
import { catalogueCacheFor, queryKey } from './catalogue-cache.js';
import {
  getOrganiserPage,
  getPublicEvent,
  listCategories,
  listPublicEvents,
  listPublicOrganisers,
  listPublicTickets,
} from './catalogue.service.js';

/**
 * The public catalogue (docs/api.md#catalogue-public). Responses are built by the typed service, serialised once
 * and kept briefly in the catalogue cache: these are the hottest routes, and a response
 * schema would re-validate every event on the way out for no gain.
 */
export async function catalogueRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const cache = catalogueCacheFor(ctx.db, ctx.config.catalogueCacheMs);
  const sendCached = async (reply: FastifyReply, key: string, load: () => Promise<unknown>) => {
    const body = await cache.get(key, async () => JSON.stringify(envelope(200, await load())));
    return reply.type('application/json; charset=utf-8').send(body);
  };

  r.get('/event/view', { schema: { querystring: listEventsQuerySchema } }, async (request, reply) =>
    sendCached(reply, queryKey('events', request.query), () => listPublicEvents(ctx.db, request.query)),
  );

  r.get('/event/details/:id', { schema: { params: idParamsSchema } }, async (request, reply) =>
    sendCached(reply, `details:${request.params.id}`, () => getPublicEvent(ctx.db, request.params.id)),
  );

  r.get('/event/:id/tickets', { schema: { params: idParamsSchema } }, async (request, reply) =>
    sendCached(reply, `tickets:${request.params.id}`, () => listPublicTickets(ctx.db, request.params.id)),
  );

  r.get('/client/view', async (_request, reply) => sendCached(reply, 'organisers', () => listPublicOrganisers(ctx.db)));

  // Issue 29: an organiser's public page (/o/{slug}).
  r.get('/organizers/:slug', { schema: { params: organizerPageParamsSchema } }, async (request, reply) =>
    sendCached(reply, `organiser:${request.params.slug}`, () => getOrganiserPage(ctx.db, request.params.slug)),
  );

  r.get('/category/view', async (_request, reply) => sendCached(reply, 'categories', () => listCategories(ctx.db)));
}
