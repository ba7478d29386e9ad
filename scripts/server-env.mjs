/**
 * The environment the API's process starts with, wherever it is started: `npm start`
 * (scripts/start.mjs), the bench server (scripts/bench-support.ts) and the image (Dockerfile,
 * held to this by apps/api/src/ops/deploy-files.test.ts). A value the operator sets wins.
 *
 * glibc's allocator keeps memory the process freed (docs/decisions/0019-api-memory.md):
 * - MALLOC_ARENA_MAX=2: every thread that allocates (libuv's pool, V8's compiler threads, the
 *   embedded database's thread) otherwise gets an arena of its own, up to 8 per core, and what
 *   is freed in an arena stays there: 100–140 MB after the browse load.
 * - MALLOC_MMAP_THRESHOLD_=1048576: blocks of 1 MB or more (argon2's 19 MB while hashing,
 *   sharp's images) get their own mapping, returned to the system when freed; otherwise the
 *   threshold rises after the first such block and the next ones stay in an arena: some 40 MB.
 */
export const SERVER_ENV = Object.freeze({ MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '1048576' });

/** `env` (the caller's environment) over the server's defaults. */
export function serverEnv(env = process.env) {
  return { ...SERVER_ENV, ...env };
}
