import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { AUTH_HEADER, LIMITS } from '@tikiti/contract';
import type { AppContext } from './app-context.js';
import { registerErrorHandler } from './http/error-handler.js';
import { envelope, send } from './http/envelope.js';
import { featureRoutes } from './features/routes.js';

/** Paths the SPA never owns: they answer with the JSON envelope, 404 included. */
const API_PREFIXES = ['/v1/', '/dev/', '/media/', '/docs', '/healthz'];

export const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

/**
 * Builds the Fastify app: external plugins, then cross-cutting ones, then feature routes
 * (STYLE.md habit 6). Listening is the caller's job, so tests use `inject` or a port.
 */
export async function buildApp(ctx: AppContext): Promise<FastifyInstance> {
  const { config } = ctx;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: {
        paths: ['req.headers.auth', 'req.headers.authorization', 'req.headers.cookie', 'res.headers.auth'],
        censor: '[redacted]',
      },
    },
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    },
    requestIdHeader: false,
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  // External plugins.
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'img-src': ["'self'", 'data:', 'blob:', 'https:'],
        'script-src': ["'self'", 'https://js.stripe.com', 'https://accounts.google.com'],
        'frame-src': ["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com', 'https://accounts.google.com'],
        'connect-src': ["'self'", 'https://api.stripe.com', 'https://accounts.google.com'],
        'style-src': ["'self'", "'unsafe-inline'", 'https://accounts.google.com'],
        'upgrade-insecure-requests': null,
      },
    },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
  await app.register(cors, {
    origin: config.corsOrigins ?? (config.isProduction ? false : true),
    exposedHeaders: [AUTH_HEADER, 'x-request-id'],
    allowedHeaders: ['Content-Type', 'Auth', 'X-Request-Id'],
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'],
  });
  await app.register(multipart, {
    limits: { fileSize: LIMITS.imageMaxBytes, files: 1, fields: 30, fieldSize: 64 * 1024 },
  });

  // The OpenAPI document, generated from the contract's schemas on the routes.
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Tikiti API',
        version: '1',
        description: 'Every response is { status, status_description, data }.',
      },
      components: { securitySchemes: { Auth: { type: 'apiKey', in: 'header', name: 'Auth' } } },
    },
    transform: jsonSchemaTransform,
  });
  app.get('/docs', { schema: { hide: true } }, async () => app.swagger());

  app.get('/healthz', async (_request, reply) => {
    await ctx.db.execute(sql`select 1`);
    return send(reply, { ok: true });
  });

  // Feature routes: the API lives under /v1 (spec §7).
  for (const routes of featureRoutes) {
    await app.register(routes.plugin, { prefix: routes.prefix ?? '/v1', ctx });
  }

  await serveWeb(app, config.webDist ?? defaultWebDist);
  return app;
}

/** Serves the built SPA: hashed assets cached for a year, every other page gets index.html. */
async function serveWeb(app: FastifyInstance, dist: string) {
  const indexFile = path.join(dist, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: false,
      setHeaders: (res, filePath) => {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
      },
    });
    // Assets added after start (a rebuild) are found too.
    app.get('/assets/*', (request, reply) => reply.sendFile(`assets/${(request.params as { '*': string })['*']}`));
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const wantsPage = request.method === 'GET' && !API_PREFIXES.some((p) => url.startsWith(p)) && !path.extname(url);
    if (hasWeb && wantsPage) {
      return reply.header('cache-control', 'no-cache').type('text/html').send(fs.createReadStream(indexFile));
    }
    return reply.code(404).send(envelope(404, null, `No route for ${request.method} ${url}`));
  });
}
