import fs from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { extensions, startParams } from './settings.js';
import { WireServer } from './wire-server.js';

/**
 * The embedded database's thread (docs/decisions/0016-embedded-database-in-a-worker.md):
 * PGlite and its wire-protocol server, off the API's event loop. Started by `startEmbedded`.
 */
export interface WorkerInput {
  /** Where PGlite keeps its files; in memory when absent. */
  dataDir?: string;
  /** A data-dir dump (`dumpDataDir`) to start from, for an in-memory database. */
  template?: string;
  password: string;
  idleInTransactionMs: number;
}

/** Messages from the API thread. */
export type WorkerRequest = { type: 'dump'; file: string } | { type: 'close' };
/** Messages to the API thread. */
export type WorkerReply =
  { type: 'ready'; port: number } | { type: 'dumped' } | { type: 'closed' } | { type: 'failed'; message: string };

const input = workerData as WorkerInput;
const port = parentPort!;
const send = (m: WorkerReply) => port.postMessage(m);

try {
  const pglite = await PGlite.create({
    dataDir: input.dataDir,
    loadDataDir: input.template ? new Blob([fs.readFileSync(input.template)]) : undefined,
    startParams,
    extensions,
  });
  const server = new WireServer(pglite, {
    password: input.password,
    idleInTransactionMs: input.idleInTransactionMs,
    onError: (err) => send({ type: 'failed', message: err.message }),
  });
  port.on('message', (m: WorkerRequest) => {
    void (async () => {
      try {
        if (m.type === 'dump') {
          const dump = await pglite.dumpDataDir('none');
          fs.writeFileSync(m.file, Buffer.from(await dump.arrayBuffer()));
          send({ type: 'dumped' });
        } else {
          await server.close();
          await pglite.close();
          send({ type: 'closed' });
          port.close();
        }
      } catch (err) {
        send({ type: 'failed', message: (err as Error).message });
      }
    })();
  });
  send({ type: 'ready', port: await server.listen() });
} catch (err) {
  send({ type: 'failed', message: (err as Error).message });
  port.close();
}
