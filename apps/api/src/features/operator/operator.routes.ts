import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adjustmentResponseSchema,
  createAdjustmentBodySchema,
  createPayoutBatchBodySchema,
  idTextSchema,
  listOperatorOrganisationsQuerySchema,
  listOperatorOrganisationsResponseSchema,
  listOperatorPayoutsQuerySchema,
  listOperatorPayoutsResponseSchema,
  listPayoutBatchesResponseSchema,
  operatorAuditQuerySchema,
  operatorAuditResponseSchema,
  operatorOrganisationParamsSchema,
  operatorOrganisationResponseSchema,
  operatorPayoutResponseSchema,
  operatorSettingsResponseSchema,
  operatorSettingsSchema,
  pageQuerySchema,
  payoutBatchResponseSchema,
  payoutParamsSchema,
  platformFiguresQuerySchema,
  platformFiguresResponseSchema,
  putOrganisationFeesBodySchema,
  rejectPayoutBodySchema,
  settlePayoutBodySchema,
  suspendOrganisationBodySchema,
} from '@tikiti/contract';
import type { AppContext } from '../../app-context.js';
import { authenticateOperator, operatorActorOf } from '../../http/auth.js';
import { send, sendCsv } from '../../http/envelope.js';
import {
  approvePayout,
  batchCsv,
  createBatch,
  getOperatorSettings,
  listOperatorPayouts,
  listPayoutBatches,
  putOperatorSettings,
  rejectPayout,
  settlePayout,
} from '../payouts/index.js';
import {
  changeStanding,
  createAdjustment,
  figures,
  listOperatorOrganisations,
  operatorAudit,
  operatorOrganisation,
  putOrganisationFees,
} from './operator.service.js';

/**
 * The operator's console (docs/api.md#the-operator): every call needs an operator's session with
 * two-factor sign-in on; organisers and buyers get 406, whatever their role.
 */
export async function operatorRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;
  r.addHook('onRequest', authenticateOperator(db));
  const organisation = {
    params: operatorOrganisationParamsSchema,
    response: { 200: operatorOrganisationResponseSchema },
  };
  const payout = { params: payoutParamsSchema, response: { 200: operatorPayoutResponseSchema } };

  r.get(
    '/operator/organisations',
    {
      schema: {
        querystring: listOperatorOrganisationsQuerySchema,
        response: { 200: listOperatorOrganisationsResponseSchema },
      },
    },
    async (request, reply) => send(reply, await listOperatorOrganisations(ctx, request.query)),
  );

  r.get('/operator/organisations/:id', { schema: organisation }, async (request, reply) =>
    send(reply, await operatorOrganisation(ctx, request.params.id)),
  );

  for (const change of ['verify', 'unverify', 'unsuspend'] as const) {
    r.post(`/operator/organisations/:id/${change}`, { schema: organisation }, async (request, reply) =>
      send(reply, await changeStanding(ctx, operatorActorOf(request), request.params.id, change)),
    );
  }

  r.post(
    '/operator/organisations/:id/suspend',
    { schema: { ...organisation, body: suspendOrganisationBodySchema } },
    async (request, reply) =>
      send(
        reply,
        await changeStanding(ctx, operatorActorOf(request), request.params.id, 'suspend', request.body.reason),
        {
          description: 'Suspended: its events no longer sell; its money stays',
        },
      ),
  );

  r.put(
    '/operator/organisations/:id/fees',
    { schema: { ...organisation, body: putOrganisationFeesBodySchema } },
    async (request, reply) =>
      send(reply, await putOrganisationFees(ctx, operatorActorOf(request), request.params.id, request.body), {
        description: 'Fees saved: they apply to bookings made from now on',
      }),
  );

  r.get(
    '/operator/payouts',
    { schema: { querystring: listOperatorPayoutsQuerySchema, response: { 200: listOperatorPayoutsResponseSchema } } },
    async (request, reply) => send(reply, await listOperatorPayouts(ctx, request.query)),
  );

  r.post('/operator/payouts/:id/approve', { schema: payout }, async (request, reply) =>
    send(reply, await approvePayout(ctx, operatorActorOf(request), request.params.id), { description: 'Approved' }),
  );

  r.post(
    '/operator/payouts/:id/reject',
    { schema: { ...payout, body: rejectPayoutBodySchema } },
    async (request, reply) =>
      send(reply, await rejectPayout(ctx, operatorActorOf(request), request.params.id, request.body.reason), {
        description: 'Rejected: the money is back in the balance',
      }),
  );

  r.post(
    '/operator/payouts/:id/settle',
    { schema: { ...payout, body: settlePayoutBodySchema } },
    async (request, reply) =>
      send(reply, await settlePayout(ctx, operatorActorOf(request), request.params.id, request.body)),
  );

  r.get(
    '/operator/payout-batches',
    { schema: { querystring: pageQuerySchema, response: { 200: listPayoutBatchesResponseSchema } } },
    async (request, reply) => send(reply, await listPayoutBatches(db, request.query)),
  );

  r.post(
    '/operator/payout-batches',
    { schema: { body: createPayoutBatchBodySchema, response: { 201: payoutBatchResponseSchema } } },
    async (request, reply) =>
      send(reply, await createBatch(ctx, operatorActorOf(request), request.body), {
        status: 201,
        description: 'Batch made: download its CSV for the bank',
      }),
  );

  r.get(
    '/operator/payout-batches/:id.csv',
    { schema: { params: z.object({ id: idTextSchema }) } },
    async (request, reply) => sendCsv(reply, await batchCsv(db, request.params.id)),
  );

  r.get(
    '/operator/settings',
    { schema: { response: { 200: operatorSettingsResponseSchema } } },
    async (_request, reply) => send(reply, await getOperatorSettings(db)),
  );

  r.put(
    '/operator/settings',
    { schema: { body: operatorSettingsSchema, response: { 200: operatorSettingsResponseSchema } } },
    async (request, reply) => send(reply, await putOperatorSettings(ctx, operatorActorOf(request), request.body)),
  );

  r.post(
    '/operator/adjustments',
    { schema: { body: createAdjustmentBodySchema, response: { 201: adjustmentResponseSchema } } },
    async (request, reply) =>
      send(reply, await createAdjustment(ctx, operatorActorOf(request), request.body), {
        status: 201,
        description: 'Adjustment posted',
      }),
  );

  r.get(
    '/operator/figures',
    { schema: { querystring: platformFiguresQuerySchema, response: { 200: platformFiguresResponseSchema } } },
    async (request, reply) => send(reply, await figures(ctx, request.query)),
  );

  r.get(
    '/operator/audit',
    { schema: { querystring: operatorAuditQuerySchema, response: { 200: operatorAuditResponseSchema } } },
    async (request, reply) => send(reply, await operatorAudit(ctx, request.query)),
  );
}
