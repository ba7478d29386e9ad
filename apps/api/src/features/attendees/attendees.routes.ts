import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema, putQuestionsBodySchema, questionsResponseSchema } from '@tikiti/contract';
import type { AppContext } from '../../app-context.js';
import { authenticate, organiserOf } from '../../http/auth.js';
import { send } from '../../http/envelope.js';
import { eventQuestions, putEventQuestions } from './attendees.service.js';

/**
 * An event's questions (docs/api.md#delegates-and-questions): the organisation's owner and
 * admins read and replace them; another organisation's event answers 404, a door-only teammate 403.
 */
export async function attendeesRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;
  r.addHook('onRequest', authenticate(db, 'organizer'));

  r.get(
    '/client/event/:id/questions',
    { schema: { params: idParamsSchema, response: { 200: questionsResponseSchema } } },
    async (request, reply) =>
      send(reply, await eventQuestions(db, organiserOf(request).organisationId, request.params.id)),
  );

  r.put(
    '/client/event/:id/questions',
    { schema: { params: idParamsSchema, body: putQuestionsBodySchema, response: { 200: questionsResponseSchema } } },
    async (request, reply) => {
      const { organisationId } = organiserOf(request);
      const questions = await putEventQuestions(db, organisationId, request.params.id, request.body);
      return send(reply, questions, { description: 'Questions saved' });
    },
  );
}
