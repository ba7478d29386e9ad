import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { WorkerInput, WorkerReply, WorkerRequest } from './worker.js';

/** The embedded database, running in its own thread and reachable as a PostgreSQL server on loopback. */
/**
 * The database thread's young generation (V8 sizes it for a whole application): its objects are short
 * messages and buffers on their way to a socket (docs/decisions/0019-api-memory.md).
 */
const WORKER_YOUNG_GENERATION_MB = 12;

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

/** tsx's ES module API and loader, found through its exports (import.meta.resolve is not everywhere). */
function tsxEntry(subpath: './esm/api' | './esm'): string {
  const pkgFile = createRequire(import.meta.url).resolve('tsx/package.json');
  const pkg = JSON.parse(fs.readFileSync(pkgFile, 'utf8')) as {
    exports: Record<string, string | { import: { default: string } }>;
  };
  const entry = pkg.exports[subpath]!;
  return pathToFileURL(path.join(path.dirname(pkgFile), typeof entry === 'string' ? entry : entry.import.default)).href;
}

/** The API runs from its sources (`npm run dev`, the tests), not from the build. */
const fromSource = import.meta.url.endsWith('.ts');

/**
 * The worker thread: the built `worker.js` beside this file, or, when the API itself runs from
 * source, `worker.ts` imported through tsx's API. Its young generation is kept small: the
 * thread only moves bytes between sockets and PGlite (docs/decisions/0019-api-memory.md).
 */
function newWorker(input: WorkerInput): Worker {
  const options = { workerData: input, resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB } };
  if (!fromSource) return new Worker(new URL('./worker.js', import.meta.url), options);
  const tsx = tsxEntry('./esm/api');
  const worker = new URL('./worker.ts', import.meta.url).href;
  const boot = `import(${JSON.stringify(tsx)}).then((m) => m.tsImport(${JSON.stringify(worker)}, ${JSON.stringify(tsx)}))`;
  return new Worker(boot, { ...options, eval: true });
}

/**
 * Creating a data dir runs initdb, which leaves some 400 MB of WebAssembly memory and hundreds
 * of MB of freed allocator memory behind: a process of its own creates the dir and ends, which
 * returns all of it to the system, and the database opens in a fresh thread
 * (docs/decisions/0019-api-memory.md).
 */
async function createDataDir(dataDir: string) {
  const entry = fileURLToPath(new URL(`./init-data-dir.${fromSource ? 'ts' : 'js'}`, import.meta.url));
  const child = spawn(process.execPath, [...(fromSource ? ['--import', tsxEntry('./esm')] : []), entry, dataDir], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr = (stderr + d).slice(-2000)));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (c) => resolve(c));
  });
  if (code !== 0)
    throw new Error(`embedded database: creating ${dataDir} failed (exit code ${code}): ${stderr.trim()}`);
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
  if (opts.dataDir && !fs.existsSync(path.join(opts.dataDir, 'PG_VERSION'))) await createDataDir(opts.dataDir);
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
