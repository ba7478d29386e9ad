import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { jobs, mailboxMessages } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { freePort } from '../../test-support/postgres-server.js';
import { startSmtpTestServer } from '../../test-support/smtp-server.js';
import type { AppContext } from '../../app-context.js';
import { drainMailOutbox, enqueueMail, MAX_SEND_ATTEMPTS, retryDelaySeconds } from './mail.service.js';
import { contactCopyMail, escapeHtml, teammateInviteMail } from './templates.js';

const ctxOf = (t: TestApp): AppContext => ({ config: t.config, db: t.database.db });
const simpleMail = (to: string, subject = 'Hello') => ({
  to,
  subject,
  text: `Text of ${subject}`,
  html: `<p>${escapeHtml(subject)}</p>`,
});

describe('local mailbox transport', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('queues a message and delivers it to /dev/mailbox.json when drained, newest first', async () => {
    const db = t.database.db;
    const id = await enqueueMail(db, simpleMail('first@example.com', 'First'));
    const [queued] = await db.select().from(jobs).where(eq(jobs.id, id));
    expect(queued).toMatchObject({ kind: 'mail.send', state: 'queued', attempts: 0, maxAttempts: MAX_SEND_ATTEMPTS });

    // Not sent before the worker runs.
    const before = await t.app.inject({ method: 'GET', url: '/dev/mailbox.json' });
    expect(before.json().data).toEqual([]);

    expect(await drainMailOutbox(ctxOf(t))).toEqual({ sent: 1, retrying: 0, failed: 0 });
    await enqueueMail(db, simpleMail('Second@Example.com', 'Second'));
    await drainMailOutbox(ctxOf(t));

    const res = await t.app.inject({ method: 'GET', url: '/dev/mailbox.json' });
    expect(res.statusCode).toBe(200);
    const messages = res.json().data;
    expect(messages.map((m: { subject: string }) => m.subject)).toEqual(['Second', 'First']);
    expect(messages[1]).toMatchObject({
      to: 'first@example.com',
      subject: 'First',
      text: 'Text of First',
      html: '<p>First</p>',
    });
    expect(Date.parse(messages[1].created_at)).not.toBeNaN();

    const [sent] = await db.select().from(jobs).where(eq(jobs.id, id));
    expect(sent).toMatchObject({ state: 'done', attempts: 1, lockedUntil: null });
    expect(sent!.finishedAt).toBeInstanceOf(Date);

    // Draining again sends nothing twice.
    expect(await drainMailOutbox(ctxOf(t))).toEqual({ sent: 0, retrying: 0, failed: 0 });

    const filtered = await t.app.inject({ method: 'GET', url: '/dev/mailbox.json?to=second@example.com' });
    expect(filtered.json().data.map((m: { subject: string }) => m.subject)).toEqual(['Second']);
  });

  it('shows the mailbox as an HTML page with every user-supplied text escaped', async () => {
    await enqueueMail(t.database.db, {
      to: 'page@example.com',
      subject: '<script>alert(1)</script> subject',
      text: 'Body with <b>tags</b> & "quotes"',
      html: '<p>x</p>',
    });
    await drainMailOutbox(ctxOf(t));
    const res = await t.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt; subject');
    expect(res.body).not.toContain('<script>alert(1)');
    expect(res.body).toContain('Body with &lt;b&gt;tags&lt;/b&gt; &amp; &quot;quotes&quot;');
    expect(res.body.indexOf('&lt;script&gt;')).toBeLessThan(res.body.indexOf('Text of First'));
  });

  it('keeps the size of attachments given as buffers', async () => {
    await enqueueMail(t.database.db, {
      ...simpleMail('attach@example.com', 'With file'),
      attachments: [{ filename: 'tickets.pdf', contentType: 'application/pdf', content: Buffer.from('%PDF-1.4 fake') }],
    });
    await drainMailOutbox(ctxOf(t));
    const res = await t.app.inject({ method: 'GET', url: '/dev/mailbox.json?to=attach@example.com' });
    expect(res.json().data[0].attachments).toEqual([
      { filename: 'tickets.pdf', contentType: 'application/pdf', size: 13 },
    ]);
  });

  it('never sends a message twice when several workers drain at once', async () => {
    const db = t.database.db;
    for (let i = 0; i < 25; i++) await enqueueMail(db, simpleMail('many@example.com', `Many ${i}`));
    const results = await Promise.all([
      drainMailOutbox(ctxOf(t)),
      drainMailOutbox(ctxOf(t)),
      drainMailOutbox(ctxOf(t)),
    ]);
    expect(results.reduce((n, r) => n + r.sent, 0)).toBe(25);
    const delivered = await db.select().from(mailboxMessages).where(eq(mailboxMessages.to, 'many@example.com'));
    expect(delivered).toHaveLength(25);
    expect(new Set(delivered.map((m) => m.subject)).size).toBe(25);
  });

  it('takes back a message left running by a worker that died once its lease expired', async () => {
    const db = t.database.db;
    const id = await enqueueMail(db, simpleMail('stale@example.com', 'Stale'));
    await db
      .update(jobs)
      .set({ state: 'running', attempts: 1, lockedUntil: sql`now() + interval '1 minute'` })
      .where(eq(jobs.id, id));
    expect((await drainMailOutbox(ctxOf(t))).sent).toBe(0);
    await db
      .update(jobs)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(jobs.id, id));
    expect((await drainMailOutbox(ctxOf(t))).sent).toBe(1);
    const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
    expect(row).toMatchObject({ state: 'done', attempts: 2 });
  });
});

