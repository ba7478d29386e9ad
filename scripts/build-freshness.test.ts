import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildIsFresh } from './build-freshness.mjs';

/** `npm start` reuses a build only while no source is newer than it (scripts/start.mjs). */
let dir: string;
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

function checkout() {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tikiti-fresh-'));
  const write = (file: string, text = 'x') => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  };
  for (const f of ['package.json', 'apps/api/src/server.ts', 'apps/web/src/main.tsx', 'packages/contract/src/index.ts'])
    write(f);
  const past = new Date(Date.now() - 60_000);
  for (const f of [
    'package.json',
    'apps/api/src/server.ts',
    'apps/web/src/main.tsx',
    'packages/contract/src/index.ts',
  ]) {
    fs.utimesSync(path.join(dir, f), past, past);
  }
  return write;
}

describe('build freshness', () => {
  it('is stale with no build, fresh after one, stale again when a source changes', () => {
    const write = checkout();
    expect(buildIsFresh(dir)).toBe(false);
    for (const f of [
      'apps/web/dist/index.html',
      'apps/web/dist-server/entry-server.js',
      'apps/api/dist/server.js',
      'packages/contract/dist/index.js',
    ])
      write(f);
    write('apps/api/dist/.build-stamp');
    expect(buildIsFresh(dir)).toBe(true);
    const later = new Date(Date.now() + 60_000);
    fs.utimesSync(path.join(dir, 'apps/web/src/main.tsx'), later, later);
    expect(buildIsFresh(dir)).toBe(false);
  });

  it('is stale when an output is missing', () => {
    const write = checkout();
    for (const f of ['apps/web/dist/index.html', 'apps/api/dist/server.js']) write(f);
    write('apps/api/dist/.build-stamp');
    expect(buildIsFresh(dir)).toBe(false);
  });
});
