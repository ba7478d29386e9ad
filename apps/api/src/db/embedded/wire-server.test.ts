import v8 from 'node:v8';
import vm from 'node:vm';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { startParams } from './settings.js';
import { startEmbedded, type EmbeddedServer } from './start.js';
import { WireServer } from './wire-server.js';

/**
 * The embedded database's wire-protocol server (docs/decisions/0016-embedded-database-in-a-worker.md):
 * several node-postgres connections share one PGlite session without seeing each other's
 * statements or half-done transactions.
 */
describe('embedded database over the wire protocol', () => {
  let server: EmbeddedServer;
  const clients: pg.Client[] = [];
  const client = async (url = server.url) => {
    const c = new pg.Client({ connectionString: url });
    c.on('error', () => {});
    clients.push(c);
    await c.connect();
    return c;
  };

  beforeAll(async () => {
    // The migrated template when the run made one (api-pglite), else a new empty database.
    server = await startEmbedded({ template: inject('pgliteDump') || undefined, idleInTransactionMs: 500 });
    const c = await client();
    await c.query('CREATE TABLE wire_t (id int PRIMARY KEY, v text)');
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.end().catch(() => {})));
    await server.close();
  });

  it('refuses a wrong password', async () => {
    await expect(client(server.url.replace(/:[^:@/]+@/, ':wrong@'))).rejects.toThrow(/password authentication failed/);
  });

  it('keeps each connection’s named statements apart', async () => {
    const [a, b] = [await client(), await client()];
    const one = { name: 'same_name', text: 'SELECT 1 AS n' };
    const two = { name: 'same_name', text: 'SELECT 2 AS n' };
    for (let i = 0; i < 3; i++) {
      const [ra, rb] = await Promise.all([a.query(one), b.query(two)]);
      expect([ra.rows[0].n, rb.rows[0].n]).toEqual([1, 2]);
    }
  });

  it('gives a transaction PGlite to itself until it commits', async () => {
    const [a, b] = [await client(), await client()];
    await a.query('BEGIN');
    await a.query('INSERT INTO wire_t VALUES (1, $1)', ['a']);
    const order: string[] = [];
    const read = b.query('SELECT count(*)::int AS n FROM wire_t').then((r) => {
      order.push('read');
      return r.rows[0].n as number;
    });
    await new Promise((r) => setTimeout(r, 100));
    order.push('commit');
    await a.query('COMMIT');
    expect(await read).toBe(1);
    expect(order).toEqual(['commit', 'read']);
  });

  it('rolls back the transaction of a connection that goes away', async () => {
    const [a, b] = [await client(), await client()];
    await a.query('BEGIN');
    await a.query('INSERT INTO wire_t VALUES (2, $1)', ['gone']);
    a.connection.stream.destroy();
    const { rows } = await b.query('SELECT count(*)::int AS n FROM wire_t WHERE id = 2');
    expect(rows[0].n).toBe(0);
  });

  it('ends a transaction left idle past the limit, so the others go on', async () => {
    const [a, b] = [await client(), await client()];
    await a.query('BEGIN');
    await a.query('INSERT INTO wire_t VALUES (3, $1)', ['idle']);
    const { rows } = await b.query('SELECT count(*)::int AS n FROM wire_t WHERE id = 3');
    expect(rows[0].n).toBe(0);
    await expect(a.query('COMMIT')).rejects.toThrow();
  });

  it('answers an error inside a transaction and recovers after ROLLBACK', async () => {
    const a = await client();
    await a.query('BEGIN');
    await expect(a.query('SELECT 1 / 0')).rejects.toThrow(/division by zero/);
    await expect(a.query('SELECT 1')).rejects.toThrow(/current transaction is aborted/);
    await a.query('ROLLBACK');
    expect((await a.query('SELECT 7 AS n')).rows[0].n).toBe(7);
  });
});

/**
 * The server keeps nothing of a reply once it is sent (docs/decisions/0019-api-memory.md):
 * PGlite's `execProtocolRaw` kept every parsed message, some 80 MB per 300,000 rows. Run here in
 * this thread, so this thread's heap is the database thread's.
 */
describe('embedded database memory', () => {
  it('holds no more heap after 200,000 rows than before', async () => {
    const pglite = await PGlite.create({ startParams });
    const server = new WireServer(pglite, { password: 'heap-test', idleInTransactionMs: 1000 });
    const port = await server.listen();
    const c = new pg.Client({ connectionString: `postgres://postgres:heap-test@127.0.0.1:${port}/postgres` });
    await c.connect();
    const heapAfterGc = () => {
      v8.setFlagsFromString('--expose-gc');
      (vm.runInNewContext('gc') as () => void)();
      return process.memoryUsage().heapUsed / 2 ** 20;
    };
    const rows = `SELECT g, repeat('x', 100) AS pad FROM generate_series(1, 1000) g`;
    try {
      await c.query(rows);
      const before = heapAfterGc();
      for (let i = 0; i < 200; i++) expect((await c.query(rows)).rowCount).toBe(1000);
      expect(heapAfterGc() - before).toBeLessThan(15);
    } finally {
      await c.end();
      await server.close();
      await pglite.close();
    }
  }, 120_000);
});
