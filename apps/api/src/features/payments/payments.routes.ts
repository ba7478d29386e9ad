import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  paymentConfigResponseSchema,
  sandboxConfirmBodySchema,
  sandboxConfirmResponseSchema,
  type SandboxCardNumber,
} from '@tikiti/contract';
import type { AppContext } from '../../app-context.js';
import { send } from '../../http/envelope.js';
import { notFound } from '../../http/errors.js';
import { hitRateLimit } from '../../lib/rate-limit.js';
import { cardProvider } from './provider-for.js';
import { confirmSandboxPayment } from './sandbox-provider.js';

/** Sandbox confirmations per address and minute: a test form, not a card-testing endpoint. */
const SANDBOX_CONFIRMS_PER_MINUTE = 60;

/** Payment providers' calls (docs/api.md#checkout): the form to show, the sandbox's confirmation. */
export async function paymentsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/payments/config', { schema: { response: { 200: paymentConfigResponseSchema } } }, async (_request, reply) => {
    const provider = cardProvider(ctx);
    return send(reply, { provider: provider.name, publishable_key: provider.publishableKey });
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
}
