import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiProcess, type ApiProcess } from '../test-support/api-process.js';
import { startPostgres, type PostgresServer } from '../test-support/postgres-server.js';

/**
 * Faults of the database under a running API process (docs/security.md, "Timeouts"): a
 * PostgreSQL restart, and a network that goes silent. These need a server of their own to
 * restart, so they run in the PostgreSQL project only (`*.postgres.test.ts`); PGlite lives
 * inside the process.
 */

interface Answer {
  status: number | 'network-error';
  envelopeOk: boolean;
}

async function ask(url: string): Promise<Answer> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(20_000) });
    const body = (await res.json().catch(() => null)) as { status?: number; status_description?: string } | null;
    return {
      status: res.status,
      envelopeOk: body?.status === res.status && typeof body.status_description === 'string',
    };
  } catch {
    return { status: 'network-error', envelopeOk: false };
  }
}

async function until(what: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await what())) {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 100));
  }
  return true;
}

describe('a PostgreSQL restart under the running API', () => {
  let pg: PostgresServer;
  let api: ApiProcess;
  beforeAll(async () => {
    pg = await startPostgres();
    api = await startApiProcess({
      DATABASE_URL: pg.url(),
      CATALOGUE_CACHE_MS: '0',
      DATABASE_CONNECT_TIMEOUT_MS: '1000',
    });
  }, 90_000);
  afterAll(async () => {
    await api?.stop();
    pg?.stop();
  });

  it('answers 503 envelopes during the outage, never dies, and recovers on its own', async () => {
    const answers: Answer[] = [];
    let running = true;
    // Eight clients keep calls in flight the whole time: a database read and the health check.
    const clients = Array.from({ length: 8 }, async (_, i) => {
      while (running) answers.push(await ask(`${api.baseUrl}${i % 2 ? '/healthz' : '/v1/category/view'}`));
    });
    await new Promise((r) => setTimeout(r, 500));
    pg.halt();
    const haltedAt = answers.length;
    await new Promise((r) => setTimeout(r, 2000));
    pg.resume();
    const recovered = await until(async () => (await ask(`${api.baseUrl}/v1/category/view`)).status === 200, 20_000);
    running = false;
    await Promise.all(clients);

    expect(api.child.exitCode).toBeNull();
    expect(recovered).toBe(true);
    const statuses = new Set(answers.map((a) => a.status));
    expect([...statuses].sort()).toEqual([200, 503]);
    expect(answers.every((a) => a.envelopeOk)).toBe(true);
    expect(answers.slice(haltedAt).some((a) => a.status === 503)).toBe(true);
    expect(api.output()).toContain('database');
  }, 60_000);
});

/**
 * A TCP relay between the API and PostgreSQL that can go silent: connections stay open but
 * nothing passes, as when a network drops packets. New connections hang the same way.
 */
async function startRelay(target: number) {
  let silent = false;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => {});
    if (silent) return;
    const upstream = net.connect(target, '127.0.0.1');
    sockets.add(upstream);
    upstream.on('error', () => client.destroy());
    client.on('data', (d) => silent || upstream.write(d));
    upstream.on('data', (d) => silent || client.write(d));
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: (server.address() as net.AddressInfo).port,
    setSilent: (v: boolean) => {
      silent = v;
    },
    close: () => {
      sockets.forEach((s) => s.destroy());
      server.close();
    },
  };
}

describe('a database that stops answering', () => {
  let pg: PostgresServer;
  let relay: Awaited<ReturnType<typeof startRelay>>;
  let api: ApiProcess;
  beforeAll(async () => {
    pg = await startPostgres();
    relay = await startRelay(pg.port);
    api = await startApiProcess({
      DATABASE_URL: `postgres://postgres@127.0.0.1:${relay.port}/postgres`,
      CATALOGUE_CACHE_MS: '0',
      DATABASE_CONNECT_TIMEOUT_MS: '1000',
      DATABASE_STATEMENT_TIMEOUT_MS: '2000',
    });
  }, 90_000);
  afterAll(async () => {
    await api?.stop();
    relay?.close();
    pg?.stop();
  });

  it('answers /healthz with 503 and the reason within 2 s, and requests with 503 instead of hanging', async () => {
    relay.setSilent(true);
    const started = Date.now();
    const res = await fetch(`${api.baseUrl}/healthz`);
    const elapsed = Date.now() - started;
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ status: 503, data: { ok: false, database: 'timeout' } });
    expect(elapsed).toBeLessThan(2000);

    // A query on a connection that went silent is abandoned at the client's read timeout.
    const read = await ask(`${api.baseUrl}/v1/category/view`);
    expect(read).toEqual({ status: 503, envelopeOk: true });

    relay.setSilent(false);
    expect(await until(async () => (await ask(`${api.baseUrl}/healthz`)).status === 200, 20_000)).toBe(true);
    expect((await ask(`${api.baseUrl}/v1/category/view`)).status).toBe(200);
  }, 60_000);
});
