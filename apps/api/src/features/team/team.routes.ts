import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  LIMITS,
  changeRoleBodySchema,
  idParamsSchema,
  inviteWithRoleBodySchema,
  organiserMeResponseSchema,
  removeTeammateResponseSchema,
  teammateResponseSchema,
  inviteTeammateBodySchema,
  inviteTeammateResponseSchema,
  listTeamQuerySchema,
  listTeamResponseSchema,
} from '@tikiti/contract';
import type { AppContext } from '../../app-context.js';
import { actorOf, authenticate, organiserOf } from '../../http/auth.js';
import { send } from '../../http/envelope.js';
import {
  changeTeammateRole,
  inviteTeammate,
  listTeam,
  organiserMe,
  removeTeammate,
  resendInvite,
} from './team.service.js';

/**
 * The organiser's team (docs/api.md#team v1/admin/view and v1/register, and the v1/client/team
 * calls with roles). The token is checked on request, before the body is read: no token is a
 * 401, whatever the body. Door-only teammates get 403 from all of them but v1/client/me.
 */
export async function teamRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const organiserOnly = authenticate(ctx.db, 'organizer');

  r.get(
    '/admin/view',
    {
      onRequest: organiserOnly,
      schema: { querystring: listTeamQuerySchema, response: { 200: listTeamResponseSchema } },
    },
    async (request, reply) => {
      const { page, limit } = request.query;
      return send(reply, await listTeam(ctx.db, organiserOf(request), page, limit));
    },
  );

  r.post(
    '/register',
    {
      onRequest: organiserOnly,
      schema: { body: inviteTeammateBodySchema, response: { 201: inviteTeammateResponseSchema } },
    },
    async (request, reply) => {
      const teammate = await inviteTeammate(ctx, actorOf(request), request.body);
      return send(reply, teammate, {
        status: 201,
        description: `Invite sent to ${teammate.email_address}. The code in it is valid for ${LIMITS.inviteTtlDays} days.`,
      });
    },
  );

  r.get(
    '/client/me',
    {
      onRequest: authenticate(ctx.db, 'organizer', { door: true }),
      schema: { response: { 200: organiserMeResponseSchema } },
    },
    async (request, reply) => send(reply, await organiserMe(ctx.db, organiserOf(request))),
  );

  r.post(
    '/client/team/invite',
    {
      onRequest: organiserOnly,
      schema: { body: inviteWithRoleBodySchema, response: { 201: teammateResponseSchema } },
    },
    async (request, reply) => {
      const { role, ...body } = request.body;
      const teammate = await inviteTeammate(ctx, actorOf(request), body, role);
      return send(reply, teammate, {
        status: 201,
        description: `Invite sent to ${teammate.email_address}. The code in it is valid for ${LIMITS.inviteTtlDays} days.`,
      });
    },
  );

  r.put(
    '/client/team/:id/role',
    {
      onRequest: organiserOnly,
      schema: { params: idParamsSchema, body: changeRoleBodySchema, response: { 200: teammateResponseSchema } },
    },
    async (request, reply) => {
      const teammate = await changeTeammateRole(ctx.db, actorOf(request), request.params.id, request.body.role);
      return send(reply, teammate, { description: `${teammate.first_name} is now ${roleName(teammate.role)}` });
    },
  );

  r.post(
    '/client/team/:id/resend',
    { onRequest: organiserOnly, schema: { params: idParamsSchema, response: { 200: teammateResponseSchema } } },
    async (request, reply) => {
      const teammate = await resendInvite(ctx, actorOf(request), request.params.id);
      return send(reply, teammate, {
        description: `A new invite was sent to ${teammate.email_address}; the code in the earlier one no longer works.`,
      });
    },
  );

  r.delete(
    '/client/team/:id',
    { onRequest: organiserOnly, schema: { params: idParamsSchema, response: { 200: removeTeammateResponseSchema } } },
    async (request, reply) => {
      await removeTeammate(ctx.db, actorOf(request), request.params.id);
      return send(reply, null, { description: 'Removed from the team' });
    },
  );
}

const roleName = (role: string) =>
  role === 'checkin' ? 'door-only (check-in)' : role === 'owner' ? 'the owner' : 'an admin';
