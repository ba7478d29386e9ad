import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * PostgreSQL's default 128 MB of shared buffers live in PGlite's WebAssembly memory, which never
 * shrinks; the embedded database is small and its files stay in the OS page cache, so 16 MB
 * is plenty and keeps the API inside its memory budget (docs/decisions/0016-embedded-database-in-a-worker.md).
 */
export const startParams = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/**
 * Contrib extensions the migrations create: pg_trgm for the catalogue search's trigram index
 * (docs/decisions/0034-catalogue-at-scale.md). PGlite loads an extension only when it is passed here.
 */
export const extensions = { pg_trgm };
