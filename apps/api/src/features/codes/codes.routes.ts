import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  codeBodySchema,
  codeParamsSchema,
  deletedCodeResponseSchema,
  discountCodeResponseSchema,
  discountCodesResponseSchema,
  idParamsSchema,
} from '@tikiti/contract';
import type { AppContext } from '../../app-context.js';
import { actorOf, authenticate, organiserOf } from '../../http/auth.js';
import { send } from '../../http/envelope.js';
import { changeCode, createCode, listCodes, removeCode } from './codes.service.js';

/**
 * An event's discount and access codes (docs/api.md#codes): organiser calls, scoped to the
 * caller's organisation (another organisation's event or code answers 404).
 */
export async function codesRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;
  r.addHook('onRequest', authenticate(db, 'organizer'));

  r.get(
    '/client/event/:id/codes',
    { schema: { params: idParamsSchema, response: { 200: discountCodesResponseSchema } } },
    async (request, reply) => send(reply, await listCodes(db, organiserOf(request).organisationId, request.params.id)),
  );

  r.post(
    '/client/event/:id/codes',
    { schema: { params: idParamsSchema, body: codeBodySchema, response: { 201: discountCodeResponseSchema } } },
    async (request, reply) =>
      send(reply, await createCode(db, actorOf(request), request.params.id, request.body), {
        status: 201,
        description: 'Code created',
      }),
  );

  r.put(
    '/client/event/:id/codes/:code_id',
    { schema: { params: codeParamsSchema, body: codeBodySchema, response: { 200: discountCodeResponseSchema } } },
    async (request, reply) =>
      send(reply, await changeCode(db, actorOf(request), request.params.id, request.params.code_id, request.body), {
        description: 'Code saved',
      }),
  );

  r.delete(
    '/client/event/:id/codes/:code_id',
    { schema: { params: codeParamsSchema, response: { 200: deletedCodeResponseSchema } } },
    async (request, reply) =>
      send(reply, await removeCode(db, actorOf(request), request.params.id, request.params.code_id), {
        description: 'Code deleted',
      }),
  );
}
