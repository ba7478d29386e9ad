/**
 * `npm run bench -- --only=scale-embedded` (docs/scaling.md#the-embedded-database-at-100): the
 * embedded database (PGlite) filled by the scale bench's generator (scripts/bench-scale.ts) to
 * ×`BENCH_SCALE_EMBEDDED_SIZE` (default 100: about 6,000 events, 360,000 bookings, 510,000
 * e-tickets, with the 100,000-attendee and 20,000-ticket events), and what the production server
 * does on it:
 *
 * 1. The production server (apps/api/dist/server.js, as `npm start` runs it) starts on a new
 *    DATA_DIR and loads the demo data, then stops.
 * 2. This script opens that data directory itself (the embedded database's own wire server,
 *    `openEmbedded`, the way `npm run db:copy` does) and runs the generator through it: its time,
 *    this process's memory, the directory's size on disk.
 * 3. The server starts again on it (time to `GET /healthz` 200, its RSS), and answers the scale
 *    bench's calls (p50/p99 over `BENCH_SCALE_REQUESTS`, default 20, sequential requests), the
 *    attendees CSV of the 100,000-attendee event, and, while that CSV or an attendees search
 *    runs, a public `GET /v1/event/view` over and over: what one organiser's slow call does to
 *    everybody else when one statement runs at a time (decision 0016).
 *
 * A failure (out of memory, a timeout, a crash) is a finding: it is recorded with the size
 * reached and the run goes on where it can. Writes bench-results/scale-embedded.json.
 * `BENCH_DATA_DIR` keeps the data directory (else a temporary one, removed at the end).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { memoryOf } from './bench-support.js';
import {
  BOOKINGS_PER_EVENT,
  EVENTS_PER_ORGANISATION,
  DEMO_EVENTS_PER_SIZE,
  download,
  generate,
  GENERATOR_FUNCTIONS,
  largeEvents,
  ORGANISER,
  percentile,
  signInOrganiser,
} from './bench-scale.js';
import { serverEnv } from './server-env.mjs';
import type { openEmbedded as OpenEmbedded } from '../apps/api/src/db/client.js';

const root = path.resolve(import.meta.dirname, '..');
const SIZE = Number(process.env.BENCH_SCALE_EMBEDDED_SIZE ?? 100);
const REQUESTS = Number(process.env.BENCH_SCALE_REQUESTS ?? 20);
/** Events per generator slice: one slice is a handful of statements of 100,000 bookings. */
const SLICE = 1000;

