import { workerPool, type WorkerPool } from '../../lib/worker-pool.js';
import type { RenderTask } from './render-worker.js';
import type { TicketsPdf } from './ticket-pdf.js';

/**
 * PDFs and QR images are drawn in worker threads (docs/decisions/0018-hot-rows-last.md):
 * 20 tickets' PDF is seconds of CPU, which on the event loop would stall every request and
 * every transaction of this process. The pool starts with the first file asked for.
 */
let pool: WorkerPool<RenderTask, Uint8Array> | undefined;

function render(task: RenderTask): Promise<Buffer> {
  const ext = import.meta.url.endsWith('.ts') ? 'ts' : 'js';
  pool ??= workerPool<RenderTask, Uint8Array>(new URL(`./render-worker.${ext}`, import.meta.url));
  // A Buffer crosses to this thread as a Uint8Array over the same bytes.
  return pool.run(task).then((bytes) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
}

/** The booking's PDF (ticket-pdf.ts), drawn off the event loop. */
export const renderTicketsPdf = (pdf: TicketsPdf) => render({ kind: 'pdf', pdf });

/** A QR image (ticket-qr.ts), drawn off the event loop. */
export const renderQrPng = (text: string, width = 300) => render({ kind: 'qr', text, width });

/** Stops the render threads (shutdown); the next file asked for starts a new pool. */
export async function closeRenderPool() {
  const closing = pool;
  pool = undefined;
  await closing?.close();
}
