/**
 * `npm run bench`: the production build on a real PostgreSQL server, loaded by autocannon.
 * Prints req/s and latency for the hot public calls next to an in-memory baseline route in
 * the same server; a flash sale (POST v1/event/book by guests, sandbox payments) next to the
 * bare statement that reserves a seat, run straight through pg at the same concurrency; a
 * mixed load of browsing, details, bookings and check-ins on two instances
 * (scripts/bench-mixed.ts); the home page's initial JavaScript size; and Lighthouse's mobile
 * scores of home, all events and an event's details (scripts/bench-lighthouse.ts).
 * `--only=catalogue|flash|mixed|lighthouse`, `--no-build`. Targets: catalogue ratio ≥ 0.4 and
 * p99 < 50 ms at 50 connections; flash sale ≥ 1,000 bookings/s, ratio ≥ 0.5, p99 < 500 ms,
 * oversold 0 at 100 connections; mixed load 0 errors (the run fails otherwise); initial JS
 * ≤ 150 KB gzip.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import { startPostgres } from '../apps/api/src/test-support/postgres-server.js';
import { flashSale } from './bench-flash-sale.js';
import { lighthouseScores, printLighthouse } from './bench-lighthouse.js';
import { mixedLoad } from './bench-mixed.js';
import { startServer } from './bench-support.js';

const root = path.resolve(import.meta.dirname, '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

function build() {
  const r = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('build failed');
}

async function load(url: string) {
  const result = await autocannon({ url, connections, duration: seconds });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

function initialJs() {
  const dist = path.join(root, 'apps/web/dist');
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  const sizes = files.map((f) => {
    const bytes = fs.readFileSync(path.join(dist, f));
    return { file: f, gzip: zlib.gzipSync(bytes).length, brotli: zlib.brotliCompressSync(bytes).length };
  });
  const all = fs.readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.js'));
  const organiserChunks = all.filter((f) =>
    /dashboard|create-step|edit-step|edit-tickets|my-events|team-page|invite-page|settings-page/.test(f),
  );
  return {
    sizes,
    totalKb: sizes.reduce((s, x) => s + x.gzip, 0) / 1024,
    totalBrotliKb: sizes.reduce((s, x) => s + x.brotli, 0) / 1024,
    organiserChunks,
  };
}

/** The shipped configuration, then the same routes with the catalogue cache off (every request queries PostgreSQL). */
const MODES: { label: string; env: Record<string, string> }[] = [
  { label: 'default configuration (catalogue cache 1 s)', env: {} },
  { label: 'catalogue cache off: every request queries PostgreSQL', env: { CATALOGUE_CACHE_MS: '0' } },
];

async function main() {
  if (!process.argv.includes('--no-build')) build();
  const pg = await startPostgres();
  const paths = ['/v1/event/view?limit=6', '/v1/event/details/1'];
  const report: unknown[] = [];
  try {
    const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
    console.log(`\nLoad: ${connections} connections for ${seconds} s per route, production build, PostgreSQL`);
    for (const mode of only && only !== 'catalogue' ? [] : MODES) {
      const server = await startServer(pg.url(), paths, mode.env);
      try {
        const base = `http://127.0.0.1:${server.port}`;
        console.log(`\n${mode.label}`);
        for (const p of paths) {
          const real = await load(base + p);
          const baseline = await load(`${base}/bench/baseline?path=${encodeURIComponent(p)}`);
          const row = {
            mode: mode.label,
            route: `GET ${p}`,
            ...real,
            baselineRps: baseline.rps,
            ratio: real.rps / baseline.rps,
          };
          report.push(row);
          console.log(
            `  ${row.route.padEnd(30)} ${row.rps.toFixed(0).padStart(6)} req/s  p50 ${String(row.p50).padStart(3)} ms  p99 ${String(row.p99).padStart(3)} ms  ` +
              `baseline ${row.baselineRps.toFixed(0)} req/s  ratio ${row.ratio.toFixed(2)} (target ≥ 0.40, p99 < 50 ms)  errors ${row.errors}`,
          );
        }
      } finally {
        await server.stop();
      }
    }
    if (!only || only === 'flash') report.push(...(await flashSale(pg.url())));
    const mixed = !only || only === 'mixed' ? await mixedLoad(pg.url()) : undefined;
    if (mixed) report.push(mixed);
    // Any error or broken invariant of the mixed load fails the run (after the results are written).
    if (mixed && !mixed.ok) process.exitCode = 1;
    const js = initialJs();
    console.log(
      `\nHome page initial JavaScript: ${js.totalKb.toFixed(1)} KB gzip, ${js.totalBrotliKb.toFixed(1)} KB Brotli (as sent) (target < 100 KB)`,
    );
    for (const s of js.sizes)
      console.log(`  ${s.file}  ${(s.gzip / 1024).toFixed(1)} KB gzip  ${(s.brotli / 1024).toFixed(1)} KB br`);
    console.log(
      `Organiser pages in their own chunks: ${js.organiserChunks.length} chunks (${js.organiserChunks.slice(0, 4).join(', ')}${js.organiserChunks.length > 4 ? ', …' : ''})`,
    );
    const lighthouse = !only || only === 'lighthouse' ? await lighthouseScores() : [];
    if (lighthouse.length) printLighthouse(lighthouse);
    fs.mkdirSync(path.join(root, 'bench-results'), { recursive: true });
    fs.writeFileSync(
      path.join(root, 'bench-results/latest.json'),
      JSON.stringify({ rows: report, js, lighthouse }, null, 2),
    );
  } finally {
    pg.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
