import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendMessageBodySchema, sendMessageResponseSchema } from '@tikiti/contract';
import type { AppContext } from '../../app-context.js';
import { send } from '../../http/envelope.js';
import { sendContactMessage } from './contact.service.js';

export async function contactRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/contact',
    { schema: { body: sendMessageBodySchema, response: { 201: sendMessageResponseSchema } } },
    async (request, reply) =>
      send(reply, await sendContactMessage(ctx.db, request.body, request.ip, ctx.config.mail.operator), {
        status: 201,
        description: 'Thank you, your message has been sent. We will get back to you soon.',
      }),
  );
}
