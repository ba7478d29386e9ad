/**
 * The Lighthouse part of `npm run bench`: the built product as `npm start` serves it
 * (NODE_ENV=production, embedded database, demo data) audited by Lighthouse 12 at its default
 * mobile settings (a mid-range phone on a slow 4G link, simulated) in Debian's Chromium.
 * Home, all events and one event's details, three runs each; the median of each score is
 * printed with the bytes the page downloaded. Targets: performance ≥ 95, accessibility, best
 * practices and SEO ≥ 95. BENCH_LIGHTHOUSE_SAVE=<folder> keeps each run's full JSON report.
 */
import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { Result as LighthouseResult } from 'lighthouse';
import { CHROMIUM_FLAGS, chromiumPath } from '../e2e/support/browser.js';
import { startBuiltApp } from '../e2e/support/built-app.js';

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

export interface LighthouseRow {
  page: string;
  scores: Record<(typeof CATEGORIES)[number], number>;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  /** Bytes over the wire for everything the page loaded, and for its scripts alone. */
  totalKb: number;
  scriptKb: number;
  /**
   * Lighthouse's measure of this machine's CPU (a mid-range desktop scores about 1,000-2,000);
   * its 4x slowdown stands for a mid-range phone only on such a machine, so a busy or slow host
   * scores lower than a phone would. Printed so figures from different runs can be compared.
   */
  benchmarkIndex: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function lighthouseScores(): Promise<LighthouseRow[]> {
  const app = await startBuiltApp({ NODE_ENV: 'production' });
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath(),
    // Lighthouse drives its own headless tab; the shared flags keep Chromium off the network.
    chromeFlags: CHROMIUM_FLAGS,
  });
  try {
    const list = (await (await fetch(`${app.baseUrl}/v1/event/view?limit=1&fields=card`)).json()) as {
      data: { data: { id: number; slug: string }[] };
    };
    const first = list.data.data[0];
    const pages: [string, string][] = [
      ['home', '/'],
      ['all events', '/all-events'],
      ...(first ? [['event details', `/details/${first.id}/${first.slug}`] as [string, string]] : []),
    ];
    const rows: LighthouseRow[] = [];
    for (const [name, p] of pages) {
      const runs: LighthouseResult[] = [];
      for (let i = 0; i < RUNS; i++) {
        const result = await lighthouse(`${app.baseUrl}${p}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...CATEGORIES],
        });
        if (!result) throw new Error(`Lighthouse returned nothing for ${p}`);
        if (result.lhr.runtimeError) {
          // A failed run (e.g. NO_NAVSTART on a busy machine) scores nothing: left out of the median.
          console.warn(`  ${p}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
          continue;
        }
        if (process.env.BENCH_LIGHTHOUSE_DEBUG) {
          for (const [id, a] of Object.entries(result.lhr.audits)) {
            if (a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative')
              console.warn(`    ${id}: ${a.score} ${a.displayValue ?? ''}`);
          }
        }
        if (process.env.BENCH_LIGHTHOUSE_SAVE) {
          // The whole report, for reading its diagnostics (unused JS, main-thread work, LCP phases).
          fs.mkdirSync(process.env.BENCH_LIGHTHOUSE_SAVE, { recursive: true });
          fs.writeFileSync(
            path.join(process.env.BENCH_LIGHTHOUSE_SAVE, `${name.replace(/\W+/g, '-')}-${i + 1}.json`),
            JSON.stringify(result.lhr),
          );
        }
        runs.push(result.lhr);
      }
      if (!runs.length) throw new Error(`every Lighthouse run of ${p} failed`);
      const audit = (lhr: LighthouseResult, id: string) => lhr.audits[id]?.numericValue ?? NaN;
      const scriptBytes = (lhr: LighthouseResult) => {
        const items = (
          lhr.audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] }
        )?.items;
        return items?.find((x) => x.resourceType === 'script')?.transferSize ?? NaN;
      };
      rows.push({
        page: name,
        scores: Object.fromEntries(
          CATEGORIES.map((c) => [c, median(runs.map((lhr) => Math.round((lhr.categories[c]?.score ?? 0) * 100)))]),
        ) as LighthouseRow['scores'],
        fcpMs: median(runs.map((lhr) => audit(lhr, 'first-contentful-paint'))),
        lcpMs: median(runs.map((lhr) => audit(lhr, 'largest-contentful-paint'))),
        tbtMs: median(runs.map((lhr) => audit(lhr, 'total-blocking-time'))),
        totalKb: median(runs.map((lhr) => audit(lhr, 'total-byte-weight'))) / 1024,
        scriptKb: median(runs.map(scriptBytes)) / 1024,
        benchmarkIndex: median(runs.map((lhr) => lhr.environment.benchmarkIndex)),
      });
    }
    return rows;
  } finally {
    chrome.kill();
    await app.stop();
  }
}

export function printLighthouse(rows: LighthouseRow[]) {
  console.log(`\nLighthouse 12, mobile (simulated slow 4G, 4x CPU slowdown), median of ${RUNS} runs, production build`);
  console.log('  targets: performance ≥ 95; accessibility, best practices, SEO ≥ 95');
  for (const r of rows) {
    const s = r.scores;
    console.log(
      `  ${r.page.padEnd(14)} performance ${String(s.performance).padStart(3)}  accessibility ${String(s.accessibility).padStart(3)}  ` +
        `best practices ${String(s['best-practices']).padStart(3)}  SEO ${String(s.seo).padStart(3)}  ` +
        `FCP ${(r.fcpMs / 1000).toFixed(1)} s  LCP ${(r.lcpMs / 1000).toFixed(1)} s  TBT ${r.tbtMs.toFixed(0)} ms  ` +
        `transferred ${r.totalKb.toFixed(0)} KB (scripts ${r.scriptKb.toFixed(0)} KB)  CPU index ${r.benchmarkIndex.toFixed(0)}`,
    );
  }
}
