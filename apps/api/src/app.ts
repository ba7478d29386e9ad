import fs from 'node:fs';
import type { Socket } from 'node:net';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import helmet from 'helmet';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { AUTH_HEADER, CERTIFICATE_VERIFY_PATH, LIMITS } from '@tikiti/contract';
import type { AppContext } from './app-context.js';
import { publicRead } from './db/replica.js';
import { registerErrorHandler, sendFrameworkError } from './http/error-handler.js';
import { envelope, noRoute, rawEnvelopeResponse, send } from './http/envelope.js';
import { guardDevPages } from './http/dev-pages.js';
import { registerMetrics } from './http/metrics.js';
import { trackInFlight } from './http/in-flight.js';
import { loggerOptions } from './http/logger.js';
import { featureRoutes } from './features/routes.js';
import { wireFeatures } from './features/wiring.js';
import { firstScreenRenderer, renderPage } from './features/site/index.js';

/** The content security policy's directives beyond helmet's defaults (docs/security.md). */
const cspDirectives = {
  'img-src': ["'self'", 'data:', 'blob:', 'https:'],
  // 'wasm-unsafe-eval': the door page's QR reader (ZXing compiled to WebAssembly, our own file)
  // where the browser has no BarcodeDetector; it allows compiling WebAssembly, not eval().
  'script-src': ["'self'", "'wasm-unsafe-eval'", 'https://js.stripe.com', 'https://accounts.google.com'],
  'frame-src': ["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com', 'https://accounts.google.com'],
  'connect-src': ["'self'", 'https://api.stripe.com', 'https://accounts.google.com'],
  'style-src': ["'self'", "'unsafe-inline'", 'https://accounts.google.com'],
  'upgrade-insecure-requests': null,
};

/** The security headers of every response (docs/security.md): a content security policy and helmet's defaults. */
const securityHeaderOptions: Parameters<typeof helmet>[0] = {
  contentSecurityPolicy: { useDefaults: true, directives: cspDirectives },
  crossOriginEmbedderPolicy: false,
  crossOriginResourcePolicy: { policy: 'same-site' },
};

/**
 * The pages of the embeddable widget (docs/api.md#widget): the only ones another site may frame.
 * The same headers, except that any site may be the frame's parent (`frame-ancestors *`, no
 * X-Frame-Options); every other page keeps refusing (docs/security.md#framing).
 */
const EMBED_PREFIX = '/embed/';
const embedHeaderOptions: Parameters<typeof helmet>[0] = {
  contentSecurityPolicy: { useDefaults: true, directives: { ...cspDirectives, 'frame-ancestors': ['*'] } },
  crossOriginEmbedderPolicy: false,
  crossOriginResourcePolicy: { policy: 'same-site' },
  xFrameOptions: false,
};
/** The widget's script (and its compressed copies) is loaded by other sites' pages: their `<script src>` may read it. */
const WIDGET_FILE = /^widget\.js(?:\.br|\.gz)?$/;

const ALLOWED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS'];

/** Paths the SPA never owns: they answer with the JSON envelope, 404 included. */
const API_PREFIXES = ['/v1/', '/dev/', '/media/', '/docs', '/healthz', '/metrics', '/robots.txt', '/sitemap.xml'];

export const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

/**
 * Builds the Fastify app: external plugins, then cross-cutting ones, then feature routes
 * (docs/architecture.md#plugin-order). Listening is the caller's job, so tests use `inject` or a port.
 */
export async function buildApp(ctx: AppContext, opts: { logger?: FastifyBaseLogger } = {}): Promise<FastifyInstance> {
  const { config } = ctx;
  const { http: timeouts } = config;
  const app = Fastify({
    ...(opts.logger ? { loggerInstance: opts.logger } : { logger: loggerOptions(config.logLevel) }),
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    },
    requestIdHeader: false,
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
    // A path parameter may be a signed code (a certificate's, checked at GET v1/certificates/verify/{code}),
    // up to the length the codes' reader takes at all (docs/ticket-codes.md): 512, not Fastify's 100.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 512 },
    // Slow clients are cut off (docs/security.md): headers must arrive within the headers
    // timeout, the whole request within the request timeout, and a silent connection closes.
    http: { headersTimeout: timeouts.headersTimeoutMs, connectionsCheckingInterval: 1000 },
    requestTimeout: timeouts.requestTimeoutMs,
    connectionTimeout: timeouts.idleTimeoutMs,
    keepAliveTimeout: timeouts.keepAliveTimeoutMs,
    frameworkErrors: sendFrameworkError,
    clientErrorHandler: answerClientError,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  trackInFlight(app);

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  // OPTIONS that is not a CORS preflight (no Origin or no requested method) gets the
  // envelope, not the CORS plugin's plain-text refusal.
  app.addHook('onRequest', async (request, reply) => {
    const h = request.headers;
    if (request.method === 'OPTIONS' && !(h.origin && h['access-control-request-method'])) {
      return reply.header('allow', ALLOWED_METHODS.join(', ')).send(envelope(200, null));
    }
  });
  guardDevPages(app, config);
  const metrics = registerMetrics(app, ctx);

  // External plugins. The security headers (docs/security.md): helmet's middleware is built once
  // here and applied to every response; building it per request (as the Fastify wrapper does)
  // costs CPU on every call for the same headers.
  const securityHeaders = helmet(securityHeaderOptions);
  const embedHeaders = helmet(embedHeaderOptions);
  app.addHook('onRequest', (request, reply, done) =>
    (request.url.startsWith(EMBED_PREFIX) ? embedHeaders : securityHeaders)(request.raw, reply.raw, (err) =>
      done(err instanceof Error ? err : undefined),
    ),
  );
  // Only the app's own origin and those configured may call from a browser; never `null`.
  await app.register(cors, {
    origin: config.corsOrigins,
    exposedHeaders: [AUTH_HEADER, 'x-request-id'],
    allowedHeaders: ['Content-Type', 'Auth', 'X-Request-Id'],
    methods: ALLOWED_METHODS.filter((m) => m !== 'OPTIONS'),
  });
  // Responses compressed for clients that accept it (docs/architecture.md, "Compression and caching"): Brotli at
  // a quality that costs little CPU per request, else gzip; built assets are compressed once at
  // build time and served as they are (see serveWeb).
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } },
    zlibOptions: { level: 6 },
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
        description:
          'Every response is the envelope { status, status_description, data }, errors included. ' +
          'Organiser and buyer calls take the session token in the `Auth` header; a call that signs in ' +
          'returns it in the `auth` response header. Prices are in major units of the event currency.',
      },
      components: { securitySchemes: { Auth: { type: 'apiKey', in: 'header', name: 'Auth' } } },
    },
    transform: jsonSchemaTransform,
  });
  const logoFile = path.join(config.webDist ?? defaultWebDist, 'favicon.svg');
  // The interactive reference at /docs, the OpenAPI document itself at /docs/json (docs/api.md).
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    uiConfig: { docExpansion: 'list', deepLinking: true, defaultModelsExpandDepth: 0 },
    staticCSP: true,
    theme: { title: 'Tikiti API reference' },
    ...(fs.existsSync(logoFile) ? { logo: { type: 'image/svg+xml', content: fs.readFileSync(logoFile) } } : {}),
  });

  app.get('/healthz', { schema: { tags: ['Operations'] } }, async (_request, reply) => {
    const database = await checkDatabase(ctx);
    if (database === 'ok') return send(reply, { ok: true });
    return send(
      reply,
      { ok: false, database },
      { status: 503, description: `The database is ${database === 'timeout' ? 'not answering' : 'unreachable'}` },
    );
  });

  // Feature routes: the API lives under /v1 (docs/api.md#calls).
  wireFeatures();
  for (const routes of featureRoutes) {
    await app.register(async (scope) => {
      // Each call is listed under its feature in the reference at /docs.
      scope.addHook('onRoute', (route) => {
        route.schema = { ...route.schema, tags: route.schema?.tags ?? [routes.tag] };
      });
      await scope.register(routes.plugin, { prefix: routes.prefix ?? '/v1', ctx });
    });
  }

  await serveWeb(app, ctx, config.webDist ?? defaultWebDist, metrics.firstScreenShed);
  return app;
}

