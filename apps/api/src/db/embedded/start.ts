import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { WorkerInput, WorkerReply, WorkerRequest } from './worker.js';

/** The embedded database, running in its own thread and reachable as a PostgreSQL server on loopback. */
export interface EmbeddedServer {
  /** A connection URL for node-postgres (loopback, a password made for this process). */
  url: string;
  /** Writes a data-dir dump of the database to `file` (for test templates). */
  dumpTo(file: string): Promise<void>;
  /** Closes PGlite (its files are complete on disk afterwards) and ends the thread. */
  close(): Promise<void>;
}

export interface EmbeddedOptions {
  /** Where PGlite keeps its files; in memory when absent. */
  dataDir?: string;
  /** A data-dir dump to start an in-memory database from. */
  template?: string;
  idleInTransactionMs: number;
  /** PGlite failed, or its thread ended without being asked: the database is gone. */
  onFatal?(err: Error): void;
}

/**
 * The worker thread: the built `worker.js` beside this file, or, when the API itself runs from
 * source (`npm run dev`, the tests), `worker.ts` imported through tsx's API.
 */
function newWorker(input: WorkerInput): Worker {
  if (!import.meta.url.endsWith('.ts'))
    return new Worker(new URL('./worker.js', import.meta.url), { workerData: input });
  // tsx's ES module API, found through its exports (import.meta.resolve is not everywhere).
  const pkgFile = createRequire(import.meta.url).resolve('tsx/package.json');
  const pkg = JSON.parse(fs.readFileSync(pkgFile, 'utf8')) as {
    exports: Record<string, { import: { default: string } }>;
  };
  const tsx = pathToFileURL(path.join(path.dirname(pkgFile), pkg.exports['./esm/api']!.import.default)).href;
  const worker = new URL('./worker.ts', import.meta.url).href;
  const boot = `import(${JSON.stringify(tsx)}).then((m) => m.tsImport(${JSON.stringify(worker)}, ${JSON.stringify(tsx)}))`;
  return new Worker(boot, { eval: true, workerData: input });
}

/**
 * Creating a data dir runs initdb, which leaves some 400 MB of WebAssembly memory behind in its
 * thread: a thread of its own creates the dir and ends, and the database opens in a fresh one.
 */
async function createDataDir(input: WorkerInput) {
  const worker = newWorker({ ...input, initOnly: true });
  await new Promise<void>((resolve, reject) => {
    worker.on('message', (m: WorkerReply) => {
      if (m.type === 'failed') reject(new Error(`embedded database: ${m.message}`));
    });
    worker.on('error', reject);
    worker.on('exit', () => resolve());
  });
}

/** Starts PGlite in a worker thread behind its wire-protocol server; resolves once it listens. */
export async function startEmbedded(opts: EmbeddedOptions): Promise<EmbeddedServer> {
  const password = randomBytes(24).toString('base64url');
  const input: WorkerInput = {
    dataDir: opts.dataDir,
    template: opts.template,
    password,
    idleInTransactionMs: opts.idleInTransactionMs,
  };
  if (opts.dataDir && !fs.existsSync(path.join(opts.dataDir, 'PG_VERSION'))) await createDataDir(input);
  const worker = newWorker(input);
  let closing = false;
  const waiters: { type: WorkerReply['type']; resolve(m: WorkerReply): void; reject(e: Error): void }[] = [];
  const fail = (err: Error) => {
    const pending = waiters.splice(0);
    for (const w of pending) w.reject(err);
    if (!pending.length && !closing) opts.onFatal?.(err);
  };
  worker.on('message', (m: WorkerReply) => {
    if (m.type === 'failed') return fail(new Error(`embedded database: ${m.message}`));
    const i = waiters.findIndex((w) => w.type === m.type);
    if (i >= 0) waiters.splice(i, 1)[0]!.resolve(m);
  });
  worker.on('error', (err) => fail(err));
  worker.on('exit', (code) => {
    if (!closing) fail(new Error(`embedded database: its thread ended (exit code ${code})`));
  });
  const reply = (type: WorkerReply['type'], request?: WorkerRequest) =>
    new Promise<WorkerReply>((resolve, reject) => {
      waiters.push({ type, resolve, reject });
      if (request) worker.postMessage(request);
    });

  const ready = await reply('ready').catch(async (err: unknown) => {
    closing = true;
    await worker.terminate();
    throw err;
  });
  const { port } = ready as Extract<WorkerReply, { type: 'ready' }>;
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    async dumpTo(file) {
      await reply('dumped', { type: 'dump', file });
    },
    async close() {
      if (closing) return;
      closing = true;
      const exited = new Promise((r) => worker.once('exit', r));
      await reply('closed', { type: 'close' });
      await exited;
    },
  };
}
