import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../app-context.js';
import { queryRows } from '../db/client.js';
import { noRoute } from './envelope.js';
import { isLocalCaller } from './dev-pages.js';

/**
 * `/metrics` in Prometheus' text format (docs/operations.md, "Metrics"): request rate and
 * latency per route, the database pool, the job queue, bookings and payments by state, pages
 * sent without their first screen, the read replica's reads and lag, and Node's own (memory, event-loop lag, GC). Scraped from
 * this machine, or from anywhere with `Authorization: Bearer <METRICS_TOKEN>`; everyone else
 * gets the 404 of a path that does not exist. One registry per app, so tests and several apps in one process stay apart.
 */
export function registerMetrics(app: FastifyInstance, ctx: AppContext) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'tikiti_http_requests_total',
    help: 'HTTP requests',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'tikiti_http_request_duration_seconds',
    help: 'HTTP request duration',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });

  new Gauge({
    name: 'tikiti_db_pool_connections',
    help: 'Database pool connections by state (total, idle, waiting requests)',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const stats = ctx.poolStats?.();
      if (!stats) return;
      this.set({ state: 'total' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });
  const byState = (name: string, help: string, query: ReturnType<typeof sql>, label: string) =>
    new Gauge({
      name,
      help,
      labelNames: [label, 'kind'],
      registers: [registry],
      async collect() {
        this.reset();
        const rows = await queryRows<{ state: string | number; kind: string | null; n: number }>(ctx.db, query);
        for (const r of rows) this.set({ [label]: String(r.state), kind: r.kind ?? '' }, Number(r.n));
      },
    });
  byState(
    'tikiti_jobs',
    'Jobs in the queue by state and kind',
    sql`SELECT state, kind, count(*)::int AS n FROM jobs WHERE state IN ('queued', 'running', 'dead') GROUP BY state, kind`,
    'state',
  );
  byState(
    'tikiti_bookings',
    'Bookings by status (1 pending, 2 paid, 3 failed or expired, 4 cancelled, 5 refunded)',
    sql`SELECT status AS state, NULL AS kind, count(*)::int AS n FROM bookings GROUP BY status`,
    'status',
  );
  byState(
    'tikiti_payments',
    'Payments by provider state and provider',
    sql`SELECT status AS state, provider AS kind, count(*)::int AS n FROM payments GROUP BY status, provider`,
    'status',
  );

  // The read replica (docs/decisions/0032-read-replica.md), when DATABASE_REPLICA_URL is set.
  const { replica } = ctx;
  if (replica) {
    new Gauge({
      name: 'tikiti_db_replica_up',
      help: 'Whether the read replica takes public reads (1) or is left for the primary after a failure (0)',
      registers: [registry],
      collect() {
        this.set(replica.stats().up ? 1 : 0);
      },
    });
    const readCount = (name: string, help: string, value: () => number) =>
      new Counter({
        name,
        help,
        registers: [registry],
        collect() {
          this.reset();
          this.inc(value());
        },
      });
    readCount(
      'tikiti_db_replica_reads_total',
      'Public reads answered by the read replica',
      () => replica.stats().replicaReads,
    );
    readCount(
      'tikiti_db_replica_primary_reads_total',
      'Public reads that could use the read replica answered by the primary (fresh window after a change, replica down, fallbacks)',
      () => replica.stats().primaryReads,
    );
    readCount(
      'tikiti_db_replica_fallbacks_total',
      'Replica reads that failed (no connection, recovery conflict) and were answered by the primary',
      () => replica.stats().fallbacks,
    );
    new Gauge({
      name: 'tikiti_db_replica_lag_seconds',
      help: "The read replica's replay lag in seconds (0 when it has replayed all it received); NaN when it is down or does not answer within 1 s",
      registers: [registry],
      async collect() {
        this.set((await replica.lagSeconds()) ?? Number.NaN);
      },
    });
  }

  const firstScreensShed = new Counter({
    name: 'tikiti_first_screens_shed_total',
    help: 'Pages sent without their first screen because the budget of drawings was spent (FIRST_SCREENS_PER_SECOND)',
    registers: [registry],
  });

  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern, never its values; an unmatched path is one label, not thousands.
    const route = request.routeOptions.url ?? '(unmatched)';
    if (route === '/metrics') return;
    const labels = { method: request.method, route, status: String(reply.statusCode) };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const token = ctx.config.metricsToken;
    const bearer = request.headers.authorization === `Bearer ${token}`;
    if (!isLocalCaller(request) && !(token && bearer)) {
      return reply.code(404).send(noRoute('GET', '/metrics'));
    }
    return reply
      .type(registry.contentType)
      .header('cache-control', 'no-store')
      .send(await registry.metrics());
  });
  return { firstScreenShed: () => firstScreensShed.inc() };
}
