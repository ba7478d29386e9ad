import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AUTH_HEADER,
  eventDetailsQuerySchema,
  idParamsSchema,
  listEventsQuerySchema,
  organizerPageParamsSchema,
} from '@tikiti/contract';
import type { AppContext } from '../../app-context.js';
import type { Db } from '../../db/client.js';
import { publicRead } from '../../db/replica.js';
import { envelope } from '../../http/envelope.js';
import { catalogueCacheFor, onPublicCatalogueChange, queryKey } from './catalogue-cache.js';
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
  // With a read replica (docs/decisions/0032-read-replica.md), an anonymous visitor's read goes
  // there. A signed-in organiser or buyer reads the primary, which has what they just wrote; so
  // does the cache's next load after a change made here. An organiser's own reads, money and
  // seats never pass through these routes but for the ticket list, which stays on the primary.
  const { replica } = ctx;
  if (replica) onPublicCatalogueChange(ctx.db, () => replica.changed());
  const read = <T>(request: FastifyRequest, load: (db: Db) => Promise<T>): Promise<T> =>
    publicRead(ctx.db, replica, Boolean(request.headers[AUTH_HEADER]))(load);

  r.get('/event/view', { schema: { querystring: listEventsQuerySchema } }, async (request, reply) =>
    sendCached(reply, queryKey('events', request.query), () =>
      read(request, (db) => listPublicEvents(db, request.query)),
    ),
  );

  r.get(
    '/event/details/:id',
    { schema: { params: idParamsSchema, querystring: eventDetailsQuerySchema } },
    async (request, reply) => {
      const { code } = request.query;
      // A coded answer (hidden types an access code reveals) is never cached, and read from the
      // primary: the cache holds only what anyone may see (docs/decisions/0002-catalogue-cache-1s.md),
      // and a code just made must work at once.
      if (code) {
        return reply.send(envelope(200, await getPublicEvent(ctx.db, request.params.id, ctx.config.serviceFees, code)));
      }
      return sendCached(reply, `details:${request.params.id}`, () =>
        read(request, (db) => getPublicEvent(db, request.params.id, ctx.config.serviceFees)),
      );
    },
  );

  r.get('/event/:id/tickets', { schema: { params: idParamsSchema } }, async (request, reply) =>
    sendCached(reply, `tickets:${request.params.id}`, () =>
      listPublicTickets(ctx.db, request.params.id, ctx.config.serviceFees),
    ),
  );

  r.get('/client/view', async (request, reply) =>
    sendCached(reply, 'organisers', () => read(request, (db) => listPublicOrganisers(db))),
  );

  // Issue 29: an organiser's public page (/o/{slug}).
  r.get('/organizers/:slug', { schema: { params: organizerPageParamsSchema } }, async (request, reply) =>
    sendCached(reply, `organiser:${request.params.slug}`, () =>
      read(request, (db) => getOrganiserPage(db, request.params.slug)),
    ),
  );

  r.get('/category/view', async (request, reply) =>
    sendCached(reply, 'categories', () => read(request, (db) => listCategories(db))),
  );
}
