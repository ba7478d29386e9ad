import v8 from 'node:v8';

/**
 * How far V8 lets the heap grow past what the last full collection kept, in percent. Left to
 * itself it grows the old generation up to four times the live data before collecting: under
 * the browse load the API thread's heap reached 179 MB with 38 MB live, and the process's peak
 * 393 MB; at 50 % the peak was 333 MB with no loss of throughput (docs/decisions/0019-api-memory.md).
 */
export const HEAP_GROWING_PERCENT = 50;

/**
 * Applies HEAP_GROWING_PERCENT to every thread of the process (V8 reads it at each collection).
 * Called first thing by the server's entry, server.ts, and by the bench server that mirrors it.
 */
export function limitHeapGrowth() {
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
