import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  cancelEventBodySchema,
  cancelEventResponseSchema,
  idParamsSchema,
  listAttendeesQuerySchema,
  listAttendeesResponseSchema,
  listOrdersQuerySchema,
  listOrdersResponseSchema,
  attendeeChangesResponseSchema,
  putAttendeeBodySchema,
  putClientAttendeeResponseSchema,
  refundBookingResponseSchema,
  ticketIdParamsSchema,
  salesSummaryResponseSchema,
} from '@tikiti/contract';
import type { AppContext } from '../../app-context.js';
import { actorOf, authenticate, organiserOf } from '../../http/auth.js';
import { send, sendCsv } from '../../http/envelope.js';
import { AppError } from '../../http/errors.js';
import {
  attendeeChanges,
  cancelEvent,
  changeAttendee,
  eventAttendees,
  eventAttendeesCsv,
  eventOrders,
  eventOrdersCsv,
  eventSales,
  refundBooking,
} from './orders.service.js';

/**
 * The organisation's caller for orders, refunds and cancellation: the owner and admins. A
 * door-only teammate (role `checkin`) sees nothing of the sales: 403.
 */
function backOfficeOf(request: FastifyRequest) {
  const caller = organiserOf(request);
  if (caller.role === 'checkin') {
    throw new AppError(403, 'forbidden', 'Door-only access: ask the organisation owner for this');
  }
  return caller;
}

/**
 * After the sale (docs/api.md#orders-and-refunds): an event's bookings and attendees (pages
 * and CSV), a delegate's change and its history, its sales summary, refunding a booking and
 * cancelling the event. Every call is
 * scoped to the caller's organisation: another organisation's event or booking is not found.
 */
export async function ordersRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;
  r.addHook('onRequest', authenticate(db, 'organizer'));

  r.get(
    '/client/event/:id/orders',
    {
      schema: {
        params: idParamsSchema,
        querystring: listOrdersQuerySchema,
        response: { 200: listOrdersResponseSchema },
      },
    },
    async (request, reply) => {
      const { organisationId } = backOfficeOf(request);
      return send(reply, await eventOrders(db, organisationId, request.params.id, request.query));
    },
  );

  r.get(
    '/client/event/:id/orders.csv',
    { schema: { params: idParamsSchema, querystring: listOrdersQuerySchema } },
    async (request, reply) => {
      const { organisationId } = backOfficeOf(request);
      return sendCsv(
        reply,
        await eventOrdersCsv(db, organisationId, request.params.id, request.query, actorOf(request)),
      );
    },
  );

  r.get(
    '/client/event/:id/attendees',
    {
      schema: {
        params: idParamsSchema,
        querystring: listAttendeesQuerySchema,
        response: { 200: listAttendeesResponseSchema },
      },
    },
    async (request, reply) => {
      const { organisationId } = backOfficeOf(request);
      return send(reply, await eventAttendees(db, organisationId, request.params.id, request.query));
    },
  );

  r.get(
    '/client/event/:id/attendees.csv',
    { schema: { params: idParamsSchema, querystring: listAttendeesQuerySchema } },
    async (request, reply) => {
      const { organisationId } = backOfficeOf(request);
      return sendCsv(
        reply,
        await eventAttendeesCsv(db, organisationId, request.params.id, request.query, actorOf(request)),
      );
    },
  );

  r.put(
    '/client/ticket/:ticket_id/attendee',
    {
      schema: {
        params: ticketIdParamsSchema,
        body: putAttendeeBodySchema,
        response: { 200: putClientAttendeeResponseSchema },
      },
    },
    async (request, reply) => {
      const attendee = await changeAttendee(ctx, backOfficeOf(request), request.params.ticket_id, request.body);
      return send(reply, attendee, {
        description:
          attendee.id === request.params.ticket_id
            ? 'Delegate saved'
            : 'Delegate saved: the ticket has a new code, mailed to the delegate',
      });
    },
  );

  r.get(
    '/client/ticket/:ticket_id/attendee/changes',
    { schema: { params: ticketIdParamsSchema, response: { 200: attendeeChangesResponseSchema } } },
    async (request, reply) => {
      const { organisationId } = backOfficeOf(request);
      return send(reply, await attendeeChanges(db, organisationId, request.params.ticket_id));
    },
  );

  r.get(
    '/client/event/:id/sales',
    { schema: { params: idParamsSchema, response: { 200: salesSummaryResponseSchema } } },
    async (request, reply) => {
      const { organisationId } = backOfficeOf(request);
      return send(reply, await eventSales(db, organisationId, request.params.id));
    },
  );

  r.post(
    '/client/booking/:id/refund',
    { schema: { params: idParamsSchema, response: { 202: refundBookingResponseSchema } } },
    async (request, reply) => {
      const { organisationId } = backOfficeOf(request);
      const order = await refundBooking(ctx, organisationId, request.params.id, actorOf(request));
      return send(reply, order, { status: 202, description: 'Refund under way' });
    },
  );

  r.post(
    '/client/event/:id/cancel',
    {
      schema: { params: idParamsSchema, body: cancelEventBodySchema, response: { 202: cancelEventResponseSchema } },
    },
    async (request, reply) => {
      const { organisationId } = backOfficeOf(request);
      const cancelled = await cancelEvent(ctx, organisationId, request.params.id, request.body, actorOf(request));
      return send(reply, cancelled, { status: 202, description: 'Event cancelled; refunds under way' });
    },
  );
}
