import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema, text } from '@tikiti/contract';
import type { AppContext } from '../../app-context.js';
import { noRoute, send } from '../../http/envelope.js';
import { listMailbox, mailboxRaw } from './mail.service.js';
import { notFound } from '../../http/errors.js';
import { escapeHtml } from './templates.js';

/** Development tool, not part of the API contract: `?to=` narrows to one recipient. */
const mailboxQuerySchema = z.object({ to: text().trim().max(254).optional() });

/**
 * The local mailbox (docs/product.md#mail): /dev/mailbox as a page, /dev/mailbox.json for scripts
 * and browser tests. Both are absent in production.
 */
export async function mailRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.addHook('onRequest', async (request: FastifyRequest, reply) => {
    if (ctx.config.isProduction) {
      return reply.code(404).send(noRoute(request.method, request.url.split('?')[0]!));
    }
  });

  app.get('/dev/mailbox.json', { schema: { querystring: mailboxQuerySchema } }, async (request, reply) => {
    return send(reply, await listMailbox(ctx.db, { to: request.query.to || undefined }));
  });

  app.get('/dev/mailbox/:id.eml', { schema: { params: idParamsSchema, hide: true } }, async (request, reply) => {
    const raw = await mailboxRaw(ctx.db, request.params.id);
    if (!raw) throw notFound('Message');
    return reply
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="tikiti-mail-${request.params.id}.eml"`)
      .type('message/rfc822')
      .send(raw);
  });

  app.get('/dev/mailbox', { schema: { querystring: mailboxQuerySchema } }, async (request, reply) => {
    const messages = await listMailbox(ctx.db, { to: request.query.to || undefined });
    const items = messages
      .map(
        (m) => `<article>
<h2>${escapeHtml(m.subject)}</h2>
<p class="meta">To ${escapeHtml(m.to)}${m.cc ? ` · Cc ${escapeHtml(m.cc)}` : ''} · ${escapeHtml(m.created_at)}${m.attachments.length ? ` · ${m.attachments.length} attachment(s): ${escapeHtml(m.attachments.map((a) => a.filename).join(', '))}` : ''}${m.raw_url ? ` · <a href="${escapeHtml(m.raw_url)}">Download .eml</a>` : ''}</p>
<pre>${escapeHtml(m.text)}</pre>
</article>`,
      )
      .join('\n');
    const page = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Local mailbox · Tikiti</title>
<style>body{font-family:system-ui,sans-serif;margin:0 auto;max-width:860px;padding:24px;color:#0F172A;background:#F8FAFC}
h1{color:#0F766E}article{background:#fff;border-radius:10px;padding:16px 20px;margin:0 0 16px;box-shadow:0 1px 3px #0001}
h2{font-size:18px;margin:0 0 4px}.meta{color:#64748B;font-size:13px;margin:0 0 8px}pre{white-space:pre-wrap;font:14px/1.5 ui-monospace,monospace;margin:0}</style>
</head><body><h1>Local mailbox</h1>
<p>Messages the app sent without an SMTP server, newest first (${messages.length}). JSON: <a href="/dev/mailbox.json">/dev/mailbox.json</a></p>
${items || '<p>No messages yet.</p>'}
</body></html>`;
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page);
  });
}
