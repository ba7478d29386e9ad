import { PGlite } from '@electric-sql/pglite';
import { startParams } from './settings.js';

/**
 * Creates a new data dir for the embedded database (PGlite's initdb) in a process of its own,
 * started by `startEmbedded`: `node init-data-dir.js <dir>`. Initdb leaves hundreds of MB of
 * freed memory behind in the allocator that ran it, which a thread would hand back to nobody;
 * a process that ends returns all of it (docs/decisions/0019-api-memory.md).
 */
const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: init-data-dir <dir>');
const pglite = await PGlite.create({ dataDir, startParams });
await pglite.close();
