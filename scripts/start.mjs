#!/usr/bin/env node
/**
 * `npm start`: builds only when a source changed since the last build, then serves the product
 * (apps/api/dist/server.js). A restart of an unchanged checkout skips the 30–60 s build and is
 * ready in a few seconds. `--rebuild` forces a build; `--stamp` is the last step of a build.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildIsFresh, root, STAMP } from './build-freshness.mjs';
import { serverEnv } from './server-env.mjs';

if (process.argv[2] === '--stamp') {
  // Called at the end of `npm run build`.
  fs.writeFileSync(STAMP, `${new Date().toISOString()}\n`);
} else {
  if (process.argv.includes('--rebuild') || !buildIsFresh()) {
    console.log('Building (sources changed since the last build)…');
    const r = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) process.exit(r.status ?? 1);
  } else {
    console.log('The build is up to date: starting at once.');
  }
  const server = spawn(process.execPath, [path.join(root, 'apps/api/dist/server.js')], {
    cwd: root,
    env: serverEnv(),
    stdio: 'inherit',
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
  server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
