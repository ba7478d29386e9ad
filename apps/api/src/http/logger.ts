import type { FastifyServerOptions } from 'fastify';

/**
 * Fastify's logger as we configure it (docs/security.md, "What is logged"): a request is
 * its method and path, never its query string (which can carry an email) or its headers
 * (which carry the session token); a reply is its status code.
 */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: ['req.headers.auth', 'req.headers.authorization', 'req.headers.cookie', 'res.headers.auth'],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: { method?: string; url?: string }) => ({
        method: req.method,
        path: (req.url ?? '').split('?')[0],
      }),
      res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
    },
  };
}
