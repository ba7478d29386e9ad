import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelope,
  paymentConfigResponseSchema,
  sandboxConfirmBodySchema,
  sandboxConfirmResponseSchema,
  type SandboxCardNumber,
} from '@tikiti/contract';
import type { AppContext } from '../../app-context.js';
import { send } from '../../http/envelope.js';
import { badRequest, notFound } from '../../http/errors.js';
import { enqueueJob } from '../../jobs/queue.js';
import { hitRateLimit } from '../../lib/rate-limit.js';
import { INTENT_CHANGED_JOB, type IntentChangedJob } from './intent-changed.js';
import { cardProvider } from './provider-for.js';
import { InvalidWebhookError, type IntentChanged } from './provider.js';
import { confirmSandboxPayment } from './sandbox-provider.js';

/** Sandbox confirmations per address and minute: a test form, not a card-testing endpoint. */
const SANDBOX_CONFIRMS_PER_MINUTE = 60;

/** What Stripe is answered once a webhook is verified (Stripe reads only the status). */
const webhookReceivedResponseSchema = envelope(z.object({ received: z.literal(true) }));

/** Payment providers' calls (docs/api.md#checkout): the form to show, the sandbox's confirmation. */
export async function paymentsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/payments/config', { schema: { response: { 200: paymentConfigResponseSchema } } }, async (_request, reply) => {
    const provider = cardProvider(ctx);
    return send(reply, {
      provider: provider.name,
      publishable_key: provider.publishableKey,
      mpesa: ctx.config.mpesa ? ('daraja' as const) : ('simulator' as const),
    });
  });

  r.post(
    '/payments/sandbox/confirm',
    { schema: { body: sandboxConfirmBodySchema, response: { 200: sandboxConfirmResponseSchema } } },
    async (request, reply) => {
      if (cardProvider(ctx).name !== 'sandbox') throw notFound('Sandbox payments');
      await hitRateLimit(ctx.db, `sandbox-confirm:ip:${request.ip}`, SANDBOX_CONFIRMS_PER_MINUTE, 60);
      const { client_secret, card_number } = request.body;
      const result = await confirmSandboxPayment(ctx.db, client_secret, card_number as SandboxCardNumber);
      return send(reply, result, { description: result.message ?? 'OK' });
    },
  );

  await app.register(stripeWebhookRoute, { ctx });
}

/**
 * POST v1/payments/stripe/webhook (docs/security.md#stripe). Stripe signs the exact bytes it
 * sends, so this one route, in its own plugin scope, reads `application/json` bodies as a raw
 * Buffer; every other route keeps the app's JSON parser. A verified intent event queues one
 * `payments.intent-changed` job per event id; checkout settles the booking from it.
 */
async function stripeWebhookRoute(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      '/payments/stripe/webhook',
      { schema: { response: { 200: webhookReceivedResponseSchema } } },
      async (request, reply) => {
        const provider = cardProvider(ctx);
        if (provider.name !== 'stripe') throw notFound('Stripe webhooks');
        if (!Buffer.isBuffer(request.body)) throw badRequest('Send the event as application/json');
        const header = request.headers['stripe-signature'];
        let change: IntentChanged | null;
        try {
          change = provider.parseWebhook(request.body, typeof header === 'string' ? header : undefined);
        } catch (err) {
          if (err instanceof InvalidWebhookError) throw badRequest(err.message);
          throw err;
        }
        if (change) {
          // The same event delivered again finds its key taken and adds nothing.
          await enqueueJob<IntentChangedJob>(
            ctx.db,
            INTENT_CHANGED_JOB,
            { provider: 'stripe', intentId: change.intentId },
            { dedupeKey: change.eventId },
          );
          request.log.info({ eventId: change.eventId, type: change.type }, 'stripe webhook queued');
        }
        return send(reply, { received: true as const });
      },
    );
}
