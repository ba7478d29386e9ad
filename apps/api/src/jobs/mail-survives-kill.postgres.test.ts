import net from 'node:net';
import { describe, expect, inject, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.js';
import { jobs } from '../db/schema/index.js';
import { freePort } from '../test-support/postgres-server.js';
import { startSmtpTestServer } from '../test-support/smtp-server.js';
import { openTestDatabase } from '../test-support/test-app.js';
import { spawnApiProcess, type SpawnedApi } from '../test-support/api-process.js';
import { enqueueMail } from '../features/mail/index.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `check` until it holds; fails with `what` after `ms` (generous: the machine is shared). */
async function waitFor(what: string, check: () => Promise<boolean> | boolean, ms = 60_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

/** The URL of a PostgreSQL test database, for more connections to it or another process. */
async function databaseUrl(db: Db) {
  const [row] = await queryRows<{ name: string }>(db, sql`SELECT current_database() AS name`);
  return inject('postgresUrl').replace(/\/[^/]*$/, `/${row!.name}`);
}

const jobRow = async (db: Db, id: number) => (await db.select().from(jobs).where(eq(jobs.id, id)))[0]!;

/**
 * A TCP proxy in front of an SMTP server that holds each server reply for `replyDelayMs`
 * (slow sending) and calls `onMessageSent` as soon as a message's closing "." has passed
 * to the server, before the server's "250 OK" can reach the client.
 */
async function slowSmtpProxy(targetPort: number, onMessageSent: (count: number) => void) {
  let sent = 0;
  const proxy = {
    port: 0,
    replyDelayMs: 150,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(targetPort, '127.0.0.1');
    sockets.add(client).add(upstream);
    let tail = '';
    let replies = Promise.resolve();
    client.on('data', (chunk) => {
      upstream.write(chunk);
      const text = tail + chunk.toString('latin1');
      for (let at = text.indexOf('\r\n.\r\n'); at >= 0; at = text.indexOf('\r\n.\r\n', at + 1)) onMessageSent(++sent);
      tail = text.slice(-4);
    });
    upstream.on('data', (chunk) => {
      replies = replies.then(async () => {
        if (proxy.replyDelayMs) await sleep(proxy.replyDelayMs);
        if (!client.destroyed) client.write(chunk);
      });
    });
    // end(), not destroy(): what the client wrote last (a message's ".") still reaches the server.
    client.on('close', () => upstream.end());
    upstream.on('close', () => client.destroy());
    client.on('error', () => {});
    upstream.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.port = (server.address() as net.AddressInfo).port;
  proxy.close = () =>
    new Promise<void>((resolve) => {
      sockets.forEach((s) => s.destroy());
      server.close(() => resolve());
    });
  return proxy;
}

/**
 * The acceptance test of the queue: the API killed (SIGKILL, no shutdown) while sending
 * loses no mail. PostgreSQL only: a second process cannot open the embedded database.
 *
 * Delivery is at least once, not exactly once: the kill lands after the SMTP server accepted
 * message K but before the API heard its "250 OK" and marked the job done, so the job is
 * still "running" under the dead process's lease; once the lease expires the next API sends
 * it again. SMTP gives no way to ask whether a message arrived, so the choice is between
 * maybe twice and maybe never; a queue for mail has to choose twice.
 */
describe('killing the API while mail is queued', () => {
  it('loses none: every message is delivered after a restart, the interrupted one again once its lease expires', async () => {
    const N = 30;
    const KILL_AFTER = 3;
    const database = await openTestDatabase();
    const db = database.db;
    const url = await databaseUrl(db);
    const smtp = await startSmtpTestServer();
    let first: SpawnedApi | undefined;
    let second: SpawnedApi | undefined;
    const proxy = await slowSmtpProxy(smtp.port, (count) => {
      // Killed the moment message KILL_AFTER is through, before its "250 OK" gets back.
      if (count === KILL_AFTER) first?.child.kill('SIGKILL');
    });
    const subject = (i: number) => `Kill test ${String(i).padStart(2, '0')}`;
    const env = { DATABASE_URL: url, SMTP_URL: `smtp://127.0.0.1:${proxy.port}` };
    try {
      for (let i = 0; i < N; i++) {
        await enqueueMail(db, {
          to: `buyer${i}@example.com`,
          subject: subject(i),
          text: `Your code is 7${String(i).padStart(5, '0')}`,
          html: `<p>${subject(i)}</p>`,
        });
      }

      first = spawnApiProcess({ ...env, PORT: String(await freePort()) });
      const firstStarted = Date.now();
      const exit = await Promise.race([first.exited, sleep(120_000).then(() => 'still running')]);
      expect(exit, first.output()).toBeNull();
      expect(first.child.signalCode).toBe('SIGKILL');
      const killedAfterMs = Date.now() - firstStarted;
      await waitFor('the server to take message K', () => smtp.received.length >= KILL_AFTER, 5000);
      const deliveredBeforeKill = smtp.received.length;

      const states = await queryRows<{ state: string; n: number }>(
        db,
        sql`SELECT state, count(*)::int AS n FROM jobs WHERE kind = 'mail.send' GROUP BY state ORDER BY state`,
      );
      // One message was on the wire when the process died: its job is still running, leased.
      expect(Object.fromEntries(states.map((s) => [s.state, s.n]))).toEqual({
        done: KILL_AFTER - 1,
        running: 1,
        queued: N - KILL_AFTER,
      });
      const [interrupted] = await db.select().from(jobs).where(eq(jobs.state, 'running'));
      expect(interrupted!.payload).toMatchObject({ subject: subject(KILL_AFTER - 1) });

      // A new API process, on a fast server now.
      proxy.replyDelayMs = 0;
      second = spawnApiProcess({ ...env, PORT: String(await freePort()), LOG_LEVEL: 'debug' });
      const restarted = Date.now();
      await waitFor(
        'the queued mail to be sent after the restart',
        async () => {
          const [row] = await queryRows<{ n: number }>(
            db,
            sql`SELECT count(*)::int AS n FROM jobs WHERE kind = 'mail.send' AND state = 'queued'`,
          );
          return row!.n === 0;
        },
        120_000,
      );
      const recoveryMs = Date.now() - restarted;

      // The interrupted job is not sent again while the dead process's lease (60 s) lasts...
      const leased = await jobRow(db, interrupted!.id);
      if (leased.lockedUntil!.getTime() > Date.now() + 1000)
        expect(leased).toMatchObject({ state: 'running', attempts: 1 });
      // ...and is once it has expired (fast-forwarded here instead of waiting a minute).
      await db
        .update(jobs)
        .set({ lockedUntil: sql`now() - interval '1 second'` })
        .where(and(eq(jobs.id, interrupted!.id), eq(jobs.state, 'running')));
      await waitFor(
        'the interrupted job to be sent again',
        async () => (await jobRow(db, interrupted!.id)).state === 'done',
      );

      const rows = await db.select().from(jobs).where(eq(jobs.kind, 'mail.send'));
      expect(rows).toHaveLength(N);
      expect(rows.every((r) => r.state === 'done')).toBe(true);
      expect((await jobRow(db, interrupted!.id)).attempts).toBe(2);

      const receivedSubjects = smtp.received.map((m) => /^Subject: (.*)$/m.exec(m.data)?.[1]);
      const counts = new Map<string, number>();
      for (const s of receivedSubjects) counts.set(s!, (counts.get(s!) ?? 0) + 1);
      for (let i = 0; i < N; i++) expect(counts.get(subject(i)), subject(i)).toBeGreaterThanOrEqual(1);
      // The only message sent twice is the one the kill interrupted.
      expect([...counts].filter(([, n]) => n > 1)).toEqual([[subject(KILL_AFTER - 1), 2]]);
      expect(smtp.received).toHaveLength(N + 1);

      // The worker's logs name jobs, never their payloads.
      expect(second.output()).toMatch(/"msg":"job done"/);
      expect(second.output()).not.toContain('Kill test');
      expect(second.output()).not.toContain('Your code is');

      // SIGTERM: the worker stops and the process exits cleanly.
      second.child.kill('SIGTERM');
      expect(await Promise.race([second.exited, sleep(20_000).then(() => 'still running')])).toBe(0);

      console.log(
        `kill test: ${N} mails queued; the API was killed ${killedAfterMs} ms after it was started, when the SMTP ` +
          `server had ${deliveredBeforeKill} (the last one unacknowledged); the next process had sent the ` +
          `${N - KILL_AFTER} still queued ${recoveryMs} ms after it was started, and the interrupted one again once ` +
          `its lease expired (${N + 1} deliveries for ${N} mails)`,
      );
    } finally {
      for (const api of [first, second]) {
        if (api && api.child.exitCode === null && api.child.signalCode === null) api.child.kill('SIGKILL');
      }
      await proxy.close();
      await smtp.close();
      await database.close();
    }
  }, 300_000);
});
