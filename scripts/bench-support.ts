/**
 * What the sections of `npm run bench` share: the bench server (the production build plus an
 * in-memory baseline route, scripts/bench-server.mjs) started as its own process, an event on
 * sale written straight into the database, and a process's resident memory.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { serverEnv } from './server-env.mjs';

const root = path.resolve(import.meta.dirname, '..');

export interface BenchServer {
  port: number;
  pid: number;
  stop: () => Promise<unknown>;
}

/**
 * Starts the bench server (NODE_ENV=production) with extra environment, on PostgreSQL (`pgUrl`)
 * or, given '', on the embedded database in a new DATA_DIR; resolves once it listens.
 */
export async function startServer(pgUrl: string, env: Record<string, string>): Promise<BenchServer> {
  const dataDir = pgUrl ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), 'tikiti-bench-'));
  const server = spawn(process.execPath, [path.join(root, 'scripts/bench-server.mjs')], {
    cwd: root,
    // The same environment as `npm start` gives the server (scripts/server-env.mjs).
    env: {
      ...serverEnv(),
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATABASE_URL: pgUrl,
      ...(dataDir ? { DATA_DIR: dataDir } : {}),
      DATABASE_POOL_SIZE: process.env.BENCH_POOL_SIZE ?? '20',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let ready = false;
    server.stdout!.on('data', (d: Buffer) => {
      // Its log (warnings and errors at LOG_LEVEL warn) goes on to our stderr.
      if (ready) return void process.stderr.write(d);
      const m = /READY (\d+)/.exec(d.toString());
      if (m) {
        ready = true;
        resolve(Number(m[1]));
      }
    });
    server.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return {
    port,
    pid: server.pid!,
    stop: async () => {
      await new Promise((r) => {
        if (server.exitCode !== null || server.signalCode !== null) return r(undefined);
        server.once('exit', r);
        server.kill('SIGTERM');
      });
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** An event on sale with one ticket type of `capacity` seats, written straight into the database. */
export async function saleEvent(
  client: pg.Client,
  capacity: number,
  opts: { organisationId?: number; title?: string } = {},
) {
  const { rows } = await client.query<{ id: number; ticket: number }>(
    `WITH e AS (
       INSERT INTO events (organisation_id, category_id, title, location, currency, start_time, end_time, status)
       SELECT coalesce($2, (SELECT min(id) FROM organisations)), (SELECT min(id) FROM categories), $3 || ' ' || now(),
              'KICC, Nairobi', 'USD', now() + interval '30 days', now() + interval '30 days 8 hours', 1
       RETURNING id)
     INSERT INTO ticket_types (event_id, name, price_minor, max_tickets) SELECT id, 'Flash', 2000, $1 FROM e
     RETURNING event_id AS id, id AS ticket`,
    [capacity, opts.organisationId ?? null, opts.title ?? 'Flash sale'],
  );
  return rows[0]!;
}

/** A process's resident set and its peak so far, in MB, from /proc/<pid>/status (Linux). */
export function memoryOf(pid: number): { rssMb: number; peakMb: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
}

const TICK_MS = 10; // USER_HZ is 100 on Linux

/** A process's CPU time so far (user + system, or only system), in ms; with its waited-for children's when asked. */
export function cpuOf(pid: number, children = false, systemOnly = false): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // Fields from the state on: utime is the 12th, stime 13th, cutime 14th, cstime 15th.
  const [u, s, cu, cs] = [11, 12, 13, 14].map((i) => Number(fields[i]));
  if (systemOnly) return s! * TICK_MS;
  return (u! + s! + (children ? cu! + cs! : 0)) * TICK_MS;
}

/** Context switches of a process so far: voluntary (it waited) and involuntary (it was preempted). */
export function switchesOf(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const n = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? NaN);
  return { voluntary: n('voluntary_ctxt_switches'), involuntary: n('nonvoluntary_ctxt_switches') };
}

/** CPU time of the PostgreSQL server on this port: the postmaster, its children and its ended children. */
export function postgresCpu(url: string): number {
  const port = new URL(url).port;
  const postmaster = fs
    .readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .find((d) => {
      try {
        const cmd = fs.readFileSync(`/proc/${d}/cmdline`, 'utf8');
        return (
          (cmd.includes('postgres') && cmd.includes(`-p\0${port}`)) ||
          (cmd.includes('postgres') && cmd.includes(`-p ${port}`))
        );
      } catch {
        return false;
      }
    });
  if (!postmaster) return NaN;
  const pid = Number(postmaster);
  let total = cpuOf(pid, true);
  for (const d of fs.readdirSync('/proc').filter((x) => /^\d+$/.test(x))) {
    try {
      const ppid = Number(fs.readFileSync(`/proc/${d}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
      if (ppid === pid) total += cpuOf(Number(d));
    } catch {
      // ended meanwhile
    }
  }
  return total;
}
