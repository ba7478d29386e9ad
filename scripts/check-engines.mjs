#!/usr/bin/env node
/**
 * Every installed package must run on both supported Node lines (the root `engines` range:
 * Node 20.19+ and the current LTS, Node 24). A dependency update that drops Node 20 shows up
 * here, in `npm run lint`, instead of as an install warning nobody reads.
 */
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';

const require = createRequire(import.meta.url);
const semver = require('semver');
const root = path.resolve(import.meta.dirname, '..');
const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
const SUPPORTED = ['20.19.0', '24.0.0'];

const bad = [];
const own = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).engines?.node;
for (const v of SUPPORTED) {
  if (!own || !semver.satisfies(v, own)) bad.push(`package.json engines.node (${own}) must admit Node ${v}`);
}
for (const [where, pkg] of Object.entries(lock.packages)) {
  const range = pkg.engines?.node;
  if (!where || !range) continue;
  const refused = SUPPORTED.filter((v) => !semver.satisfies(v, range));
  if (refused.length) bad.push(`${where.replace(/^.*node_modules\//, '')}@${pkg.version} wants node ${range}`);
}
if (bad.length) {
  console.error(`Packages that refuse Node ${SUPPORTED.join(' or ')}:\n  ${bad.join('\n  ')}`);
  process.exit(1);
}
