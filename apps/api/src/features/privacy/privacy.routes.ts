import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  deleteAccountBodySchema,
  deleteAccountResponseSchema,
  myDataResponseSchema,
  requestDeletionResponseSchema,
  setConsentBodySchema,
  setConsentResponseSchema,
  updateAccountBodySchema,
  updateAccountResponseSchema,
} from '@tikiti/contract';
import type { AppContext } from '../../app-context.js';
import { authenticate, callerOf } from '../../http/auth.js';
import { send } from '../../http/envelope.js';
import { deleteAccount, exportMyData, myData, requestDeletion, setConsent, updateAccount } from './privacy.service.js';

/** A buyer's rights over their data (docs/api.md#my-data): buyers only, each on their own account. */
export async function privacyRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const buyer = authenticate(ctx.db, 'user');

  r.get(
    '/account/privacy',
    { onRequest: buyer, schema: { response: { 200: myDataResponseSchema } } },
    async (request, reply) => send(reply, await myData(ctx, callerOf(request))),
  );

  r.put(
    '/account',
    { onRequest: buyer, schema: { body: updateAccountBodySchema, response: { 200: updateAccountResponseSchema } } },
    async (request, reply) =>
      send(reply, await updateAccount(ctx, callerOf(request), request.body), { description: 'Your details are saved' }),
  );

  r.put(
    '/account/consent',
    { onRequest: buyer, schema: { body: setConsentBodySchema, response: { 200: setConsentResponseSchema } } },
    async (request, reply) => {
      const result = await setConsent(ctx, callerOf(request), request.body.marketing);
      return send(reply, result, {
        description: result.marketing_consent ? 'You will get news about events' : 'You will get no more news',
      });
    },
  );

  r.get('/account/export', { onRequest: buyer }, async (request, reply) => {
    const archive = await exportMyData(ctx, callerOf(request));
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', `attachment; filename="tikiti-my-data-${day}.zip"`)
      .header('cache-control', 'no-store')
      .send(archive);
  });

  r.post(
    '/account/deletion',
    { onRequest: buyer, schema: { response: { 200: requestDeletionResponseSchema } } },
    async (request, reply) =>
      send(reply, await requestDeletion(ctx, callerOf(request)), {
        description: `We sent a code to ${callerOf(request).email}. It is valid for 10 minutes.`,
      }),
  );

  r.delete(
    '/account',
    { onRequest: buyer, schema: { body: deleteAccountBodySchema, response: { 200: deleteAccountResponseSchema } } },
    async (request, reply) =>
      send(reply, await deleteAccount(ctx, callerOf(request), request.body), {
        description: 'Your account is deleted',
      }),
  );
}
