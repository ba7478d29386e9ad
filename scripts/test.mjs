#!/usr/bin/env node
/**
 * `npm test`: every check. System dependencies first, then build, lint and types, then the
 * unit and API suites (PGlite and a real PostgreSQL server), then the browser journeys on the
 * built app. Ends with one line `N passed, N failed`.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ensureSystemDeps } from './system-deps.mjs';

const root = path.resolve(import.meta.dirname, '..');
const resultsDir = path.join(root, 'test-results');
fs.mkdirSync(resultsDir, { recursive: true });

function run(label, cmd, args) {
  console.log(`\n▶ ${label}`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: process.env });
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  if (r.status !== 0) {
    console.error(`✖ ${label} failed after ${secs} s`);
    return false;
  }
  console.log(`✔ ${label} (${secs} s)`);
  return true;
}

function vitest(label, projects, outFile) {
  const args = [
    'vitest',
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${outFile}`,
  ];
  return run(label, 'npx', args);
}

/**
 * Runs several checks at once (each is one single-threaded process, so two cores run two) and
 * prints each one's output in one piece when it ends, so the logs do not interleave.
 */
async function runTogether(checks) {
  const results = await Promise.all(
    checks.map(
      ([label, cmd, args]) =>
        new Promise((resolve) => {
          const started = Date.now();
          const child = spawn(cmd, args, { cwd: root, env: process.env });
          const output = [];
          child.stdout.on('data', (d) => output.push(d));
          child.stderr.on('data', (d) => output.push(d));
          child.on('close', (status) => {
            const secs = ((Date.now() - started) / 1000).toFixed(1);
            console.log(`\n▶ ${label}`);
            process.stdout.write(Buffer.concat(output));
            console.log(status === 0 ? `✔ ${label} (${secs} s)` : `✖ ${label} failed after ${secs} s`);
            resolve(status === 0);
          });
        }),
    ),
  );
  return results.every(Boolean);
}

/** Test counts from vitest's JSON report; a file that failed to load counts as one failure. */
function counts(file) {
  try {
    const r = JSON.parse(fs.readFileSync(file, 'utf8'));
    const brokenFiles = (r.testResults ?? []).filter(
      (f) => f.status === 'failed' && (f.assertionResults ?? []).length === 0,
    ).length;
    return {
      passed: r.numPassedTests ?? 0,
      failed: (r.numFailedTests ?? 0) + brokenFiles,
      skipped: (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0),
    };
  } catch {
    return { passed: 0, failed: 0, skipped: 0 };
  }
}

ensureSystemDeps();

let ok = true;
ok = run('build', 'npm', ['run', '--silent', 'build']) && ok;
ok =
  (await runTogether([
    ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
    ['lint', 'npm', ['run', '--silent', 'lint']],
  ])) && ok;

const suites = [
  [
    'unit, web and API tests (PGlite and PostgreSQL)',
    ['unit', 'web', 'api-pglite', 'api-postgres'],
    path.join(resultsDir, 'vitest-api.json'),
  ],
  ['browser journeys (Chromium)', ['e2e'], path.join(resultsDir, 'vitest-e2e.json')],
];
let passed = 0;
let failed = 0;
let skipped = 0;
for (const [label, projects, file] of suites) {
  fs.rmSync(file, { force: true });
  const suiteOk = vitest(label, projects, file);
  const c = counts(file);
  passed += c.passed;
  failed += c.failed;
  skipped += c.skipped;
  if (!suiteOk && c.failed === 0) failed += 1; // the runner itself failed
  ok = suiteOk && ok;
}

console.log('');
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(ok && failed === 0 ? 0 : 1);
