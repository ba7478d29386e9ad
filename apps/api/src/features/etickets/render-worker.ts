import { parentPort } from 'node:worker_threads';
import { ticketsPdf, type TicketsPdf } from './ticket-pdf.js';
import { qrPng } from './ticket-qr.js';

/** What the render threads do (render-pool.ts): a booking's PDF, or one QR image. */
export type RenderTask = { kind: 'pdf'; pdf: TicketsPdf } | { kind: 'qr'; text: string; width: number };

parentPort?.on('message', (task: RenderTask) => {
  const work = task.kind === 'pdf' ? ticketsPdf(task.pdf) : qrPng(task.text, task.width);
  work.then(
    (value) => parentPort!.postMessage({ ok: true, value }),
    (err: unknown) => parentPort!.postMessage({ ok: false, message: err instanceof Error ? err.message : String(err) }),
  );
});
