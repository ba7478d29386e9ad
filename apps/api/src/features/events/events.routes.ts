import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createEventResponseSchema,
  dashboardSummaryResponseSchema,
  eventDetailsResponseSchema,
  ownEventResponseSchema,
  idParamsSchema,
  listCategoriesResponseSchema,
  listOwnEventsQuerySchema,
  listOwnEventsResponseSchema,
  newEventDefaultsResponseSchema,
  registerTicketsBodySchema,
  ticketsResponseSchema,
  updateTicketsBodySchema,
} from '@tikiti/contract';
import type { AppContext } from '../../app-context.js';
import { actorOf, authenticate, organiserOf } from '../../http/auth.js';
import { send } from '../../http/envelope.js';
import { listCategories } from '../catalogue/index.js';
import { imageStores } from '../media/index.js';
import {
  createEvent,
  dashboardSummary,
  listOwnEvents,
  newEventDefaults,
  ownEventWithRetention,
  updateEvent,
} from './events.service.js';
import { readEventForm } from './read-event-form.js';
import { registerTicketTypes, updateTicketTypes } from './ticket-types.service.js';

/**
 * The organiser's events and ticket types (docs/api.md#events-organiser). Every call needs an organiser token and
 * is scoped to the caller's organisation: another organisation's event answers 404.
 */
export async function eventsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;
  const images = imageStores(ctx).current;
  // On request, before any body is read: a caller without the right token uploads nothing.
  r.addHook('onRequest', authenticate(db, 'organizer'));

  r.get(
    '/client/category/view',
    { schema: { response: { 200: listCategoriesResponseSchema } } },
    async (_request, reply) => send(reply, await listCategories(db)),
  );

  r.post('/event/register', { schema: { response: { 201: createEventResponseSchema } } }, async (request, reply) => {
    const { organisationId } = organiserOf(request);
    const form = await readEventForm(request, { imageRequired: true });
    const id = await createEvent(db, images, organisationId, form.fields, form.image!);
    return send(reply, id, { status: 201, description: 'Event created. Add tickets to publish it.' });
  });

  r.put(
    '/event/update/:id',
    { schema: { params: idParamsSchema, response: { 200: eventDetailsResponseSchema } } },
    async (request, reply) => {
      const { organisationId } = organiserOf(request);
      const form = await readEventForm(request, { imageRequired: false });
      const event = await updateEvent(
        db,
        images,
        organisationId,
        request.params.id,
        form.fields,
        form.image,
        actorOf(request),
      );
      return send(reply, event, { description: 'Event updated' });
    },
  );

  r.post(
    '/event/:id/ticket/register',
    { schema: { params: idParamsSchema, body: registerTicketsBodySchema, response: { 201: ticketsResponseSchema } } },
    async (request, reply) => {
      const { organisationId } = organiserOf(request);
      const tickets = await registerTicketTypes(db, organisationId, request.params.id, request.body, actorOf(request));
      return send(reply, tickets, { status: 201, description: 'Tickets saved' });
    },
  );

  r.post(
    '/event/:id/ticket/update',
    { schema: { params: idParamsSchema, body: updateTicketsBodySchema, response: { 200: ticketsResponseSchema } } },
    async (request, reply) => {
      const { organisationId } = organiserOf(request);
      const tickets = await updateTicketTypes(db, organisationId, request.params.id, request.body);
      return send(reply, tickets, { description: 'Tickets updated' });
    },
  );

  r.get(
    '/client/event/view',
    { schema: { querystring: listOwnEventsQuerySchema, response: { 200: listOwnEventsResponseSchema } } },
    async (request, reply) => {
      const { organisationId } = organiserOf(request);
      return send(reply, await listOwnEvents(db, organisationId, request.query));
    },
  );

  r.get(
    '/client/event/defaults',
    { schema: { response: { 200: newEventDefaultsResponseSchema } } },
    async (request, reply) => send(reply, await newEventDefaults(db, organiserOf(request).organisationId)),
  );

  // A static path beats a parametric one in Fastify's router, so /client/event/view stays the list.
  r.get(
    '/client/event/:id',
    { schema: { params: idParamsSchema, response: { 200: ownEventResponseSchema } } },
    async (request, reply) => {
      const { organisationId } = organiserOf(request);
      return send(
        reply,
        await ownEventWithRetention(db, organisationId, request.params.id, ctx.config.attendeeDataRetentionMonths),
      );
    },
  );

  r.get(
    '/client/summary',
    { schema: { response: { 200: dashboardSummaryResponseSchema } } },
    async (request, reply) => {
      const { organisationId } = organiserOf(request);
      return send(reply, await dashboardSummary(db, organisationId));
    },
  );
}
