import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './postgres-server.js';

const apiRoot = fileURLToPath(new URL('../..', import.meta.url));

/** The API running as its own process, as `npm start` runs it, for tests of faults and signals. */
export interface ApiProcess {
  baseUrl: string;
  child: ChildProcess;
  /** What the process wrote to stdout and stderr so far (its JSON log lines). */
  output(): string;
  /** SIGTERM, then wait for the exit. */
  stop(): Promise<void>;
}

/** The API process as spawned: not waited for, so a test may kill it before it is ready. */
export interface SpawnedApi {
  child: ChildProcess;
  /** Resolves with the exit code (null when a signal ended it). */
  exited: Promise<number | null>;
  output(): string;
}

/** Spawns `apps/api/src/server.ts` through tsx (no build needed) with a quiet, demo-free configuration plus `env`. */
export function spawnApiProcess(env: Record<string, string>): SpawnedApi {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(apiRoot, 'src/server.ts')], {
    cwd: apiRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

/**
 * Starts the API on a free port, or on `env.PORT` when given (a restart that must keep its address,
 * such as Daraja's callback URL), and waits until /healthz answers 200 (see `spawnApiProcess`).
 */
export async function startApiProcess(env: Record<string, string>, timeoutMs = 60_000): Promise<ApiProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const { child, exited, output } = spawnApiProcess({ PORT: String(port), ...env });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`the API exited with ${child.exitCode} before it was ready:\n${output()}`);
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the API did not answer /healthz within ${timeoutMs} ms:\n${output()}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseUrl,
    child,
    output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * POSTs JSON to an API process as a client at `ip` behind a trusted proxy would (the process
 * runs with TRUST_PROXY), with a buyer's `token`. A request the process never answered (it was
 * killed) comes back as status 0.
 */
export async function postJson(
  baseUrl: string,
  path: string,
  body: unknown,
  opts: { ip?: string; token?: string } = {},
) {
  try {
    const res = await fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': opts.ip ?? '198.51.100.1',
        ...(opts.token ? { auth: opts.token } : {}),
      },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as { data: Record<string, unknown> | null };
    return { status: res.status, data: json.data, token: res.headers.get('auth') };
  } catch {
    return { status: 0, data: null, token: null };
  }
}
