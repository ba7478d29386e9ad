import type { TestApp } from './test-app.js';
import { drainMailOutbox } from '../features/mail/index.js';

export interface MailboxMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  created_at: string;
}

/** Sends the queued mail, then reads the local mailbox through /dev/mailbox.json (newest first). */
export async function mailTo(t: TestApp, to: string): Promise<MailboxMessage[]> {
  await drainMailOutbox({ config: t.config, db: t.database.db });
  const res = await t.app.inject({ method: 'GET', url: `/dev/mailbox.json?to=${encodeURIComponent(to)}` });
  if (res.statusCode !== 200) throw new Error(`mailbox answered ${res.statusCode}`);
  return res.json().data as MailboxMessage[];
}

/** The 6-digit code of the newest message to `to`. */
export async function latestCode(t: TestApp, to: string): Promise<string> {
  const [newest] = await mailTo(t, to);
  const code = newest && /^(\d{6})$/m.exec(newest.text)?.[1];
  if (!code) throw new Error(`no code mailed to ${to}`);
  return code;
}

let lastAddress = 0;
/** A fresh client address, so per-address rate limits of one test do not reach another. */
export const nextIp = () => {
  lastAddress++;
  return `10.${(lastAddress >> 16) & 255}.${(lastAddress >> 8) & 255}.${lastAddress & 255}`;
};
