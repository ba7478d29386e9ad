import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * `npm run build` (and so `npm start` and `npm test`) makes the same production files whatever
 * NODE_ENV the shell exports: the README's NODE_ENV is the server's, and a `development` left in
 * a developer's shell once built development React, whose jsxDEV calls the server's first screen
 * could not run (apps/web/vite.config.ts).
 */
const root = path.resolve(import.meta.dirname, '..');
const web = path.join(root, 'apps/web');
const vite = path.join(root, 'node_modules/vite/bin/vite.js');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tikiti-build-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** The web app's two builds (the browser's and the server's module) as apps/web's `build` script runs them. */
function buildWeb(nodeEnv: string | undefined): string {
  const out = path.join(tmp, nodeEnv ?? 'unset');
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: nodeEnv };
  if (nodeEnv === undefined) delete env.NODE_ENV;
  for (const args of [
    ['build', '--outDir', path.join(out, 'dist')],
    ['build', '--ssr', 'src/entry-server.tsx', '--outDir', path.join(out, 'dist-server')],
  ]) {
    const r = spawnSync(process.execPath, [vite, ...args, '--logLevel', 'error'], { cwd: web, env, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`vite ${args.join(' ')} with NODE_ENV=${nodeEnv} failed:\n${r.stderr}`);
  }
  return out;
}

/**
 * Every file under `dir`, by its path, with a digest of its bytes. Source maps by name only: two
 * builds of the same sources write different ones (Workbox's names its random temporary folder,
 * Rolldown's of an imported WebAssembly file carries a random placeholder).
 */
function contents(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const name of fs.readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const file = path.join(dir, name);
    if (!fs.statSync(file).isFile()) continue;
    files[name] = name.endsWith('.map')
      ? 'a source map'
      : crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');
  }
  return files;
}

describe('the web build', () => {
  it('makes the same production files with NODE_ENV=development in the shell as with none', () => {
    const production = contents(buildWeb(undefined));
    // The browser's entry is there and is React's production build (the development one is some 230 KB more).
    expect(Object.keys(production).filter((f) => /^dist\/assets\/index-[\w-]+\.js$/.test(f))).toHaveLength(1);
    const development = contents(buildWeb('development'));
    // The names first: the assets' are hashed from their content, so a different file shows here by name.
    expect(Object.keys(development).sort()).toEqual(Object.keys(production).sort());
    expect(development).toEqual(production);
  }, 180_000);
});
