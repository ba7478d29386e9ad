import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { withdrawConsentBodySchema, withdrawConsentResponseSchema } from '@tikiti/contract';
import type { AppContext } from '../../app-context.js';
import { send } from '../../http/envelope.js';
import { withdrawByLink } from './consent.service.js';

/** The one-click withdraw link of a marketing mail (docs/security.md#consent): no sign-in, the signed token is enough. */
export async function consentRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/consent/withdraw',
    { schema: { body: withdrawConsentBodySchema, response: { 200: withdrawConsentResponseSchema } } },
    async (request, reply) =>
      send(reply, await withdrawByLink(ctx.db, request.body.token), {
        description: 'You will get no more news from Tikiti or its organisers',
      }),
  );
}
