import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from './app-context.js';
import { mailOutboxTask } from './features/mail/mail.task.js';

export interface BackgroundTask {
  name: string;
  /** How often the task runs. */
  everyMs: number;
  run(ctx: AppContext, log: FastifyBaseLogger): Promise<void>;
}

/** Every periodic job (mail sending, hold expiry…); each feature adds its own. */
export const backgroundTasks: BackgroundTask[] = [];
backgroundTasks.push(mailOutboxTask);

/**
 * Runs each task on its interval, never overlapping itself. Work is claimed in
 * PostgreSQL, so several API instances can run these side by side (DESIGN.md §10).
 */
export function startBackgroundWork(ctx: AppContext, log: FastifyBaseLogger) {
  const running = new Set<Promise<void>>();
  const timers = backgroundTasks.map((task) => {
    let busy = false;
    const tick = () => {
      if (busy) return;
      busy = true;
      const p = task
        .run(ctx, log)
        .catch((err: unknown) => log.error({ err, task: task.name }, 'background task failed'))
        .finally(() => {
          busy = false;
          running.delete(p);
        });
      running.add(p);
    };
    tick();
    return setInterval(tick, task.everyMs);
  });
  return {
    async stop() {
      timers.forEach(clearInterval);
      await Promise.allSettled([...running]);
    },
  };
}
