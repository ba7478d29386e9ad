import { describe, expect, it } from 'vitest';
import { workerPool } from './worker-pool.js';

/** A worker that doubles a number, answers an error for a negative one, and dies on 0. */
const source = `
import { parentPort } from 'node:worker_threads';
parentPort.on('message', (n) => {
  if (n === 0) process.exit(3);
  if (n < 0) parentPort.postMessage({ ok: false, message: 'negative ' + n });
  else setTimeout(() => parentPort.postMessage({ ok: true, value: n * 2 }), 20);
});`;
const entry = new URL(`data:text/javascript,${encodeURIComponent(source)}`);

describe('workerPool', () => {
  it('runs tasks on up to its size of threads, in parallel, answering each its own result', async () => {
    const pool = workerPool<number, number>(entry, 2);
    try {
      const results = await Promise.all([1, 2, 3, 4, 5].map((n) => pool.run(n)));
      expect(results).toEqual([2, 4, 6, 8, 10]);
    } finally {
      await pool.close();
    }
  });

  it('fails a task whose worker answers an error or dies, and carries on with a new thread', async () => {
    const pool = workerPool<number, number>(entry, 1);
    try {
      await expect(pool.run(-1)).rejects.toThrow('negative -1');
      await expect(pool.run(0)).rejects.toThrow('exit code 3');
      expect(await pool.run(21)).toBe(42);
    } finally {
      await pool.close();
    }
  });

  it('lets running tasks finish on close, fails queued ones and refuses new ones', async () => {
    const pool = workerPool<number, number>(entry, 1);
    const running = pool.run(1);
    const queued = pool.run(2);
    queued.catch(() => undefined);
    await new Promise((r) => setTimeout(r, 5));
    await pool.close();
    expect(await running).toBe(2);
    await expect(queued).rejects.toThrow('closed');
    await expect(pool.run(3)).rejects.toThrow('closed');
  });
});
