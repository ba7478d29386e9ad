import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { notFound } from '../../http/errors.js';
import { imageStores } from './image-stores.js';
import { CARD_WIDTHS, IMAGE_WIDTHS } from './media-urls.js';
import { imageAccess, loadImage, loadWebp } from './media.service.js';

/** A published event's image never changes under its key: browsers and CDNs keep it a year. */
const PUBLIC = 'public, max-age=31536000, immutable';
/** A draft's image, fetched with a signed address: the organiser's browser alone keeps it. */
const PRIVATE = 'private, max-age=3600';

const keyParamsSchema = z.object({ key: z.string().regex(/^[\w-]{16,64}$/, 'Not an image key') });
const signatureQuerySchema = z.object({ sig: z.string().max(100).optional() });

/** GET /media/{key}.jpg, /media/{key}/card.jpg and their WebP widths (registered without the /v1 prefix). */
export async function mediaRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Bytes are read here and sent (from S3 too), not redirected to: the URLs, their signatures
  // and caching stay the API's own (docs/decisions/0014-image-storage.md).
  const storeOf = imageStores(ctx).of;
  const serve = (variant: 'full' | 'card') => async (request: FastifyRequest, reply: FastifyReply) => {
    const { key } = request.params as { key: string };
    const { sig } = request.query as { sig?: string };
    const access = await imageAccess(ctx.db, key, sig);
    const etag = `"${key}-${variant}"`;
    const cached = () => reply.header('cache-control', access.public ? PUBLIC : PRIVATE).header('etag', etag);
    if (request.headers['if-none-match'] === etag) return cached().code(304).send();
    // Caching headers only once the bytes are here: a failure (S3 down: 503) is never cached.
    const image = await loadImage(storeOf, ctx.db, access, variant);
    return cached().type(image.contentType).send(image.bytes);
  };
  const schema = { params: keyParamsSchema, querystring: signatureQuerySchema, hide: true };
  r.get('/media/:key.jpg', { schema }, serve('full'));
  r.get('/media/:key/card.jpg', { schema }, serve('card'));

  const webp =
    (variant: 'full' | 'card', widths: readonly number[]) => async (request: FastifyRequest, reply: FastifyReply) => {
      const { key, width } = request.params as { key: string; width: string };
      const w = Number(width);
      if (!widths.includes(w)) throw notFound('Image');
      const { sig } = request.query as { sig?: string };
      const access = await imageAccess(ctx.db, key, sig);
      const etag = `"${key}-${variant}-${w}"`;
      const cached = () => reply.header('cache-control', access.public ? PUBLIC : PRIVATE).header('etag', etag);
      if (request.headers['if-none-match'] === etag) return cached().code(304).send();
      const bytes = await loadWebp(storeOf, ctx.db, access, variant, w);
      return cached().type('image/webp').send(bytes);
    };
  const webpSchema = {
    params: keyParamsSchema.extend({ width: z.string().regex(/^\d{3,4}$/, 'Not a width') }),
    querystring: signatureQuerySchema,
    hide: true,
  };
  r.get('/media/:key/:width.webp', { schema: webpSchema }, webp('full', IMAGE_WIDTHS));
  r.get('/media/:key/card/:width.webp', { schema: webpSchema }, webp('card', CARD_WIDTHS));
}
