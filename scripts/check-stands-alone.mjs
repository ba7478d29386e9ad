#!/usr/bin/env node
/**
 * The repository stands alone (CONTRIBUTING.md): no file cites documents that live outside it.
 * Comments and docs cite docs/… instead. Run by `npm run lint`.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

// Each name has one letter in brackets, so this file never matches a plain search for them.
const outside =
  /\.\.\/share[d]\b|\b(DESIG[N]|STYL[E]|ENVIRONMEN[T]|DEVELOPER[S])\.md\b|\bproduct-spe[c]\b|\b[Ss]pec §\d/;
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { encoding: 'utf8' })
  .split('\n')
  .filter((f) => f && !f.endsWith('package-lock.json') && f !== 'scripts/check-stands-alone.mjs' && fs.existsSync(f));

const found = [];
for (const file of files) {
  const text = fs.readFileSync(file, 'utf8');
  if (text.includes('\u0000')) continue; // binary
  text.split('\n').forEach((line, i) => {
    if (outside.test(line)) found.push(`${file}:${i + 1}: ${line.trim().slice(0, 120)}`);
  });
}
if (found.length) {
  console.error(`These lines cite documents outside the repository; cite docs/ instead:\n  ${found.join('\n  ')}`);
  process.exit(1);
}
