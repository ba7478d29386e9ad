/**
 * Whether the build is up to date with its sources, for `npm start` (scripts/start.mjs): the
 * stamp `npm run build` writes last must be newer than every input, and every output there.
 */
import fs from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');
export const STAMP = path.join(root, 'apps/api/dist/.build-stamp');

/** What a build reads: a change to any of these makes the build stale. */
const INPUTS = [
  'package.json',
  'package-lock.json',
  'tsconfig.base.json',
  'packages/contract/src',
  'packages/contract/package.json',
  'packages/contract/tsconfig.build.json',
  'packages/ticket-codes/src',
  'packages/ticket-codes/package.json',
  'packages/ticket-codes/tsconfig.build.json',
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'apps/api/src',
  'apps/api/migrations',
  'apps/api/package.json',
  'apps/api/tsconfig.build.json',
];
/** What a build makes: all of it must be there. */
const OUTPUTS = [
  'apps/web/dist/index.html',
  'apps/web/dist-server/entry-server.js',
  'apps/api/dist/server.js',
  'packages/contract/dist/index.js',
];

function newestMtime(p) {
  if (!fs.existsSync(p)) return 0;
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

export function buildIsFresh(base = root) {
  const stamp = path.join(base, path.relative(root, STAMP));
  if (!fs.existsSync(stamp) || OUTPUTS.some((o) => !fs.existsSync(path.join(base, o)))) return false;
  const built = fs.statSync(stamp).mtimeMs;
  return INPUTS.every((i) => newestMtime(path.join(base, i)) <= built);
}
