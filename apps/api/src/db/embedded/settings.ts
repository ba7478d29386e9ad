import { PGlite } from '@electric-sql/pglite';

/**
 * PostgreSQL's default 128 MB of shared buffers live in PGlite's WebAssembly memory, which never
 * shrinks; the embedded database is small and its files stay in the OS page cache, so 16 MB
 * is plenty and keeps the API inside its memory budget (docs/decisions/0016-embedded-database-in-a-worker.md).
 */
export const startParams = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];
