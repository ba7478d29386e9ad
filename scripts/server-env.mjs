/**
 * The environment the API's process starts with, wherever it is started: `npm start`
 * (scripts/start.mjs), the bench server (scripts/bench-support.ts) and the image (Dockerfile,
 * held to this by apps/api/src/ops/deploy-files.test.ts). A value the operator sets wins.
 *
 * MALLOC_ARENA_MAX=2: glibc gives every thread that allocates (libuv's pool, V8's compiler
 * threads, the embedded database's thread) a malloc arena of its own, and memory freed in an
 * arena stays in the process. With 2 the API's memory after the browse load drops by some
 * 100–140 MB (docs/decisions/0019-api-memory.md).
 */
export const SERVER_ENV = Object.freeze({ MALLOC_ARENA_MAX: '2' });

/** `env` (the caller's environment) over the server's defaults. */
export function serverEnv(env = process.env) {
  return { ...SERVER_ENV, ...env };
}
