import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  LIMITS,
  inviteTeammateBodySchema,
  inviteTeammateResponseSchema,
  listTeamQuerySchema,
  listTeamResponseSchema,
} from '@tikiti/contract';
import type { AppContext } from '../../app-context.js';
import { authenticate, organiserOf } from '../../http/auth.js';
import { send } from '../../http/envelope.js';
import { inviteTeammate, listTeam } from './team.service.js';

/**
 * The organiser's team (docs/api.md#team v1/admin/view and v1/register). The token is
 * checked on request, before the body is read: no token is a 401, whatever the body.
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
      const teammate = await inviteTeammate(ctx, organiserOf(request), request.body);
      return send(reply, teammate, {
        status: 201,
        description: `Invite sent to ${teammate.email_address}. The code in it is valid for ${LIMITS.inviteTtlDays} days.`,
      });
    },
  );
}