describe('local mailbox, raw messages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('keeps each message exactly as it would have been sent: raw MIME with its From, offered as .eml', async () => {
    const db = t.database.db;
    const pdf = Buffer.from('%PDF-1.4 a tiny test file');
    await enqueueMail(db, {
      ...simpleMail('raw@example.com', 'Your tickets (TK-RAW1234)'),
      attachments: [{ filename: 'tikiti-TK-RAW1234.pdf', contentType: 'application/pdf', content: pdf }],
    });
    await drainMailOutbox(ctxOf(t));
    const [listed] = (await t.app.inject({ method: 'GET', url: '/dev/mailbox.json?to=raw@example.com' })).json().data;
    expect(listed.from).toBe(t.config.mail.from);
    expect(listed.raw_url).toMatch(/^\/dev\/mailbox\/\d+\.eml$/);
    const raw = await t.app.inject({ method: 'GET', url: listed.raw_url });
    expect(raw.statusCode).toBe(200);
    expect(raw.headers['content-type']).toBe('message/rfc822');
    expect(raw.headers['content-disposition']).toMatch(/attachment; filename="tikiti-mail-\d+\.eml"/);
    expect(raw.rawPayload.toString('latin1')).toMatch(/\r\n\r\n/);
    const parsed = await simpleParser(raw.rawPayload);
    expect(parsed.subject).toBe('Your tickets (TK-RAW1234)');
    expect(parsed.from?.value[0]).toMatchObject({ name: 'Tikiti', address: 'tickets@tikiti.local' });
    expect(parsed.to && 'text' in parsed.to ? parsed.to.text : '').toBe('raw@example.com');
    expect(parsed.text?.trim()).toBe(listed.text.trim());
    expect(parsed.html).toBe(listed.html);
    expect(parsed.attachments).toHaveLength(1);
    expect(parsed.attachments[0]).toMatchObject({ filename: 'tikiti-TK-RAW1234.pdf', contentType: 'application/pdf' });
    expect(Buffer.compare(parsed.attachments[0]!.content, pdf)).toBe(0);
    const page = await t.app.inject({ method: 'GET', url: '/dev/mailbox?to=raw@example.com' });
    expect(page.body).toContain(`href="${listed.raw_url}"`);
    expect((await t.app.inject({ method: 'GET', url: '/dev/mailbox/999999.eml' })).statusCode).toBe(404);
  });
});

describe('mailbox in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ NODE_ENV: 'production' });
  });
  afterAll(() => t.close());

  it('answers /dev/mailbox and /dev/mailbox.json with a 404 envelope', async () => {
    for (const url of ['/dev/mailbox', '/dev/mailbox.json', '/dev/mailbox.json?to=a@b.co']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ status: 404, data: { code: 'not_found' } });
    }
  });
});

