import type { FastifyInstance } from 'fastify';
import { AUTH_HEADER } from '@tikiti/contract';
import type { AppContext } from '../../app-context.js';
import { publicRead } from '../../db/replica.js';
import { robotsTxt, sitemapXml } from './site.service.js';

/** robots.txt and sitemap.xml (registered without the /v1 prefix). */
export async function siteRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(robotsTxt(ctx.config.publicUrl)),
  );
  // An anonymous crawler's sitemap is read on the read replica, as the catalogue is
  // (docs/decisions/0032-read-replica.md).
  app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=600')
      .send(await sitemapXml(ctx, publicRead(ctx.db, ctx.replica, Boolean(request.headers[AUTH_HEADER])))),
  );
}
