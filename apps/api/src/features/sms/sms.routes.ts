import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { text } from '@tikiti/contract';
import type { AppContext } from '../../app-context.js';
import { noRoute, send } from '../../http/envelope.js';
import { escapeHtml } from '../mail/index.js';
import { listSimulator } from './sms.service.js';

/** Development tool, not part of the API: `?to=+2547…` narrows to one phone. */
const smsQuerySchema = z.object({ to: text().trim().max(20).optional() });

/**
 * The SMS simulator's pages (docs/product.md#messages-to-attendees): /dev/sms for people,
 * /dev/sms.json for scripts and tests. Like the mailbox: loopback callers only (guardDevPages)
 * and absent in production.
 */
export async function smsDevRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.addHook('onRequest', async (request: FastifyRequest, reply) => {
    if (ctx.config.isProduction) {
      return reply.code(404).send(noRoute(request.method, request.url.split('?')[0]!));
    }
  });

  app.get('/dev/sms.json', { schema: { querystring: smsQuerySchema } }, async (request, reply) =>
    send(reply, await listSimulator(ctx.db, { to: request.query.to || undefined })),
  );

  app.get('/dev/sms', { schema: { querystring: smsQuerySchema } }, async (request, reply) => {
    const messages = await listSimulator(ctx.db, { to: request.query.to || undefined });
    const items = messages
      .map(
        (m) => `<article>
<p class="meta">To ${escapeHtml(m.to)} · from ${escapeHtml(m.from)} · ${escapeHtml(m.created_at)}</p>
<p class="bubble">${escapeHtml(m.text)}</p>
</article>`,
      )
      .join('\n');
    const page = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>SMS simulator · Tikiti</title>
<style>body{font-family:system-ui,sans-serif;margin:0 auto;max-width:520px;padding:24px 16px;color:#0F172A;background:#F8FAFC}
h1{color:#0F766E}article{margin:0 0 16px}.meta{color:#64748B;font-size:13px;margin:0 0 4px}
.bubble{background:#fff;border-radius:16px;padding:12px 16px;margin:0;box-shadow:0 1px 3px #0001;white-space:pre-wrap;line-height:1.45}</style>
</head><body><h1>SMS simulator</h1>
<p>SMS the app sent without Africa's Talking, newest first (${messages.length}). JSON: <a href="/dev/sms.json">/dev/sms.json</a></p>
${items || '<p>No SMS yet.</p>'}
</body></html>`;
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page);
  });
}
