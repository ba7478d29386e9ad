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
  /** The server's log file (what `log_*` and auto_explain settings write). */
  logFile: string;
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

export interface PostgresServerOptions {
  /** More server settings, each `name=value` (passed as `-c name=value`). */
  settings?: string[];
}

/** Runs PostgreSQL's programs as the `postgres` user when the tests run as root (initdb refuses root). */
function programs(bin: string) {
  const isRoot = process.getuid?.() === 0;
  const asPostgres = (cmd: string, args: string[]) =>
    isRoot
      ? { cmd: 'runuser', args: ['-u', 'postgres', '--', path.join(bin, cmd), ...args] }
      : { cmd: path.join(bin, cmd), args };
  const run = (cmd: string, args: string[]) => {
    const c = asPostgres(cmd, args);
    const r = spawnSync(c.cmd, c.args, { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${cmd} failed: ${r.stderr || r.stdout}`);
  };
  /** A temporary folder with an empty data dir and a socket dir, owned by whoever runs the server. */
  const folders = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tikiti-pg-'));
    fs.chmodSync(dir, 0o755);
    const dataDir = path.join(dir, 'data');
    const socketDir = path.join(dir, 'socket');
    fs.mkdirSync(dataDir, { mode: 0o700 });
    fs.mkdirSync(socketDir, { mode: 0o755 });
    if (isRoot) execFileSync('chown', ['postgres:postgres', dataDir, socketDir]);
    return { dir, dataDir, socketDir };
  };
  return { asPostgres, run, folders };
}

/** Starts the server of `dataDir` on `port` and returns the handle that stops, halts and resumes it. */
function serve(
  bin: string,
  where: { dir: string; dataDir: string; socketDir: string },
  port: number,
  settings: string[],
): PostgresServer {
  const { asPostgres, run } = programs(bin);
  const { dir, dataDir, socketDir } = where;
  const options = [
    `-p ${port} -k ${socketDir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300`,
    ...settings.map((s) => `-c ${s}`),
  ].join(' ');
  const start = () =>
    run('pg_ctl', ['-D', dataDir, '-w', '-l', path.join(dataDir, 'server.log'), '-o', options, 'start']);
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
    logFile: path.join(dataDir, 'server.log'),
  };
}

function requireBin(): string {
  const bin = findPostgresBin();
  if (!bin) throw new Error('PostgreSQL server binaries not found: install them with `apt-get install -y postgresql`');
  return bin;
}

export async function startPostgres(opts: PostgresServerOptions = {}): Promise<PostgresServer> {
  const bin = requireBin();
  const { run, folders } = programs(bin);
  const where = folders();
  run('initdb', ['-D', where.dataDir, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
  return serve(bin, where, await freePort(), opts.settings ?? []);
}

/**
 * A streaming replica of `primary` on this machine: `pg_basebackup -R` (the base backup, and
 * the settings that make the copy a standby following the primary), started on a port of its
 * own as a hot standby that answers reads. The primary's pg_hba (initdb's default) lets
 * loopback replication connections in.
 */
export async function startReplica(primary: PostgresServer, opts: PostgresServerOptions = {}): Promise<PostgresServer> {
  const bin = requireBin();
  const { run, folders } = programs(bin);
  const where = folders();
  run('pg_basebackup', [
    '-D',
    where.dataDir,
    '-R',
    '-X',
    'stream',
    // A fast checkpoint: the default spreads it over minutes.
    '-c',
    'fast',
    '-h',
    '127.0.0.1',
    '-p',
    String(primary.port),
    '-U',
    'postgres',
  ]);
  return serve(bin, where, await freePort(), ['hot_standby=on', ...(opts.settings ?? [])]);
}
