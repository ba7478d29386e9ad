import type { FastifyInstance, FastifyRequest } from 'fastify';

/** How long closing waits for requests still being handled: inside server.ts's 10 s forced exit. */
export const DRAIN_MS = 4000;

/**
 * Counts the requests being handled and makes `app.close()` wait for them (docs/operations.md#graceful-shutdown).
 * Closing the HTTP server waits only for connections still open: a request whose client has
 * gone keeps running its handler, and must finish before the jobs and the database pool stop.
 * A request counts from onRequest until its answer is handed over (onSend, which runs whether
 * or not the client is still there) or, for one with no body sent, until onResponse.
 */
export function trackInFlight(app: FastifyInstance, drainMs = DRAIN_MS) {
  const live = new WeakSet<FastifyRequest>();
  let count = 0;
  let waiters: (() => void)[] = [];
  const done = (request: FastifyRequest) => {
    if (!live.delete(request)) return;
    count -= 1;
    if (count === 0) for (const wake of waiters.splice(0)) wake();
  };
  app.addHook('onRequest', async (request) => {
    live.add(request);
    count += 1;
  });
  app.addHook('onSend', async (request) => {
    done(request);
  });
  app.addHook('onResponse', async (request) => {
    done(request);
  });
  app.addHook('onClose', async () => {
    if (count === 0) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      new Promise<void>((resolve) => waiters.push(resolve)),
      new Promise<void>((resolve) => (timer = setTimeout(resolve, drainMs))),
    ]);
    clearTimeout(timer);
    if (count > 0) app.log.warn({ requests: count }, 'closing with requests still running');
    waiters = [];
  });
}
