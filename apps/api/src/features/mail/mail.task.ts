import type { BackgroundTask } from '../../background.js';
import { drainMailOutbox } from './mail.service.js';

/** Sends queued mail about every second, on every API instance (claims never overlap). */
export const mailOutboxTask: BackgroundTask = {
  name: 'mail-outbox',
  everyMs: 1000,
  async run(ctx, log) {
    await drainMailOutbox(ctx, log);
  },
};
