import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { noRoute } from './envelope.js';

/** The development tools: the local mailbox and whatever later joins it under /dev/. */
const DEV_PREFIX = '/dev/';

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

/**
 * A caller on this machine: the connection comes from a loopback address and no proxy
 * forwarded it (a reverse proxy on the same host would otherwise make every visitor look
 * local). The socket's address is used, never X-Forwarded-For, which anyone can write.
 */
export function isLocalCaller(request: FastifyRequest): boolean {
  const h = request.headers;
  if (h['x-forwarded-for'] !== undefined || h.forwarded !== undefined || h['x-real-ip'] !== undefined) return false;
  return LOOPBACK.test(request.raw.socket?.remoteAddress ?? '');
}

/**
 * /dev/* pages show every mail sent, sign-in codes included, so they answer only to
 * callers on this machine and never in production; anyone else gets the 404 of a path
 * that does not exist (docs/security.md, "Development pages").
 */
export function guardDevPages(app: FastifyInstance, config: Config) {
  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (!path.startsWith(DEV_PREFIX) && path !== '/dev') return;
    if (config.isProduction || !isLocalCaller(request)) {
      return reply.code(404).send(noRoute(request.method, path));
    }
  });
}
