import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  idParamsSchema,
  listMessagesResponseSchema,
  messageDetailResponseSchema,
  messageParamsSchema,
  previewMessageBodySchema,
  previewMessageResponseSchema,
  sendAttendeeMessageBodySchema,
  sendAttendeeMessageResponseSchema,
  stopMessagesBodySchema,
  stopMessagesResponseSchema,
  testMessageBodySchema,
  testMessageResponseSchema,
} from '@tikiti/contract';
import type { AppContext } from '../../app-context.js';
import { actorOf, authenticate, organiserOf } from '../../http/auth.js';
import { send } from '../../http/envelope.js';
import { hitRateLimit } from '../../lib/rate-limit.js';
import {
  listMessages,
  messageDetail,
  previewMessage,
  sendMessage,
  sendTestMessage,
  stopByLink,
} from './messages.service.js';

/** Tests to oneself per organiser and hour: each is a real mail and SMS. */
const TESTS_PER_HOUR = 20;

/**
 * Messages to an event's attendees (docs/api.md#messages-to-attendees): the organisation's owner
 * and admins; another organisation's event answers 404, a door-only teammate 403.
 */
export async function messagesRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;
  r.addHook('onRequest', authenticate(db, 'organizer'));

  r.post(
    '/client/event/:id/messages',
    {
      schema: {
        params: idParamsSchema,
        body: sendAttendeeMessageBodySchema,
        response: { 201: sendAttendeeMessageResponseSchema },
      },
    },
    async (request, reply) => {
      const message = await sendMessage(ctx, actorOf(request), request.params.id, request.body);
      return send(reply, message, {
        status: 201,
        description: request.body.send_at ? 'Message scheduled' : 'Message queued',
      });
    },
  );

  r.get(
    '/client/event/:id/messages',
    { schema: { params: idParamsSchema, response: { 200: listMessagesResponseSchema } } },
    async (request, reply) =>
      send(reply, await listMessages(db, organiserOf(request).organisationId, request.params.id)),
  );

  r.get(
    '/client/event/:id/messages/:message_id',
    { schema: { params: messageParamsSchema, response: { 200: messageDetailResponseSchema } } },
    async (request, reply) =>
      send(
        reply,
        await messageDetail(db, organiserOf(request).organisationId, request.params.id, request.params.message_id),
      ),
  );

  r.post(
    '/client/event/:id/messages/preview',
    {
      schema: {
        params: idParamsSchema,
        body: previewMessageBodySchema,
        response: { 200: previewMessageResponseSchema },
      },
    },
    async (request, reply) =>
      send(reply, await previewMessage(ctx, organiserOf(request), request.params.id, request.body)),
  );

  r.post(
    '/client/event/:id/messages/test',
    { schema: { params: idParamsSchema, body: testMessageBodySchema, response: { 200: testMessageResponseSchema } } },
    async (request, reply) => {
      const caller = organiserOf(request);
      await hitRateLimit(db, `message-test:${caller.accountId}`, TESTS_PER_HOUR, 3600);
      return send(reply, await sendTestMessage(ctx, caller, request.params.id, request.body), {
        description: 'Test sent',
      });
    },
  );
}

/** The stop link's call (no sign-in): POST v1/messages/stop. */
export async function messagesPublicRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/messages/stop',
    { schema: { body: stopMessagesBodySchema, response: { 200: stopMessagesResponseSchema } } },
    async (request, reply) => {
      await hitRateLimit(ctx.db, `message-stop:ip:${request.ip}`, 30, 600);
      return send(reply, await stopByLink(ctx.db, request.body.token), { description: 'Messages stopped' });
    },
  );
}
