import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  checkInBodySchema,
  checkInResponseSchema,
  doorKitResponseSchema,
  doorSearchQuerySchema,
  doorSearchResponseSchema,
  doorTicketParamsSchema,
  doorTicketQrResponseSchema,
  resendDoorTicketResponseSchema,
  idParamsSchema,
  listDoorEventsResponseSchema,
  syncCheckInsBodySchema,
  syncCheckInsResponseSchema,
} from '@tikiti/contract';
import type { AppContext } from '../../app-context.js';
import { authenticate, organiserOf } from '../../http/auth.js';
import { send } from '../../http/envelope.js';
import {
  checkIn,
  doorKit,
  doorTicketQr,
  listDoorEvents,
  resendDoorTicket,
  searchDoor,
  syncCheckIns,
} from './checkin.service.js';

/**
 * The door (docs/decisions/0011-offline-check-in.md): open to the organisation's owner, admins
 * and door-only teammates; another organisation's event answers 404.
 */
export async function checkinRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onRequest', authenticate(ctx.db, 'organizer', { door: true }));

  r.get(
    '/client/checkin/events',
    { schema: { response: { 200: listDoorEventsResponseSchema } } },
    async (request, reply) => send(reply, await listDoorEvents(ctx.db, organiserOf(request))),
  );

  r.get(
    '/client/event/:id/checkin/tickets',
    { schema: { params: idParamsSchema, response: { 200: doorKitResponseSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return send(reply, await doorKit(ctx, organiserOf(request), request.params.id));
    },
  );

  r.post(
    '/client/event/:id/checkin',
    { schema: { params: idParamsSchema, body: checkInBodySchema, response: { 200: checkInResponseSchema } } },
    async (request, reply) => send(reply, await checkIn(ctx, organiserOf(request), request.params.id, request.body)),
  );

  r.post(
    '/client/event/:id/checkin/sync',
    { schema: { params: idParamsSchema, body: syncCheckInsBodySchema, response: { 200: syncCheckInsResponseSchema } } },
    async (request, reply) =>
      send(reply, await syncCheckIns(ctx, organiserOf(request), request.params.id, request.body)),
  );

  r.get(
    '/client/event/:id/checkin/search',
    {
      schema: {
        params: idParamsSchema,
        querystring: doorSearchQuerySchema,
        response: { 200: doorSearchResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return send(reply, await searchDoor(ctx.db, organiserOf(request), request.params.id, request.query.q));
    },
  );

  r.post(
    '/client/event/:id/checkin/tickets/:ticket_id/resend',
    { schema: { params: doorTicketParamsSchema, response: { 200: resendDoorTicketResponseSchema } } },
    async (request, reply) =>
      send(reply, await resendDoorTicket(ctx, organiserOf(request), request.params.id, request.params.ticket_id), {
        description: 'Ticket mailed again',
      }),
  );

  r.get(
    '/client/event/:id/checkin/tickets/:ticket_id/qr',
    { schema: { params: doorTicketParamsSchema, response: { 200: doorTicketQrResponseSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return send(reply, await doorTicketQr(ctx, organiserOf(request), request.params.id, request.params.ticket_id));
    },
  );
}
