import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelope as envelopeOf,
  formatAmount,
  formatPhone,
  mpesaPromptAnswerSchema,
  mpesaPromptsResponseSchema,
  text,
} from '@tikiti/contract';
import type { AppContext } from '../../app-context.js';
import { noRoute, send } from '../../http/envelope.js';
import { badRequest, notFound } from '../../http/errors.js';
import { hitRateLimit } from '../../lib/rate-limit.js';
import { PhoneRefusal } from './daraja-simulator.js';
import { receiveStkCallback, stkCallbackSchema } from './mpesa-callback.js';
import { mpesaSimulator } from './mpesa-for.js';

/** Callbacks per address and minute: Daraja sends one per prompt. */
const CALLBACKS_PER_MINUTE = 600;

/** What Daraja is answered (it reads only the status). */
const callbackAnswerSchema = envelopeOf(z.object({ ResultCode: z.literal(0), ResultDesc: z.string() }));

/**
 * M-Pesa's call from Safaricom: POST v1/payments/mpesa/callback. With the simulator, the
 * simulator's callbacks are posted to this same route in-process.
 */
export async function mpesaRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const simulator = mpesaSimulator(ctx);
  if (simulator) {
    simulator.setDeliver(async (url, body) => {
      await app.inject({ method: 'POST', url: new URL(url).pathname, payload: body });
    });
  }

  r.post(
    '/payments/mpesa/callback',
    { schema: { body: stkCallbackSchema, response: { 200: callbackAnswerSchema } } },
    async (request, reply) => {
      await hitRateLimit(ctx.db, `mpesa-callback:ip:${request.ip}`, CALLBACKS_PER_MINUTE, 60);
      const known = await receiveStkCallback(ctx, request.body);
      request.log.info(
        {
          checkoutRequestId: request.body.Body.stkCallback.CheckoutRequestID,
          resultCode: request.body.Body.stkCallback.ResultCode,
          known,
        },
        'mpesa callback',
      );
      return send(reply, { ResultCode: 0 as const, ResultDesc: 'Accepted' });
    },
  );
}

const answerParamsSchema = z.object({ id: text().max(100) });
const formAnswerSchema = z.object({ action: z.enum(['send', 'cancel']), pin: text().max(20).optional() });

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The simulator's phone (docs/product.md#m-pesa): /dev/mpesa shows each pending prompt as a
 * phone would, with "Enter M-Pesa PIN", Send and Cancel; /dev/mpesa.json and
 * POST /dev/mpesa/prompts/{id} for scripts. Absent in production, and when Daraja is configured.
 */
export async function mpesaDevRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const simulator = () => {
    const s = mpesaSimulator(ctx);
    if (!s) throw notFound('The M-Pesa simulator');
    return s;
  };

  app.addHook('onRequest', async (request: FastifyRequest, reply) => {
    if (ctx.config.isProduction) {
      return reply.code(404).send(noRoute(request.method, request.url.split('?')[0]!));
    }
  });
  // The phone page posts plain HTML forms.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.get('/dev/mpesa.json', { schema: { response: { 200: mpesaPromptsResponseSchema } } }, async (_request, reply) =>
    send(reply, simulator().pending()),
  );

  app.post(
    '/dev/mpesa/prompts/:id',
    { schema: { params: answerParamsSchema, body: mpesaPromptAnswerSchema, hide: true } },
    async (request, reply) => {
      const { action, pin } = request.body;
      let done: boolean;
      try {
        done = simulator().answer(request.params.id, action, pin);
      } catch (err) {
        if (err instanceof PhoneRefusal) throw badRequest(err.message, [{ path: 'pin', message: err.message }]);
        throw err;
      }
      if (!done) throw notFound('Prompt');
      return send(reply, null, { description: action === 'send' ? 'Sent' : 'Cancelled' });
    },
  );

  app.post(
    '/dev/mpesa/phone/:id',
    { schema: { params: answerParamsSchema, body: formAnswerSchema, hide: true } },
    async (request, reply) => {
      const { action, pin } = request.body;
      let error = '';
      try {
        if (!simulator().answer(request.params.id, action, pin)) {
          return phonePage(reply, 'That prompt is no longer on the phone.');
        }
      } catch (err) {
        if (!(err instanceof PhoneRefusal)) throw err;
        error = err.message;
      }
      if (error) return phonePage(reply, error, request.params.id);
      return reply.redirect('/dev/mpesa', 303);
    },
  );

  app.get('/dev/mpesa', { schema: { hide: true } }, async (_request, reply) => phonePage(reply));

  function phonePage(reply: FastifyReply, error = '', errorFor = '') {
    const prompts = simulator().pending();
    const items = prompts
      .map(
        (
          p,
        ) => `<form class="prompt" method="post" action="/dev/mpesa/phone/${encodeURIComponent(p.id)}" data-prompt="${escapeHtml(p.id)}">
<p class="to">To ${escapeHtml(formatPhone(p.phone))}</p>
<p class="msg">Do you want to pay <strong>${escapeHtml(formatAmount(p.amount, 'KES'))}</strong> to <strong>${escapeHtml(p.business)}</strong>? Account no. ${escapeHtml(p.reference)}</p>
${error && errorFor === p.id ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<label>Enter M-Pesa PIN<input name="pin" type="password" inputmode="numeric" autocomplete="off" maxlength="8"></label>
<div class="buttons"><button name="action" value="cancel" class="cancel">Cancel</button><button name="action" value="send" class="send">Send</button></div>
</form>`,
      )
      .join('\n');
    const page = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
${prompts.length === 0 ? '<meta http-equiv="refresh" content="2">' : ''}<title>M-Pesa phone · Tikiti</title>
<style>body{font-family:system-ui,sans-serif;margin:0 auto;max-width:420px;padding:24px 16px;color:#0F172A;background:#F8FAFC}
h1{color:#0F766E;font-size:22px;margin:0 0 4px}.lead{color:#64748B;font-size:14px;margin:0 0 16px}
.prompt{background:#fff;border-radius:16px;padding:18px;margin:0 0 16px;box-shadow:0 1px 4px #0002}
.to{color:#64748B;font-size:13px;margin:0 0 6px}.msg{margin:0 0 12px;line-height:1.45}
label{display:block;font-size:14px;font-weight:600}input{display:block;width:100%;box-sizing:border-box;margin-top:6px;padding:10px;font-size:18px;letter-spacing:4px;border:1px solid #CBD5E1;border-radius:8px}
.buttons{display:flex;gap:12px;margin-top:14px}button{flex:1;padding:10px;font-size:16px;border-radius:8px;border:0;cursor:pointer}
.send{background:#16A34A;color:#fff}.cancel{background:#E2E8F0;color:#0F172A}.error{color:#B91C1C;font-size:14px;margin:0 0 8px}
.empty{color:#64748B;text-align:center;padding:32px 0}</style>
</head><body><h1>M-Pesa phone (simulator)</h1>
<p class="lead">Prompts sent to any number appear here, as Safaricom's would on the buyer's phone. Any 4-digit PIN pays; a prompt left alone times out.</p>
${error && !errorFor ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
${items || '<p class="empty">No prompts waiting. This page checks again every 2 seconds.</p>'}
</body></html>`;
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page);
  }
}
