import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  authConfigResponseSchema,
  forgotPasswordBodySchema,
  forgotPasswordResponseSchema,
  loginBodySchema,
  logoutResponseSchema,
  organisationProfileResponseSchema,
  registerOrganiserBodySchema,
  registerOrganiserResponseSchema,
  requestCodeBodySchema,
  requestCodeResponseSchema,
  resetPasswordBodySchema,
  signedInResponseSchema,
  socialSignInBodySchema,
  verifyCodeBodySchema,
} from '@tikiti/contract';
import type { AppContext } from '../../app-context.js';
import { authenticate, callerOf, issueToken, organiserOf, tokenOf } from '../../http/auth.js';
import { unauthorized } from '../../http/errors.js';
import { send } from '../../http/envelope.js';
import { googleSignIn, requestSignInCode, verifySignInCode } from './buyer-accounts.service.js';
import {
  forgotPassword,
  login,
  organisationProfile,
  registerOrganiser,
  resetPassword,
} from './organiser-accounts.service.js';
import { logout, otherTokenKind, type SignInResult } from './sign-in.js';

const signIn = (reply: FastifyReply, result: SignInResult, description = 'Signed in') => {
  issueToken(reply, result.token);
  return send(reply, result.data, { description });
};

/** Organiser registration, sign-in, recovery and sessions; buyer sign-in (docs/api.md#accounts). */
export async function accountsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;

  r.post(
    '/client/register',
    { schema: { body: registerOrganiserBodySchema, response: { 201: registerOrganiserResponseSchema } } },
    async (request, reply) => {
      const result = await registerOrganiser(ctx, request.body, request.ip);
      return send(reply, result.data, { status: 201, description: result.description });
    },
  );

  r.post(
    '/auth/password/reset',
    { schema: { body: resetPasswordBodySchema, response: { 200: signedInResponseSchema } } },
    async (request, reply) => signIn(reply, await resetPassword(ctx, request.body, request.ip), 'Your password is set'),
  );

  r.post(
    '/auth/password/forgot',
    { schema: { body: forgotPasswordBodySchema, response: { 200: forgotPasswordResponseSchema } } },
    async (request, reply) => {
      const result = await forgotPassword(ctx, request.body, request.ip);
      return send(reply, null, { description: result.description });
    },
  );

  r.post(
    '/auth/login',
    { schema: { body: loginBodySchema, response: { 200: signedInResponseSchema } } },
    async (request, reply) => signIn(reply, await login(ctx, request.body, request.ip)),
  );

  r.post('/auth/logout', { schema: { response: { 200: logoutResponseSchema } } }, async (request, reply) => {
    const token = tokenOf(request);
    const other = token ? otherTokenKind(token) : undefined;
    if (token && other) {
      if (!(await other.revoke(db, token)))
        throw unauthorized('Your session has ended, please sign in again', 'auth.session_ended');
    } else {
      await authenticate(db)(request);
      await logout(db, callerOf(request));
    }
    return send(reply, null, { description: 'Signed out' });
  });

  r.get(
    '/client/self',
    { onRequest: authenticate(db, 'organizer'), schema: { response: { 200: organisationProfileResponseSchema } } },
    async (request, reply) => send(reply, await organisationProfile(db, organiserOf(request).organisationId)),
  );

  r.post(
    '/auth/code/request',
    { schema: { body: requestCodeBodySchema, response: { 200: requestCodeResponseSchema } } },
    async (request, reply) => {
      const result = await requestSignInCode(ctx, request.body, request.ip);
      return send(reply, null, { description: result.description });
    },
  );

  r.post(
    '/auth/code/verify',
    { schema: { body: verifyCodeBodySchema, response: { 200: signedInResponseSchema } } },
    async (request, reply) => signIn(reply, await verifySignInCode(ctx, request.body, request.ip)),
  );

  r.get('/auth/config', { schema: { response: { 200: authConfigResponseSchema } } }, async (_request, reply) =>
    send(reply, { google_client_id: ctx.config.googleClientId ?? null }),
  );

  r.post(
    '/auth/firebase',
    { schema: { body: socialSignInBodySchema, response: { 200: signedInResponseSchema } } },
    async (request, reply) => signIn(reply, await googleSignIn(ctx, request.body, request.ip)),
  );
}