interface Started {
  child: ChildProcess;
  port: number;
  readyMs: number;
  stop(): Promise<void>;
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

/** The production server on `dataDir`, as `npm start` starts it; resolves when /healthz answers 200. */
async function startProduction(dataDir: string, log: string[]): Promise<Started> {
  const port = await freePort();
  const t0 = performance.now();
  const child = spawn(process.execPath, [path.join(root, 'apps/api/dist/server.js')], {
    cwd: root,
    env: {
      ...serverEnv(),
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      CATALOGUE_CACHE_MS: '0',
      DEMO_DATA: 'true',
      BOOKINGS_PER_ADDRESS: '0',
      WEB_DIST: process.env.WEB_DIST ?? path.join(root, 'apps/web/dist'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (d: Buffer) => {
    for (const line of d.toString().split('\n').filter(Boolean)) log.push(line.slice(0, 2000));
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  let exited: number | string | null = null;
  child.once('exit', (code, signal) => (exited = code ?? signal));
  for (;;) {
    if (exited !== null) throw new Error(`the server exited (${exited}) before /healthz answered 200`);
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`)
      .then((r) => r.status === 200)
      .catch(() => false);
    if (ok) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    child,
    port,
    readyMs: performance.now() - t0,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

function dirBytes(dir: string): number {
  let total = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    total += e.isDirectory() ? dirBytes(p) : fs.statSync(p).size;
  }
  return total;
}

const mb = (bytes: number) => bytes / 1024 / 1024;
const ownPeakMb = () => memoryOf(process.pid).peakMb;

/** `GET url` over and over until `until` settles: every answer's time and status. */
async function probe(url: string, until: Promise<unknown>) {
  let done = false;
  void until.finally(() => (done = true));
  const ms: number[] = [];
  const statuses: Record<number, number> = {};
  while (!done) {
    const t0 = performance.now();
    const res = await fetch(url).catch(() => null);
    await res?.arrayBuffer();
    ms.push(performance.now() - t0);
    statuses[res?.status ?? 0] = (statuses[res?.status ?? 0] ?? 0) + 1;
  }
  ms.sort((a, b) => a - b);
  return ms.length
    ? { requests: ms.length, p50: percentile(ms, 50), p99: percentile(ms, 99), max: ms[ms.length - 1]!, statuses }
    : { requests: 0 };
}

export async function scaleEmbeddedBench() {
  const keepDir = process.env.BENCH_DATA_DIR;
  const dataDir = keepDir ? path.resolve(keepDir) : fs.mkdtempSync(path.join(os.tmpdir(), 'tikiti-embedded-'));
  fs.mkdirSync(dataDir, { recursive: true });
  const serverLog: string[] = [];
  const failures: { phase: string; error: string; reached: Record<string, number> }[] = [];
  const result: Record<string, unknown> = { size: SIZE, dataDir, failures, serverLog };
  const counts: Record<string, number> = {};
  const say = (line: string) => console.log(line);
  let server: Started | undefined;
  let bigEvent: number | undefined;
  try {
    // BENCH_REUSE=1 with BENCH_DATA_DIR: the data of an earlier run, measured again without generating.
    const reuse = process.env.BENCH_REUSE === '1' && fs.existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'));
    // 1. The demo data, loaded by the production server itself.
    if (!reuse) server = await startProduction(dataDir, serverLog);
    if (server) {
      result.firstStartMs = server.readyMs;
      say(`First start with the demo data: healthz 200 after ${(server.readyMs / 1000).toFixed(1)} s`);
      await server.stop();
      server = undefined;
    }

    // 2. The generator, through the data directory's own wire server.
    // The build's own module (the server about to run it), not the sources.
    const { openEmbedded } = (await import(path.join(root, 'apps/api/dist/db/client.js'))) as {
      openEmbedded: typeof OpenEmbedded;
    };
    const t0 = performance.now();
    const db = await openEmbedded({ dataDir: path.join(dataDir, 'pglite'), poolSize: 1 });
    const client = new pg.Client({ connectionString: db.url });
    const count = async () => {
      for (const t of ['events', 'bookings', 'e_tickets', 'check_ins'])
        counts[t] = (await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${t}`)).rows[0]!.n;
      return counts;
    };
    try {
      await client.connect();
      if (reuse) {
        bigEvent = (
          await client.query<{ id: number }>(
            "SELECT min(id)::int AS id FROM events WHERE title LIKE 'Kenya Bankers Annual Conference%'",
          )
        ).rows[0]!.id;
        result.counts = await count();
      } else {
        await client.query(GENERATOR_FUNCTIONS);
        bigEvent = (await largeEvents(client)).bigId;
        result.bigEventId = bigEvent;
        say(
          `  the two large events: ${((performance.now() - t0) / 1000).toFixed(0)} s, own peak ${ownPeakMb().toFixed(0)} MB`,
        );
        const events = DEMO_EVENTS_PER_SIZE * (SIZE - 1);
        for (let done = 0; done < events; done += SLICE) {
          await generate(client, {
            events: Math.min(SLICE, events - done),
            bookingsPerEvent: BOOKINGS_PER_EVENT,
            pairEvery: 3,
            organisations: Math.ceil(Math.min(SLICE, events - done) / EVENTS_PER_ORGANISATION),
          });
          say(
            `  ${Math.min(done + SLICE, events)} of ${events} events: ${((performance.now() - t0) / 1000).toFixed(0)} s, own peak ${ownPeakMb().toFixed(0)} MB`,
          );
        }
        const tv = performance.now();
        await client.query('VACUUM ANALYZE');
        result.vacuumAnalyzeS = (performance.now() - tv) / 1000;
        result.generateS = (performance.now() - t0) / 1000;
        await count();
        result.counts = { ...counts };
        say(
          `Generated ×${SIZE}: ${counts.events} events, ${counts.bookings} bookings, ${counts.e_tickets} e-tickets, ${counts.check_ins} check-ins in ${(result.generateS as number).toFixed(0)} s (VACUUM ANALYZE ${(result.vacuumAnalyzeS as number).toFixed(0)} s)`,
        );
      }
    } catch (err) {
      const reached = await count().catch(() => ({ ...counts }));
      failures.push({ phase: 'generate', error: (err as Error).stack ?? String(err), reached });
      say(`GENERATOR FAILED at ${JSON.stringify(reached)}: ${(err as Error).message}`);
    } finally {
      await client.end().catch(() => undefined);
      await db.close().catch(() => undefined);
    }
    result.generatorProcessPeakMb = ownPeakMb();
    result.dataDirMb = mb(dirBytes(dataDir));
    say(
      `Data directory: ${(result.dataDirMb as number).toFixed(0)} MB on disk; generator process peak RSS ${(result.generatorProcessPeakMb as number).toFixed(0)} MB`,
    );

    // 3. The server on it.
    server = await startProduction(dataDir, serverLog);
    const base = `http://127.0.0.1:${server.port}`;
    const pid = server.child.pid!;
    result.restartMs = server.readyMs;
    result.rssAfterStartMb = memoryOf(pid).rssMb;
    say(
      `Restart: healthz 200 after ${(server.readyMs / 1000).toFixed(1)} s; API RSS ${(result.rssAfterStartMb as number).toFixed(0)} MB`,
    );

    const { auth, remember } = await signInOrganiser(base);
    if (!bigEvent) throw new Error('the 100,000-attendee event was not generated');
    const ids = { big: bigEvent };
    const category = 1;
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const total = async (p: string) =>
      ((await (await fetch(base + p, { headers: auth })).json()) as { data: { total: number } }).data.total;
    const lastPage = async (p: string, limit: number) =>
      Math.max(1, Math.ceil((await total(`${p}&limit=${limit}`)) / limit));
    const orders = `/v1/client/event/${ids.big}/orders?kind=sales`;
    const attendees = `/v1/client/event/${ids.big}/attendees?x=1`;
    const home = '/v1/event/view?fields=card&limit=12';
    const calls: [string, string, Record<string, string>][] = [
      ['home list', home, {}],
      ['search "fintech"', '/v1/event/view?fields=card&filter=fintech', {}],
      [
        'category + next 30 days',
        `/v1/event/view?fields=card&category_id=${category}&start=${day(0)}&end=${day(30)}`,
        {},
      ],
      ['event details', `/v1/event/details/${ids.big}`, {}],
      ['dashboard: summary', '/v1/client/summary', auth],
      ['dashboard: own events', '/v1/client/event/view?page=1', auth],
      ['orders: first page', `${orders}&page=1&limit=25`, auth],
      ['orders: search', `${orders}&q=wanjiku&limit=25`, auth],
      ['orders: last page', `${orders}&page=${await lastPage(orders, 25)}&limit=25`, auth],
      ['attendees: first page', `${attendees}&page=1&limit=25`, auth],
      ['attendees: search', `${attendees}&q=otieno&limit=25`, auth],
      ['attendees: last page', `${attendees}&page=${await lastPage(attendees, 25)}&limit=25`, auth],
      ['sales summary', `/v1/client/event/${ids.big}/sales`, auth],
    ];
    const timings: { label: string; p50: number; p99: number; status: number; samples: number }[] = [];
    for (const [label, p, headers] of calls) {
      try {
        await (await fetch(base + p, { headers })).arrayBuffer();
        const ms: number[] = [];
        let status = 0;
        for (let i = 0; i < REQUESTS; i++) {
          const t0 = performance.now();
          const res = await fetch(base + p, { headers });
          await res.arrayBuffer();
          ms.push(performance.now() - t0);
          status = res.status;
        }
        ms.sort((a, b) => a - b);
        const t = { label, p50: percentile(ms, 50), p99: percentile(ms, 99), status, samples: ms.length };
        timings.push(t);
        say(
          `  ${label.padEnd(26)} p50 ${t.p50.toFixed(1).padStart(8)} ms  p99 ${t.p99.toFixed(1).padStart(8)} ms  (${status}, ${ms.length})`,
        );
      } catch (err) {
        failures.push({ phase: `call ${label}`, error: String(err), reached: { ...counts } });
      }
    }
    result.timings = timings;
    result.rssAfterCallsMb = memoryOf(pid).rssMb;

    // The attendees CSV, and the public list meanwhile.
    const confirm = await fetch(`${base}/v1/auth/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...auth },
      body: JSON.stringify({ password: ORGANISER.password }),
    });
    remember(confirm);
    const alone = await probe(base + home, new Promise((r) => setTimeout(r, 5000)));
    result.homeAlone = alone;
    say(`  home list alone (5 s):     ${JSON.stringify(alone)}`);
    for (const [label, p] of [
      ['attendees CSV (100,000)', `/v1/client/event/${ids.big}/attendees.csv`],
      ['orders CSV (50,000)', `/v1/client/event/${ids.big}/orders.csv`],
    ] as const) {
      try {
        const csv = download(base + p, auth, pid);
        const during = await probe(base + home, csv);
        const r = await csv;
        result[label] = { ...r, homeListMeanwhile: during };
        say(
          `  ${label.padEnd(26)} first byte ${r.firstByteMs.toFixed(0)} ms, whole ${(r.totalMs / 1000).toFixed(1)} s, ${(r.bytes / 1e6).toFixed(1)} MB, ${r.lines} lines, API memory +${r.memoryGrowthMb.toFixed(0)} MB (status ${r.status}); home list meanwhile ${JSON.stringify(during)}`,
        );
      } catch (err) {
        failures.push({ phase: label, error: String(err), reached: { ...counts } });
      }
    }
    // Organiser searches of the attendees, back to back, and the public list meanwhile.
    const searches = (async () => {
      const ms: number[] = [];
      for (const q of ['otieno', 'wanjiku', 'kamau', 'njeri', 'mwangi']) {
        const t0 = performance.now();
        const res = await fetch(`${base}${attendees}&q=${q}&limit=25`, { headers: auth });
        await res.arrayBuffer();
        ms.push(performance.now() - t0);
      }
      return ms;
    })();
    const duringSearch = await probe(base + home, searches);
    result.attendeeSearches = { ms: await searches, homeListMeanwhile: duringSearch };
    say(
      `  5 attendees searches ${JSON.stringify((await searches).map((m) => Math.round(m)))} ms; home list meanwhile ${JSON.stringify(duringSearch)}`,
    );
    result.rssAtEndMb = memoryOf(pid).rssMb;
    result.rssPeakMb = memoryOf(pid).peakMb;
    say(
      `API RSS after the calls ${(result.rssAfterCallsMb as number).toFixed(0)} MB, at the end ${(result.rssAtEndMb as number).toFixed(0)} MB, peak ${(result.rssPeakMb as number).toFixed(0)} MB`,
    );
  } catch (err) {
    failures.push({ phase: 'run', error: (err as Error).stack ?? String(err), reached: { ...counts } });
    say(`FAILED: ${(err as Error).message}`);
  } finally {
    await server?.stop();
    if (!keepDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }
  for (const f of failures) say(`Failure in ${f.phase} at ${JSON.stringify(f.reached)}:\n${f.error}`);
  fs.mkdirSync(path.join(root, 'bench-results'), { recursive: true });
  fs.writeFileSync(path.join(root, 'bench-results/scale-embedded.json'), JSON.stringify(result, null, 2));
  return result;
}
