#!/usr/bin/env node
/**
 * Compresses the built web app once, at build time: `x.js.br` and `x.js.gz` beside every
 * text asset, so the API sends them as they are (no CPU per request) to browsers that
 * accept them. Brotli at its best quality: it runs once. index.html is left alone: the API
 * fills in each page's head, so it is compressed per request.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = path.resolve(process.argv[2] ?? 'apps/web/dist');
const TEXT = /\.(js|mjs|css|svg|json|txt)$/;
let files = 0;
let before = 0;
let after = 0;

function walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(file);
    else if (TEXT.test(entry.name) && !entry.name.endsWith('.woff2')) compress(file);
  }
}

function compress(file) {
  const raw = fs.readFileSync(file);
  if (raw.length < 1024) return;
  const br = zlib.brotliCompressSync(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } });
  const gz = zlib.gzipSync(raw, { level: 9 });
  fs.writeFileSync(`${file}.br`, br);
  fs.writeFileSync(`${file}.gz`, gz);
  files++;
  before += raw.length;
  after += br.length;
}

walk(dist);
console.log(`precompressed ${files} files: ${(before / 1024).toFixed(0)} KB → ${(after / 1024).toFixed(0)} KB brotli`);
