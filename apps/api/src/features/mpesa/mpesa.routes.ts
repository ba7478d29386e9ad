import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelope as envelopeOf,
  formatAmount,
  formatPhone,
  mpesaPromptAnswerSchema,
  mpesaPromptsResponseSchema,
  simulatorPaybillBodySchema,
  simulatorPaybillResponseSchema,
  simulatorReceivedResponseSchema,
  type SimulatorPaybillBody,
  type SimulatorPaybillResult,
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

const PHONE_STYLE = `body{font-family:system-ui,sans-serif;margin:0 auto;max-width:420px;padding:24px 16px;color:#0F172A;background:#F8FAFC}
h1{color:#0F766E;font-size:22px;margin:0 0 4px}.lead{color:#64748B;font-size:14px;margin:0 0 16px}
.prompt{background:#fff;border-radius:16px;padding:18px;margin:0 0 16px;box-shadow:0 1px 4px #0002}
.to{color:#64748B;font-size:13px;margin:0 0 6px}.msg{margin:0 0 12px;line-height:1.45}
label{display:block;font-size:14px;font-weight:600;margin-top:10px}input{display:block;width:100%;box-sizing:border-box;margin-top:6px;padding:10px;font-size:18px;letter-spacing:4px;border:1px solid #CBD5E1;border-radius:8px}
.buttons{display:flex;gap:12px;margin-top:14px}button{flex:1;padding:10px;font-size:16px;border-radius:8px;border:0;cursor:pointer}
.send{background:#16A34A;color:#fff}.cancel{background:#E2E8F0;color:#0F172A}.error{color:#B91C1C;font-size:14px;margin:4px 0 8px}
.ok{color:#166534;background:#DCFCE7;border-radius:8px;padding:10px;font-size:14px}
.tabs{display:flex;gap:8px;margin:8px 0 12px}.tabs a{padding:6px 12px;border-radius:999px;color:#0F766E;text-decoration:none;border:1px solid #99F6E4}
.tabs a[aria-current]{background:#0F766E;color:#fff}
.empty{color:#64748B;text-align:center;padding:32px 0}`;

type Screen = 'prompts' | 'paybill' | 'received';

