import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { trackInFlight } from './in-flight.js';

/** A server whose /slow handler runs `ms` and records when it finished. */
async function slowServer(ms: number, drainMs?: number) {
  const app = Fastify();
  trackInFlight(app, drainMs);
  const log: string[] = [];
  app.get('/slow', async () => {
    await new Promise((r) => setTimeout(r, ms));
    log.push('handler done');
    return { ok: true };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  return { app, log, port };
}

/** Sends GET /slow and hangs up as soon as the server has the request. */
async function requestThenDisconnect(port: number) {
  await new Promise<void>((resolve) => {
    const req = http.get({ port, host: '127.0.0.1', path: '/slow' });
    req.on('error', () => undefined);
    setTimeout(() => {
      req.destroy();
      resolve();
    }, 100);
  });
}

describe('closing waits for requests in flight', () => {
  it('waits for a request whose client has disconnected before it resolves', async () => {
    const { app, log, port } = await slowServer(600);
    await requestThenDisconnect(port);
    await app.close();
    log.push('closed');
    expect(log).toEqual(['handler done', 'closed']);
  });

  it('stops waiting after its limit', async () => {
    const { app, log, port } = await slowServer(3000, 200);
    await requestThenDisconnect(port);
    const started = Date.now();
    await app.close();
    expect(Date.now() - started).toBeLessThan(2000);
    expect(log).toEqual([]);
    await new Promise((r) => setTimeout(r, 3000));
  });

  it('closes at once with nothing in flight, and counts answered requests out', async () => {
    const { app, port } = await slowServer(10);
    const res = await fetch(`http://127.0.0.1:${port}/slow`);
    expect(res.status).toBe(200);
    const started = Date.now();
    await app.close();
    expect(Date.now() - started).toBeLessThan(500);
  });
});
