import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/**
 * A small pool of worker threads for CPU-heavy work (docs/decisions/0018-hot-rows-last.md):
 * the API's event loop must never block for long, or every transaction it holds waits with it.
 * Workers start on demand, up to `size`, and stay for the next task; an idle one does not keep
 * the process alive. A worker answers each message with `{ ok: true, value }` or
 * `{ ok: false, message }`; one that dies fails its task and is replaced by the next task.
 */
export interface WorkerPool<Task, Result> {
  run(task: Task): Promise<Result>;
  /** Fails queued tasks, lets running ones finish, then stops the workers. */
  close(): Promise<void>;
}

type Answer = { ok: true; value: unknown } | { ok: false; message: string };

interface Job {
  task: unknown;
  resolve: (value: unknown) => void;
  reject: (err: Error) => void;
}

/** One thread less than the machine has (the event loop keeps one), at least 1 and at most 4. */
export const defaultPoolSize = () => Math.max(1, Math.min(4, availableParallelism() - 1));

/**
 * `entry` is the worker's module. A TypeScript entry (the API run from its sources, as `npm run
 * dev` and the tests do) is loaded through tsx's loader, registered inside the new thread; the
 * built API's entry is plain JavaScript.
 */
export function workerPool<Task, Result>(entry: URL, size = defaultPoolSize()): WorkerPool<Task, Result> {
  const busy = new Map<Worker, Job | undefined>();
  const queue: Job[] = [];
  let closed = false;
  let drained: (() => void) | undefined;

  const spawn = () => {
    const worker = entry.pathname.endsWith('.ts')
      ? new Worker(
          `const { register } = await import('tsx/esm/api'); register(); await import(${JSON.stringify(entry.href)});`,
          { eval: true },
        )
      : new Worker(entry);
    busy.set(worker, undefined);
    worker.on('message', (answer: Answer) => {
      const job = busy.get(worker);
      busy.set(worker, undefined);
      worker.unref();
      if (job) {
        if (answer.ok) job.resolve(answer.value);
        else job.reject(new Error(answer.message));
      }
      next();
    });
    worker.on('error', (err) => {
      busy.get(worker)?.reject(err);
      busy.set(worker, undefined);
    });
    worker.on('exit', (code) => {
      busy.get(worker)?.reject(new Error(`worker thread stopped (exit code ${code})`));
      busy.delete(worker);
      next();
    });
    return worker;
  };

  const next = () => {
    while (queue.length > 0) {
      let worker = [...busy].find(([, job]) => !job)?.[0];
      if (!worker) {
        if (busy.size >= size) return;
        worker = spawn();
      }
      const job = queue.shift()!;
      busy.set(worker, job);
      worker.ref();
      worker.postMessage(job.task);
    }
    if (closed && [...busy.values()].every((job) => !job)) drained?.();
  };

  return {
    run(task) {
      if (closed) return Promise.reject(new Error('the worker pool is closed'));
      return new Promise<Result>((resolve, reject) => {
        queue.push({ task, resolve: resolve as (value: unknown) => void, reject });
        next();
      });
    },
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new Error('the worker pool is closed'));
      if ([...busy.values()].some(Boolean)) await new Promise<void>((resolve) => (drained = resolve));
      await Promise.all([...busy.keys()].map((w) => w.terminate()));
    },
  };
}
