import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelope,
  listPayoutsQuerySchema,
  listPayoutsResponseSchema,
  payoutMethodResponseSchema,
  payoutResponseSchema,
  putPayoutMethodBodySchema,
  requestPayoutBodySchema,
} from '@tikiti/contract';
import type { AppContext } from '../../app-context.js';
import { actorOf, authenticate, organiserOf } from '../../http/auth.js';
import { send } from '../../http/envelope.js';
import { hitRateLimit } from '../../lib/rate-limit.js';
import { darajaResultSchema, receivePayoutResult, receivePayoutTimeout } from './mpesa-payouts.js';
import { getPayoutMethod, listOwnPayouts, putPayoutMethod, requestPayout } from './payouts.service.js';

/** Results per address and minute: Daraja sends one per request and per status query. */
const CALLBACKS_PER_MINUTE = 600;
const callbackAnswerSchema = envelope(z.object({ ResultCode: z.literal(0), ResultDesc: z.string() }));

/**
 * The organiser's payout calls (docs/api.md#payouts): the method (the owner sets it), requests
 * (the owner makes them) and the list; and Daraja's result and timeout callbacks for B2C/B2B.
 */
export async function payoutsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;
  const organiser = authenticate(db, 'organizer');

  r.get(
    '/client/payout-method',
    { onRequest: organiser, schema: { response: { 200: payoutMethodResponseSchema } } },
    async (request, reply) => send(reply, await getPayoutMethod(db, organiserOf(request).organisationId)),
  );

  r.put(
    '/client/payout-method',
    {
      onRequest: organiser,
      schema: { body: putPayoutMethodBodySchema, response: { 200: payoutMethodResponseSchema } },
    },
    async (request, reply) =>
      send(reply, await putPayoutMethod(ctx, actorOf(request), request.body), {
        description: 'Payout method saved. Payouts wait 48 hours; every owner has been emailed.',
      }),
  );

  r.get(
    '/client/payouts',
    {
      onRequest: organiser,
      schema: { querystring: listPayoutsQuerySchema, response: { 200: listPayoutsResponseSchema } },
    },
    async (request, reply) => send(reply, await listOwnPayouts(db, organiserOf(request).organisationId, request.query)),
  );

  r.post(
    '/client/payouts',
    { onRequest: organiser, schema: { body: requestPayoutBodySchema, response: { 201: payoutResponseSchema } } },
    async (request, reply) =>
      send(reply, await requestPayout(ctx, actorOf(request), request.body), {
        status: 201,
        description: 'Payout requested',
      }),
  );

  r.post(
    '/payments/mpesa/b2c/result',
    { schema: { body: darajaResultSchema, response: { 200: callbackAnswerSchema } } },
    async (request, reply) => {
      await hitRateLimit(db, `mpesa-b2c:ip:${request.ip}`, CALLBACKS_PER_MINUTE, 60);
      const known = await receivePayoutResult(ctx, request.body, request.log);
      request.log.info({ resultCode: request.body.Result.ResultCode, known }, 'mpesa payout result');
      return send(reply, { ResultCode: 0 as const, ResultDesc: 'Accepted' });
    },
  );

  r.post(
    '/payments/mpesa/b2c/timeout',
    { schema: { body: darajaResultSchema, response: { 200: callbackAnswerSchema } } },
    async (request, reply) => {
      await hitRateLimit(db, `mpesa-b2c:ip:${request.ip}`, CALLBACKS_PER_MINUTE, 60);
      const known = await receivePayoutTimeout(ctx, request.body);
      request.log.info({ known }, 'mpesa payout queue timeout');
      return send(reply, { ResultCode: 0 as const, ResultDesc: 'Accepted' });
    },
  );
}
