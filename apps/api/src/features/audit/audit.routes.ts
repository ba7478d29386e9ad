import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listActivityQuerySchema, listActivityResponseSchema } from '@tikiti/contract';
import type { AppContext } from '../../app-context.js';
import { authenticate, organiserOf } from '../../http/auth.js';
import { send, sendCsv } from '../../http/envelope.js';
import { activityCsv, listActivity } from './audit.service.js';

/**
 * The activity log (docs/api.md#activity): the owner's only. A teammate gets 403
 * `forbidden.owner_only`, a door-only teammate the door's 403, another organisation's entries are
 * never in the answer. Nothing here changes or deletes an entry: there is no such call.
 */
export async function auditRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;
  r.addHook('onRequest', authenticate(db, 'organizer'));

  r.get(
    '/client/activity',
    { schema: { querystring: listActivityQuerySchema, response: { 200: listActivityResponseSchema } } },
    async (request, reply) => send(reply, await listActivity(db, organiserOf(request), request.query)),
  );

  r.get('/client/activity.csv', { schema: { querystring: listActivityQuerySchema } }, async (request, reply) =>
    sendCsv(reply, await activityCsv(db, organiserOf(request), request.query)),
  );
}