/** How long /healthz waits for the database before it answers 503 (it must answer within 2 s). */
const HEALTH_DB_TIMEOUT_MS = 1500;

/** `select 1` within the health timeout: ok, unreachable (it failed) or timeout (no answer). */
async function checkDatabase(ctx: AppContext): Promise<'ok' | 'unreachable' | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), HEALTH_DB_TIMEOUT_MS);
  });
  const query = ctx.db.execute(sql`select 1`).then(
    () => 'ok' as const,
    () => 'unreachable' as const,
  );
  try {
    return await Promise.race([query, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Errors Node raises before a request exists (a header block over the limit, headers that
 * trickle in too slowly, a malformed request line): answered with the envelope, then closed.
 */
function answerClientError(this: FastifyInstance, err: Error & { code?: string }, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code] =
    err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? ([408, 'request.timeout'] as const)
      : err.code === 'HPE_HEADER_OVERFLOW'
        ? ([431, 'request.headers_too_large'] as const)
        : ([400, 'request.malformed'] as const);
  this.log.debug({ code: err.code, status }, 'client error');
  if (socket.writable) socket.write(rawEnvelopeResponse(status, code));
  socket.destroy();
}

/** Serves the built SPA: hashed assets cached for a year, every other page gets index.html. */
async function serveWeb(app: FastifyInstance, ctx: AppContext, dist: string, onShed: () => void) {
  const indexFile = path.join(dist, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: false,
      // dist holds `x.js.br` and `x.js.gz` beside `x.js` (scripts/precompress.mjs): sent as they are.
      preCompressed: true,
      // Source maps stay on the server, for whoever reads a stack trace there.
      allowedPath: (pathName) => !pathName.endsWith('.map'),
      setHeaders: (res, filePath) => {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
        if (WIDGET_FILE.test(path.basename(filePath))) res.header('cross-origin-resource-policy', 'cross-origin');
      },
    });
    // Assets added after start (a rebuild) are found too; source maps are not served.
    app.get('/assets/*', (request, reply) => {
      const file = (request.params as { '*': string })['*'];
      if (file.endsWith('.map')) return reply.code(404).send(noRoute('GET', `/assets/${file}`));
      return reply.sendFile(`assets/${file}`);
    });
  }
  // Home, all events and an event's page arrive with their first screen drawn by the web build's
  // server module (docs/decisions/0021-first-screen.md), from this app's own answers.
  const screens = firstScreenRenderer(
    path.join(dist, '..', 'dist-server', 'entry-server.js'),
    async (url, init) => {
      if ((init.method ?? 'GET') !== 'GET') return new Response(null, { status: 405 });
      const res = await app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
      return new Response(res.body, {
        status: res.statusCode,
        headers: { 'content-type': String(res.headers['content-type'] ?? 'application/json') },
      });
    },
    {
      freshMs: ctx.config.catalogueCacheMs,
      perSecond: ctx.config.firstScreensPerSecond,
      onError: (err) => app.log.warn({ err }, 'first screen not drawn; the page is sent without it'),
      onShed,
    },
  );
  if (hasWeb) screens.warm();
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    // A path with an extension is a file, except a certificate's verification page: its code has dots.
    const pagePath = !path.extname(url) || url.startsWith(`${CERTIFICATE_VERIFY_PATH}/`);
    const wantsPage = isRead && !API_PREFIXES.some((p) => url.startsWith(p)) && pagePath;
    if (hasWeb && wantsPage) {
      // A page's head is read like the catalogue: the read replica for an anonymous visitor (decision 0032).
      const read = publicRead(ctx.db, ctx.replica, Boolean(request.headers[AUTH_HEADER]));
      const page = await renderPage(ctx, read, indexFile, request.url, screens);
      reply.code(page.status).header('cache-control', 'no-cache').type('text/html; charset=utf-8');
      // HEAD answers as GET would, without the body.
      if (request.method === 'HEAD') return reply.header('content-length', Buffer.byteLength(page.html)).send();
      return sendHtml(request, reply, page.html);
    }
    return reply.code(404).send(noRoute(request.method, url));
  });
}

/**
 * A page's HTML, compressed for a client that accepts it. The not-found handler (where pages are
 * rendered) is outside the routes @fastify/compress hooks into, so it compresses here, with
 * the same Brotli quality and threshold.
 */
function sendHtml(request: FastifyRequest, reply: FastifyReply, html: string) {
  const accepts = String(request.headers['accept-encoding'] ?? '');
  reply.header('vary', 'accept-encoding');
  if (Buffer.byteLength(html) < 1024) return reply.send(html);
  if (/\bbr\b/.test(accepts)) {
    const body = zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
    return reply.header('content-encoding', 'br').send(body);
  }
  if (/\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(zlib.gzipSync(html, { level: 6 }));
  return reply.send(html);
}