describe('SMTP transport', () => {
  it('delivers queued mail, attachments included, to an SMTP server', async () => {
    const smtp = await startSmtpTestServer();
    const t = await createTestApp({
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM: 'Tikiti <tickets@tikiti.test>',
    });
    try {
      const id = await enqueueMail(t.database.db, {
        ...simpleMail('buyer@example.com', 'Your tickets'),
        attachments: [
          { filename: 'tickets.pdf', contentType: 'application/pdf', content: Buffer.from('PDF-CONTENT-123') },
        ],
      });
      expect(await drainMailOutbox(ctxOf(t))).toEqual({ sent: 1, retrying: 0, failed: 0 });
      expect(smtp.received).toHaveLength(1);
      const mail = smtp.received[0]!;
      expect(mail.from).toBe('tickets@tikiti.test');
      expect(mail.to).toEqual(['buyer@example.com']);
      expect(mail.data).toMatch(/^Subject: Your tickets$/m);
      expect(mail.data).toContain('Text of Your tickets');
      expect(mail.data).toContain('filename=tickets.pdf');
      expect(mail.data).toContain(Buffer.from('PDF-CONTENT-123').toString('base64'));
      const [row] = await t.database.db.select().from(jobs).where(eq(jobs.id, id));
      expect(row!.state).toBe('done');
      // The SMTP path does not write the local mailbox.
      expect(await t.database.db.select().from(mailboxMessages)).toHaveLength(0);
    } finally {
      await t.close();
      await smtp.close();
    }
  });

  it('keeps a message queued with back-off while the server is down, and sends it once it is up', async () => {
    const port = await freePort();
    const t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    const db = t.database.db;
    try {
      const id = await enqueueMail(db, simpleMail('later@example.com', 'Eventually'));
      expect(await drainMailOutbox(ctxOf(t))).toEqual({ sent: 0, retrying: 1, failed: 0 });
      const [afterFailure] = await db
        .select({
          state: jobs.state,
          attempts: jobs.attempts,
          lastError: jobs.lastError,
          wait: sql<number>`extract(epoch from ${jobs.runAt} - now())::float`,
        })
        .from(jobs)
        .where(eq(jobs.id, id));
      expect(afterFailure).toMatchObject({ state: 'queued', attempts: 1 });
      expect(afterFailure!.lastError).toBeTruthy();
      expect(Number(afterFailure!.wait)).toBeGreaterThan(3);
      expect(Number(afterFailure!.wait)).toBeLessThanOrEqual(retryDelaySeconds(1)!);

      // Not due yet: nothing is tried.
      expect(await drainMailOutbox(ctxOf(t))).toEqual({ sent: 0, retrying: 0, failed: 0 });

      const smtp = await startSmtpTestServer(port);
      try {
        await db
          .update(jobs)
          .set({ runAt: sql`now()` })
          .where(eq(jobs.id, id));
        expect(await drainMailOutbox(ctxOf(t))).toEqual({ sent: 1, retrying: 0, failed: 0 });
        expect(smtp.received.map((m) => m.to)).toEqual([['later@example.com']]);
        const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
        expect(row).toMatchObject({ state: 'done', attempts: 2 });
      } finally {
        await smtp.close();
      }
    } finally {
      await t.close();
    }
  });

  it('gives up after the last attempt and marks the message dead, keeping it', async () => {
    const port = await freePort();
    const t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    const db = t.database.db;
    try {
      const id = await enqueueMail(db, simpleMail('never@example.com', 'Never'));
      await db
        .update(jobs)
        .set({ attempts: MAX_SEND_ATTEMPTS - 1 })
        .where(eq(jobs.id, id));
      expect(await drainMailOutbox(ctxOf(t))).toEqual({ sent: 0, retrying: 0, failed: 1 });
      const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
      expect(row).toMatchObject({ state: 'dead', attempts: MAX_SEND_ATTEMPTS, lockedUntil: null });
      expect(row!.lastError).toBeTruthy();
      expect(row!.finishedAt).toBeInstanceOf(Date);
      expect(row!.payload).toMatchObject({ to: 'never@example.com', subject: 'Never' });
    } finally {
      await t.close();
    }
  });
});

describe('templates', () => {
  it('back-off grows and ends', () => {
    const delays = Array.from({ length: MAX_SEND_ATTEMPTS }, (_, i) => retryDelaySeconds(i + 1));
    expect(delays.slice(0, 5)).toEqual([5, 30, 120, 600, 3600]);
    expect(delays.at(-1)).toBeNull();
  });

  it('escapes user text in HTML and keeps it readable in text', () => {
    const mail = contactCopyMail({
      name: 'Eve <img src=x onerror=alert(1)>',
      email: 'eve@example.com',
      message: 'Hi\n<script>x</script>',
    });
    expect(mail.html).not.toContain('<img src=x');
    expect(mail.html).not.toContain('<script>x');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mail.text).toContain('<script>x</script>');
    const invite = teammateInviteMail({
      firstName: '"Amina"',
      inviterName: 'Wanjiku <b>',
      organisationName: 'A & B Ltd',
      code: '123456',
      resetUrl: 'http://localhost:3000/organizer/reset?username=a%40b.co&x="y"',
    });
    expect(invite.html).toContain('A &amp; B Ltd');
    expect(invite.html).toContain('Wanjiku &lt;b&gt;');
    expect(invite.html).toContain('href="http://localhost:3000/organizer/reset?username=a%40b.co&amp;x=&quot;y&quot;"');
    expect(invite.text).toContain('123456');
  });
});
