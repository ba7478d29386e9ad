/**
 * `npm run db:copy -- --to postgres://…`: copies the embedded database of DATA_DIR (default
 * ./data) into an empty PostgreSQL database (docs/operations.md#moving-to-postgresql). Stop the
 * app first: the embedded database serves one process at a time.
 */
import fs from 'node:fs';
import path from 'node:path';
import { openEmbedded } from './client.js';
import { assertEmptyTarget, copyDatabase, formatCounts, TargetNotEmptyError } from './copy.js';

function fail(message: string): never {
  console.error(`db:copy: ${message}`);
  process.exit(1);
}

const args = process.argv.slice(2);
const at = args.indexOf('--to');
const to = at >= 0 ? args[at + 1] : args.find((a) => a.startsWith('--to='))?.slice('--to='.length);
if (!to || !/^postgres(ql)?:\/\//.test(to))
  fail('usage: npm run db:copy -- --to postgres://user:password@host:5432/database');

const dataDir = path.resolve(process.env.DATA_DIR ?? './data', 'pglite');
if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) fail(`no embedded database at ${dataDir} (set DATA_DIR)`);

try {
  await assertEmptyTarget(to);
} catch (err) {
  fail(err instanceof TargetNotEmptyError ? err.message : `cannot reach the target: ${(err as Error).message}`);
}

process.stdout.write(`Copying the embedded database at ${dataDir}\n`);
const source = await openEmbedded({ dataDir, poolSize: 1 });
try {
  const counts = await copyDatabase(source.url, to, { log: (line) => process.stdout.write(`  ${line}\n`) });
  process.stdout.write(`\n${formatCounts(counts)}\n\n`);
  process.stdout.write('Every table has the same number of rows. Start the app with DATABASE_URL set to the target.\n');
} catch (err) {
  await source.close();
  fail((err as Error).message);
}
await source.close();