/** The phone's screens: the prompts (STK push), Pay bill (C2B), and Received (B2C/B2B payouts). */
const tabs = (current: Screen) => {
  const tab = (screen: Screen, href: string, label: string) =>
    `<a href="${href}"${current === screen ? ' aria-current="page"' : ''}>${label}</a>`;
  return `<nav class="tabs" aria-label="Phone screens">${tab('prompts', '/dev/mpesa', 'Prompts')}${tab('paybill', '/dev/mpesa?screen=paybill', 'Pay bill')}${tab('received', '/dev/mpesa?screen=received', 'Received')}</nav>`;
};

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

  /**
   * The phone's "Pay bill" (docs/product.md#pay-by-invoice): what a customer types on Lipa na
   * M-Pesa, sent as Safaricom would, to the same C2B URLs: validation first, then (accepted)
   * confirmation. Answers what the phone shows.
   */
  async function payBill(body: SimulatorPaybillBody): Promise<SimulatorPaybillResult> {
    const transId = `S${randomBytes(6).toString('hex').toUpperCase().slice(0, 9)}`;
    const notification = {
      TransactionType: 'Pay Bill',
      TransID: transId,
      TransTime: new Date().toISOString().replace(/\D/g, '').slice(0, 14),
      TransAmount: body.amount.toFixed(2),
      BusinessShortCode: body.business_number,
      BillRefNumber: body.account,
      MSISDN: body.msisdn ?? '254708374149',
      FirstName: 'Simulator',
    };
    const post = async (step: 'validation' | 'confirmation') => {
      const res = await fastify.inject({
        method: 'POST',
        url: `/v1/payments/mpesa/c2b/${step}`,
        payload: notification,
      });
      return res.json<{ ResultCode?: string; ResultDesc?: string }>();
    };
    const validated = await post('validation');
    if (validated.ResultCode !== '0') {
      return {
        trans_id: null,
        result_code: String(validated.ResultCode ?? 'C2B00016'),
        message: `Failed. ${(validated.ResultDesc ?? 'The payment was refused').replace(/\.?$/, '.')} No money was taken.`,
      };
    }
    await post('confirmation');
    return {
      trans_id: transId,
      result_code: '0',
      message: `${transId} Confirmed. ${formatAmount(body.amount, 'KES')} sent to Tikiti (${body.business_number}) for account ${body.account.toUpperCase()}.`,
    };
  }

  app.post(
    '/dev/mpesa/paybill',
    { schema: { body: simulatorPaybillBodySchema, response: { 200: simulatorPaybillResponseSchema } } },
    async (request, reply) => send(reply, await payBill(request.body)),
  );

  app.post(
    '/dev/mpesa/paybill/form',
    { schema: { body: z.record(z.string(), z.string()), hide: true } },
    async (request, reply) => {
      const parsed = simulatorPaybillBodySchema.safeParse({ ...request.body, amount: Number(request.body.amount) });
      if (!parsed.success) {
        const errors = Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]));
        return payBillPage(reply, request.body, errors);
      }
      const result = await payBill(parsed.data);
      // A refused payment keeps what was typed (but the PIN), to correct and send again.
      const { pin: _pin, ...typed } = request.body;
      return payBillPage(reply, result.result_code === '0' ? {} : typed, {}, result);
    },
  );

  app.get(
    '/dev/mpesa',
    {
      schema: { querystring: z.object({ screen: z.enum(['prompts', 'paybill', 'received']).optional() }), hide: true },
    },
    async (request, reply) =>
      request.query.screen === 'paybill'
        ? payBillPage(reply)
        : request.query.screen === 'received'
          ? receivedPage(reply)
          : phonePage(reply),
  );

  /** Payouts the simulator paid (B2C to phones, B2B to paybills and tills), as the receivers see them. */
  app.get(
    '/dev/mpesa/received.json',
    { schema: { response: { 200: simulatorReceivedResponseSchema } } },
    async (_request, reply) => send(reply, simulator().received()),
  );

  function receivedPage(reply: FastifyReply) {
    const received = simulator().received();
    const items = received
      .map(
        (t) => `<article class="prompt" data-transaction="${escapeHtml(t.transaction_id)}">
<p class="to">${t.kind === 'b2c' ? `Phone ${escapeHtml(formatPhone(t.receiver))}` : `Business ${escapeHtml(t.receiver)}${t.account ? `, account ${escapeHtml(t.account)}` : ''}`}</p>
<p class="msg">${escapeHtml(t.message)}</p>
</article>`,
      )
      .join('\n');
    const page = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<meta http-equiv="refresh" content="3"><title>Received · M-Pesa phone · Tikiti</title>
<style>${PHONE_STYLE}</style>
</head><body><h1>M-Pesa phone (simulator)</h1>
${tabs('received')}
<p class="lead">Payouts Tikiti sent by M-Pesa (B2C to phones, B2B to paybills and tills), as the receiving phone or business sees them. A phone number ending in 000000 cannot be paid. This page checks again every 3 seconds.</p>
${items || '<p class="empty">Nothing received yet. Approved M-Pesa payouts appear here.</p>'}
</body></html>`;
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page);
  }

  function payBillPage(
    reply: FastifyReply,
    values: Record<string, string> = {},
    errors: Record<string, string> = {},
    result?: SimulatorPaybillResult,
  ) {
    const field = (name: string, label: string, attrs: string) => `<label>${label}
<input name="${name}" ${attrs} value="${escapeHtml(values[name] ?? (name === 'business_number' ? (ctx.config.mpesaC2b.shortcode ?? '') : ''))}"${errors[name] ? ` aria-invalid="true" aria-describedby="${name}-error"` : ''}></label>
${errors[name] ? `<p class="error" id="${name}-error">${escapeHtml(errors[name])}</p>` : ''}`;
    const page = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Pay bill · M-Pesa phone · Tikiti</title>
<style>${PHONE_STYLE}</style>
</head><body><h1>M-Pesa phone (simulator)</h1>
${tabs('paybill')}
<p class="lead">Lipa na M-Pesa, Pay Bill: sent to Tikiti as Safaricom would (validation, then confirmation). Any 4-digit PIN pays.</p>
${result ? `<p class="${result.result_code === '0' ? 'ok' : 'error'}" role="status">${escapeHtml(result.message)}</p>` : ''}
<form class="prompt" method="post" action="/dev/mpesa/paybill/form">
${field('business_number', 'Business number', 'inputmode="numeric" autocomplete="off" maxlength="20"')}
${field('account', 'Account number', 'autocomplete="off" maxlength="40" style="letter-spacing:1px"')}
${field('amount', 'Amount (KES)', 'inputmode="numeric" autocomplete="off" maxlength="9" style="letter-spacing:1px"')}
${field('pin', 'Enter M-Pesa PIN', 'type="password" inputmode="numeric" autocomplete="off" maxlength="4"')}
<div class="buttons"><button class="send">Send</button></div>
</form>
</body></html>`;
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page);
  }

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
<style>${PHONE_STYLE}</style>
</head><body><h1>M-Pesa phone (simulator)</h1>
${tabs('prompts')}
<p class="lead">Prompts sent to any number appear here, as Safaricom's would on the buyer's phone. Any 4-digit PIN pays; a prompt left alone times out.</p>
${error && !errorFor ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
${items || '<p class="empty">No prompts waiting. This page checks again every 2 seconds.</p>'}
</body></html>`;
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page);
  }
}
