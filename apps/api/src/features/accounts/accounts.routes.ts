import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  changePasswordBodySchema,
  changePasswordResponseSchema,
  confirmPasswordBodySchema,
  confirmPasswordResponseSchema,
  disableTotpBodySchema,
  disableTotpResponseSchema,
  enableTotpBodySchema,
  enableTotpResponseSchema,
  endOtherSessionsResponseSchema,
  endSessionResponseSchema,
  idParamsSchema,
  listSessionsResponseSchema,
  loginTotpBodySchema,
  organiserSignInResponseSchema,
  totpSetupResponseSchema,
  totpStatusResponseSchema,
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
import { authenticate, callerOf, clientOf, issueToken, organiserOf, tokenOf } from '../../http/auth.js';
import { unauthorized } from '../../http/errors.js';
import { send } from '../../http/envelope.js';
import { googleSignIn, requestSignInCode, verifySignInCode } from './buyer-accounts.service.js';
import { confirmPassword, endOneSession, endOtherSessions } from './account-sessions.service.js';
import {
  changePassword,
  forgotPassword,
  login,
  organisationProfile,
  registerOrganiser,
  resetPassword,
} from './organiser-accounts.service.js';
import { listSessions } from './session.service.js';
import { logout, otherTokenKind, type OrganiserSignInResult } from './sign-in.js';
import { disableTotp, enableTotp, loginWithTotp, setupTotp, totpStatus } from './two-factor.service.js';

/** A sign-in's answer: the session's token in `auth`, or (two-factor sign-in) the second step and no token. */
const signIn = (reply: FastifyReply, result: OrganiserSignInResult, description = 'Signed in') => {
  if (!result.token) {
    return send(reply, result.data, { description: 'Enter the 6-digit code from your authenticator app' });
  }
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
    { schema: { body: resetPasswordBodySchema, response: { 200: organiserSignInResponseSchema } } },
    async (request, reply) =>
      signIn(reply, await resetPassword(ctx, request.body, clientOf(request)), 'Your password is set'),
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
    { schema: { body: loginBodySchema, response: { 200: organiserSignInResponseSchema } } },
    async (request, reply) => signIn(reply, await login(ctx, request.body, clientOf(request))),
  );

  r.post(
    '/auth/login/totp',
    { schema: { body: loginTotpBodySchema, response: { 200: signedInResponseSchema } } },
    async (request, reply) => signIn(reply, await loginWithTotp(ctx, request.body, clientOf(request))),
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
    async (request, reply) => signIn(reply, await verifySignInCode(ctx, request.body, clientOf(request))),
  );

  r.get('/auth/config', { schema: { response: { 200: authConfigResponseSchema } } }, async (_request, reply) =>
    send(reply, { google_client_id: ctx.config.googleClientId ?? null }),
  );

  r.post(
    '/auth/firebase',
    { schema: { body: socialSignInBodySchema, response: { 200: signedInResponseSchema } } },
    async (request, reply) => signIn(reply, await googleSignIn(ctx, request.body, clientOf(request))),
  );

  // Two-factor sign-in (docs/security.md#two-factor-sign-in): organisers and operators.
  const organiser = authenticate(db, 'organizer');
  const staff = authenticate(db, ['organizer', 'operator']);

  r.get(
    '/auth/totp',
    { onRequest: staff, schema: { response: { 200: totpStatusResponseSchema } } },
    async (request, reply) => send(reply, await totpStatus(db, callerOf(request))),
  );

  r.post(
    '/auth/totp/setup',
    { onRequest: staff, schema: { response: { 200: totpSetupResponseSchema } } },
    async (request, reply) =>
      send(reply, await setupTotp(ctx, callerOf(request)), {
        description: 'Scan the code with your authenticator app, then enter the code it shows',
      }),
  );

  r.post(
    '/auth/totp/enable',
    { onRequest: staff, schema: { body: enableTotpBodySchema, response: { 200: enableTotpResponseSchema } } },
    async (request, reply) => {
      const result = await enableTotp(ctx, callerOf(request), request.body, clientOf(request));
      issueToken(reply, result.token);
      return send(reply, result.data, { description: 'Two-factor sign-in is on. Keep your recovery codes safe.' });
    },
  );

  r.post(
    '/auth/totp/disable',
    { onRequest: staff, schema: { body: disableTotpBodySchema, response: { 200: disableTotpResponseSchema } } },
    async (request, reply) => {
      issueToken(reply, await disableTotp(ctx, callerOf(request), request.body, clientOf(request)));
      return send(reply, null, { description: 'Two-factor sign-in is off' });
    },
  );

  // Sessions (docs/security.md#sessions): any signed-in account sees and ends its own.
  r.get(
    '/auth/sessions',
    { onRequest: authenticate(db), schema: { response: { 200: listSessionsResponseSchema } } },
    async (request, reply) => send(reply, await listSessions(db, callerOf(request))),
  );

  r.delete(
    '/auth/sessions/:id',
    { onRequest: authenticate(db), schema: { params: idParamsSchema, response: { 200: endSessionResponseSchema } } },
    async (request, reply) => {
      await endOneSession(ctx, callerOf(request), request.params.id, clientOf(request));
      return send(reply, null, { description: 'That session has ended' });
    },
  );

  r.delete(
    '/auth/sessions',
    { onRequest: authenticate(db), schema: { response: { 200: endOtherSessionsResponseSchema } } },
    async (request, reply) => {
      const { ended, token } = await endOtherSessions(ctx, callerOf(request), clientOf(request));
      issueToken(reply, token);
      return send(
        reply,
        { ended },
        { description: ended === 1 ? '1 other session ended' : `${ended} other sessions ended` },
      );
    },
  );

  r.post(
    '/auth/confirm',
    {
      onRequest: organiser,
      schema: { body: confirmPasswordBodySchema, response: { 200: confirmPasswordResponseSchema } },
    },
    async (request, reply) => {
      const result = await confirmPassword(ctx, organiserOf(request), request.body.password, clientOf(request));
      issueToken(reply, result.token);
      return send(reply, result.data, { description: 'Password confirmed' });
    },
  );

  r.post(
    '/auth/password/change',
    {
      onRequest: organiser,
      schema: { body: changePasswordBodySchema, response: { 200: changePasswordResponseSchema } },
    },
    async (request, reply) => {
      issueToken(reply, await changePassword(ctx, organiserOf(request), request.body, clientOf(request)));
      return send(reply, null, { description: 'Your password is changed; every other session has ended' });
    },
  );
}
