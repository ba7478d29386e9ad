import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbedded } from './start.js';

/**
 * A new data dir is created by a process of its own (initdb's leftover memory goes with it,
 * docs/decisions/0019-api-memory.md); the database then opens in its thread, and a restart
 * opens the same files without creating them again.
 */
describe('embedded database on disk', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tikiti-embedded-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const query = async (url: string, text: string) => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      return (await c.query<{ v: string }>(text)).rows;
    } finally {
      await c.end();
    }
  };

  it('creates a new data dir, and a restart opens what it left', async () => {
    const dataDir = path.join(dir, 'pglite');
    const first = await startEmbedded({ dataDir, idleInTransactionMs: 1000 });
    try {
      expect(fs.existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);
      await query(first.url, `CREATE TABLE kept (v text); INSERT INTO kept VALUES ('still here')`);
    } finally {
      await first.close();
    }
    const created = fs.statSync(path.join(dataDir, 'PG_VERSION')).mtimeMs;
    const second = await startEmbedded({ dataDir, idleInTransactionMs: 1000 });
    try {
      expect(await query(second.url, 'SELECT v FROM kept')).toEqual([{ v: 'still here' }]);
      expect(fs.statSync(path.join(dataDir, 'PG_VERSION')).mtimeMs).toBe(created);
    } finally {
      await second.close();
    }
  }, 120_000);

  it('says why when the data dir cannot be created', async () => {
    const blocker = path.join(dir, 'a-file');
    fs.writeFileSync(blocker, '');
    await expect(startEmbedded({ dataDir: path.join(blocker, 'pglite'), idleInTransactionMs: 1000 })).rejects.toThrow(
      /embedded database: creating .*a-file\/pglite failed \(exit code 1\): .*ENOTDIR/s,
    );
  }, 60_000);
});
