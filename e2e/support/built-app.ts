import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../apps/api/src/test-support/postgres-server.js';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * Starts the BUILT product (`node apps/api/dist/server.js`, serving apps/web/dist) on a free
 * port with a fresh data folder: embedded database, demo data, local mailbox; `env` on top
 * (e.g. NODE_ENV). Resolves once /healthz answers 200.
 */
export async function startBuiltApp(env: Record<string, string>) {
  const server = path.join(root, 'apps/api/dist/server.js');
  if (!fs.existsSync(server) || !fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    throw new Error('The app is not built: run `npm run build` first');
  }
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tikiti-app-'));
  const child: ChildProcess = spawn(process.execPath, [server], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the app exited with code ${child.exitCode} before it was ready`);
    try {
      const res = await fetch(`${baseUrl}/healthz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the app did not answer /healthz within 120 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    baseUrl,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
