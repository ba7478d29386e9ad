import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  idParamsSchema,
  joinWaitlistBodySchema,
  leaveWaitlistBodySchema,
  offerParamsSchema,
  waitlistEntryParamsSchema,
  waitlistEntryResponseSchema,
  waitlistJoinedResponseSchema,
  waitlistLeftResponseSchema,
  waitlistOfferResponseSchema,
  waitlistResponseSchema,
  waitlistSettingsBodySchema,
  waitlistsResponseSchema,
  waitlistTypeParamsSchema,
} from '@tikiti/contract';
import type { AppContext } from '../../app-context.js';
import { actorOf, authenticate, organiserOf } from '../../http/auth.js';
import { send } from '../../http/envelope.js';
import {
  joinWaitlist,
  leaveWaitlist,
  listWaitlists,
  removeFromWaitlist,
  setWaitlistEnabled,
  viewOffer,
} from './waitlist.service.js';

/** The waiting list (docs/api.md#waiting-list): public join, leave and offer; the organiser's lists. */
export async function waitlistRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;

  r.post(
    '/event/:id/waitlist',
    {
      schema: { params: idParamsSchema, body: joinWaitlistBodySchema, response: { 201: waitlistJoinedResponseSchema } },
    },
    async (request, reply) =>
      send(reply, await joinWaitlist(ctx, request.params.id, request.body), {
        status: 201,
        description: 'You are on the waiting list',
      }),
  );

  r.post(
    '/waitlist/leave',
    { schema: { body: leaveWaitlistBodySchema, response: { 200: waitlistLeftResponseSchema } } },
    async (request, reply) =>
      send(reply, await leaveWaitlist(ctx, request.body.token), { description: 'You have left the waiting list' }),
  );

  r.get(
    '/waitlist/offer/:token',
    { schema: { params: offerParamsSchema, response: { 200: waitlistOfferResponseSchema } } },
    async (request, reply) => send(reply, await viewOffer(ctx, request.params.token)),
  );

  const organiser = { onRequest: authenticate(db, 'organizer') };
  r.get(
    '/client/event/:id/waitlist',
    { ...organiser, schema: { params: idParamsSchema, response: { 200: waitlistsResponseSchema } } },
    async (request, reply) =>
      send(reply, await listWaitlists(ctx, organiserOf(request).organisationId, request.params.id)),
  );

  r.delete(
    '/client/event/:id/waitlist/:entry_id',
    { ...organiser, schema: { params: waitlistEntryParamsSchema, response: { 200: waitlistEntryResponseSchema } } },
    async (request, reply) =>
      send(reply, await removeFromWaitlist(ctx, actorOf(request), request.params.id, request.params.entry_id), {
        description: 'Removed from the waiting list',
      }),
  );

  r.put(
    '/client/event/:id/waitlist/:ticket_type_id',
    {
      ...organiser,
      schema: {
        params: waitlistTypeParamsSchema,
        body: waitlistSettingsBodySchema,
        response: { 200: waitlistResponseSchema },
      },
    },
    async (request, reply) =>
      send(
        reply,
        await setWaitlistEnabled(
          ctx,
          actorOf(request),
          request.params.id,
          request.params.ticket_type_id,
          request.body.enabled,
        ),
        { description: request.body.enabled ? 'Waiting list turned on' : 'Waiting list turned off' },
      ),
  );
}
