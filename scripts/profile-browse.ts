/**
 * `npx tsx scripts/profile-browse.ts [seconds] [--baseline]`: where an uncached catalogue request spends its
 * time (docs/scaling.md, "The uncached request"). Starts PostgreSQL and the production build
 * (apps/api/dist, run `npm run build` first) under `node --cpu-prof` with CATALOGUE_CACHE_MS=0,
 * drives the browse mix of `npm run bench` (scripts/bench-browse.ts) with autocannon, counts
 * the statements PostgreSQL ran per request, and prints the functions with the most self time
 * and the most total time from the profile. BENCH_PATHS=<regular expression> keeps only the
 * mix's paths it matches (e.g. `category/view`, `filter=`), to look at one kind of request.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { startPostgres } from '../apps/api/src/test-support/postgres-server.js';
import { browseMix } from './bench-browse.js';
import { cpuOf, postgresCpu, switchesOf } from './bench-support.js';

const root = path.resolve(import.meta.dirname, '..');
const seconds = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 15);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  startTime: number;
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

const has = (stack: string[], re: RegExp) => stack.some((l) => re.test(l));
/** Named slices of the samples, by what their stack holds (a stack can be in several). */
const GROUPS: [string, (stack: string[]) => boolean][] = [
  ['idle', (s) => s[0]!.startsWith('(idle)')],
  ['garbage collector', (s) => s[0]!.startsWith('(garbage collector)')],
  ['writev to a socket', (s) => s[0]!.startsWith('writev ')],
  ['  of it: database connection (pg)', (s) => s[0]!.startsWith('writev ') && has(s, /^\S+ pg(-pool|-protocol)?\//)],
  ['  of it: HTTP response', (s) => s[0]!.startsWith('writev ') && !has(s, /^\S+ pg(-pool|-protocol)?\//)],
  ['pg, pg-pool, pg-protocol (on the stack)', (s) => has(s, /^\S+ pg(-pool|-protocol)?\//)],
  ['drizzle-orm (on the stack)', (s) => has(s, /drizzle-orm\//)],
  ['catalogue feature (on the stack)', (s) => has(s, /features\/catalogue\//)],
  ['zod (on the stack)', (s) => has(s, /zod\//)],
  ['fastify hooks (on the stack)', (s) => has(s, /fastify\/lib\/hooks/)],
  ['helmet (on the stack)', (s) => has(s, /helmet\//)],
  ['@fastify/compress (on the stack)', (s) => has(s, /@fastify\/compress\//)],
  ['prom-client (on the stack)', (s) => has(s, /prom-client\//)],
  ['pino logging (on the stack)', (s) => has(s, /pino/)],
];

/** Self and total time per function (name + file + line), as shares of all samples. */
export function summarise(profile: Profile, window: { from: number; to: number }, top = 30) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const label = (n: Node) => {
    const f = n.callFrame;
    const file = f.url.replace(/^file:\/\//, '').replace(`${root}/`, '');
    const short = file.replace(/^.*node_modules\//, '');
    return `${f.functionName || '(anonymous)'} ${short}:${f.lineNumber + 1}`;
  };
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  let all = 0;
  const groups = new Map<string, number>();
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    at += dt;
    // Only the load: not the start (seeding, module loading) nor the shutdown.
    if (at < window.from || at > window.to) return;
    all += dt;
    const leaf = byId.get(id)!;
    const stack: string[] = [];
    for (let n: Node | undefined = leaf; n; n = byId.get(parent.get(n.id) ?? -1)) stack.push(label(n));
    for (const [name, test] of GROUPS) if (test(stack)) groups.set(name, (groups.get(name) ?? 0) + dt);
    self.set(label(leaf), (self.get(label(leaf)) ?? 0) + dt);
    // Each function on the stack once, however often it recurses.
    const seen = new Set<string>();
    for (let n: Node | undefined = leaf; n; n = byId.get(parent.get(n.id) ?? -1)) {
      const l = label(n);
      if (seen.has(l)) continue;
      seen.add(l);
      total.set(l, (total.get(l) ?? 0) + dt);
    }
  });
  const pct = (v: number) => `${((100 * v) / all).toFixed(1).padStart(5)} %`;
  const rank = (m: Map<string, number>) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([k, v]) => `  ${pct(v)}  ${k}`)
      .join('\n');
  const grouped = [...groups].map(([k, v]) => `  ${pct(v)}  ${k}`).join('\n');
  return `Groups (a sample counts in each group whose test matches its stack):\n${grouped}\n\nSelf time (top ${top}):\n${rank(self)}\n\nTotal time (top ${top}):\n${rank(total)}`;
}

let window = { from: 0, to: Number.MAX_SAFE_INTEGER };

async function main() {
  const postgres = await startPostgres();
  // pg_stat_statements, to see each statement's calls and time (it loads at server start).
  const admin = new pg.Client({ connectionString: postgres.url() });
  await admin.connect();
  await admin.query(`ALTER SYSTEM SET shared_preload_libraries = 'pg_stat_statements'`);
  await admin.end();
  postgres.halt();
  postgres.resume();
  const profDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tikiti-prof-'));
  const server = spawn(
    process.execPath,
    [
      '--cpu-prof',
      `--cpu-prof-dir=${profDir}`,
      path.join(root, process.env.BENCH_SERVER ?? 'scripts/bench-server.mjs'),
    ],
    {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        DATABASE_URL: postgres.url(),
        DATABASE_POOL_SIZE: process.env.BENCH_POOL_SIZE ?? '20',
        CATALOGUE_CACHE_MS: '0',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  try {
    const port = await new Promise<number>((resolve, reject) => {
      server.stdout!.on('data', (d: Buffer) => {
        const m = /READY (\d+)/.exec(d.toString());
        if (m) resolve(Number(m[1]));
      });
      server.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
    });
    const base = `http://127.0.0.1:${port}`;
    // BENCH_PATHS=<regular expression>: only the mix's paths it matches (one kind of request).
    const only = process.env.BENCH_PATHS ? new RegExp(process.env.BENCH_PATHS) : undefined;
    const mix = (await browseMix(base)).filter((p) => !only || only.test(p));
    // --baseline: the same bodies from memory (scripts/bench-server.mjs), for comparison.
    const paths = process.argv.includes('--baseline')
      ? mix.map((p) => `/bench/baseline?path=${encodeURIComponent(p)}`)
      : mix;
    for (const p of paths) await fetch(base + p);
    const client = new pg.Client({ connectionString: postgres.url() });
    await client.connect();
    const statements = async () =>
      Number(
        (
          await client.query<{ n: string }>(
            `SELECT xact_commit AS n FROM pg_stat_database WHERE datname = current_database()`,
          )
        ).rows[0]!.n,
      );
    const cpu = () => ({
      api: cpuOf(server.pid!),
      apiSystem: cpuOf(server.pid!, false, true),
      switches: switchesOf(server.pid!),
      postgres: postgresCpu(postgres.url()),
      bench: process.cpuUsage(),
    });
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    await client.query(`ALTER SYSTEM SET pg_stat_statements.track_planning = on`);
    await client.query('SELECT pg_reload_conf()');
    await client.query('SELECT pg_stat_statements_reset()');
    const before = await statements();
    const cpu0 = cpu();
    const from = Number(process.hrtime.bigint() / 1000n);
    const result = await autocannon({
      url: base,
      connections,
      duration: seconds,
      requests: paths.map((p) => ({ method: 'GET', path: p })),
    });
    const to = Number(process.hrtime.bigint() / 1000n);
    window = { from, to };
    const cpu1 = cpu();
    // pg_stat_database is updated when a backend reports (at most every second or so).
    await new Promise((r) => setTimeout(r, 1500));
    const after = await statements();
    const requests = result.requests.total;
    const top = await client.query<{ query: string; calls: string; exec: number; plan: number; rows: string }>(
      `SELECT query, calls, total_exec_time AS exec, total_plan_time AS plan, rows FROM pg_stat_statements
        WHERE query NOT LIKE '%pg_stat%' ORDER BY total_exec_time + total_plan_time DESC LIMIT 8`,
    );
    console.log('Statements (per request: calls, execution and planning µs, rows):');
    for (const s of top.rows) {
      const per = (x: number) => ((1000 * x) / requests).toFixed(0).padStart(4);
      console.log(
        `  ${(Number(s.calls) / requests).toFixed(2)} calls  exec ${per(s.exec)} µs  plan ${per(s.plan)} µs  ${(Number(s.rows) / Number(s.calls)).toFixed(1)} rows/call  ${s.query.replace(/\s+/g, ' ').slice(0, 140)}`,
      );
    }
    await client.end();
    console.log(
      `${paths.length} paths, ${connections} connections, ${seconds} s: ${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, errors ${result.errors + result.non2xx}`,
    );
    const perRequest = (ms: number) => `${((1000 * ms) / requests).toFixed(0)} µs`;
    console.log(
      `CPU per request: API ${perRequest(cpu1.api - cpu0.api)}, PostgreSQL ${perRequest(cpu1.postgres - cpu0.postgres)}, autocannon ${perRequest((cpu1.bench.user + cpu1.bench.system - cpu0.bench.user - cpu0.bench.system) / 1000)}`,
    );
    console.log(
      `API: ${perRequest(cpu1.apiSystem - cpu0.apiSystem)} of it in the kernel; context switches per request ${((cpu1.switches.voluntary - cpu0.switches.voluntary) / requests).toFixed(2)} voluntary, ${((cpu1.switches.involuntary - cpu0.switches.involuntary) / requests).toFixed(2)} involuntary (preempted)`,
    );
    console.log(
      `transactions per request (each statement outside a transaction is one): ${((after - before) / requests).toFixed(2)}`,
    );
  } finally {
    await new Promise((r) => {
      server.once('exit', r);
      server.kill('SIGTERM');
    });
    postgres.stop();
  }
  const file = fs.readdirSync(profDir).find((f) => f.endsWith('.cpuprofile'));
  if (!file) throw new Error('no profile written');
  const out = path.join(root, 'bench-results/browse-uncached.cpuprofile');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.copyFileSync(path.join(profDir, file), out);
  fs.rmSync(profDir, { recursive: true, force: true });
  console.log(`profile: ${path.relative(root, out)}\n`);
  console.log(summarise(JSON.parse(fs.readFileSync(out, 'utf8')) as Profile, window));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
