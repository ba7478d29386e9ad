import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * A throwaway PostgreSQL server for tests and benchmarks (docs/architecture.md#throwaway-postgresql-server): initdb into a
 * temporary folder, start on a free port, stop and delete afterwards.
 */
export interface PostgresServer {
  port: number;
  url(database?: string): string;
  /** Stops the server for good and deletes its files. */
  stop(): void;
  /** Shuts the server down (fast mode: connections are cut) and keeps its files, for `resume`. */
  halt(): void;
  /** Starts a halted server again on the same port. */
  resume(): void;
}

export function findPostgresBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return undefined;
  const versions = fs
    .readdirSync(root)
    .filter((v) => fs.existsSync(path.join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : undefined;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export async function startPostgres(): Promise<PostgresServer> {
  const bin = findPostgresBin();
  if (!bin) throw new Error('PostgreSQL server binaries not found: install them with `apt-get install -y postgresql`');
  const isRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tikiti-pg-'));
  fs.chmodSync(dir, 0o755);
  const dataDir = path.join(dir, 'data');
  const socketDir = path.join(dir, 'socket');
  fs.mkdirSync(dataDir, { mode: 0o700 });
  fs.mkdirSync(socketDir, { mode: 0o755 });
  const asPostgres = (cmd: string, args: string[]) =>
    isRoot
      ? { cmd: 'runuser', args: ['-u', 'postgres', '--', path.join(bin, cmd), ...args] }
      : { cmd: path.join(bin, cmd), args };
  if (isRoot) execFileSync('chown', ['postgres:postgres', dataDir, socketDir]);
  const run = (cmd: string, args: string[]) => {
    const c = asPostgres(cmd, args);
    const r = spawnSync(c.cmd, c.args, { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${cmd} failed: ${r.stderr || r.stdout}`);
  };
  run('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
  const port = await freePort();
  const start = () =>
    run('pg_ctl', [
      '-D',
      dataDir,
      '-w',
      '-l',
      path.join(dataDir, 'server.log'),
      '-o',
      `-p ${port} -k ${socketDir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300`,
      'start',
    ]);
  start();
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    const c = asPostgres('pg_ctl', ['-D', dataDir, '-m', 'immediate', 'stop']);
    spawnSync(c.cmd, c.args, { encoding: 'utf8' });
    fs.rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', stop);
  return {
    port,
    url: (db = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${db}`,
    stop,
    halt: () => run('pg_ctl', ['-D', dataDir, '-w', '-m', 'fast', 'stop']),
    resume: start,
  };
}
