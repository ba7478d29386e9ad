import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@tikiti/contract';
import type { AppContext } from '../../app-context.js';
import { loadImage } from './media.service.js';

/** Images never change under an id, so browsers and CDNs may keep them for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** GET /media/{id}.jpg and /media/{id}/card.jpg (registered without the /v1 prefix). */
export async function mediaRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  const serve = (variant: 'full' | 'card') => async (request: FastifyRequest, reply: FastifyReply) => {
    const { id } = request.params as { id: number };
    const etag = `"${id}-${variant}"`;
    reply.header('cache-control', IMMUTABLE).header('etag', etag);
    // An id's image never changes, so a matching ETag needs no database round trip.
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    const image = await loadImage(ctx.db, id, variant);
    return reply.type(image.contentType).send(image.bytes);
  };

  r.get('/media/:id.jpg', { schema: { params: idParamsSchema, hide: true } }, serve('full'));
  r.get('/media/:id/card.jpg', { schema: { params: idParamsSchema, hide: true } }, serve('card'));
}
