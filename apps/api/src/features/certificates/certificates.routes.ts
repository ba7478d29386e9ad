import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  badgeSummaryResponseSchema,
  badgesQuerySchema,
  certificateParamsSchema,
  certificateResponseSchema,
  certificateSettingsBodySchema,
  certificateSettingsResponseSchema,
  idParamsSchema,
  issueCertificateBodySchema,
  listCertificatesQuerySchema,
  listCertificatesResponseSchema,
  reissueCertificateResponseSchema,
  revokeCertificateResponseSchema,
  verifyCertificateParamsSchema,
  verifyCertificateResponseSchema,
} from '@tikiti/contract';
import type { AppContext } from '../../app-context.js';
import { actorOf, authenticate } from '../../http/auth.js';
import { send, sendCsv } from '../../http/envelope.js';
import { forbidden } from '../../http/errors.js';
import { badgesFile, badgeSummary } from './badges.service.js';
import {
  certificatePdfOfCode,
  eventCertificates,
  eventCertificatesCsv,
  getCertificateSettings,
  issueCertificateByHand,
  putCertificateSettings,
  reissueCertificate,
  revokeCertificateByHand,
  verifyCertificate,
} from './certificates.service.js';

/** The owner and admins; a door-only teammate (role `checkin`) is refused (403). */
function backOfficeOf(request: FastifyRequest) {
  const actor = actorOf(request);
  if (actor.role === 'checkin') throw forbidden('Door-only access: ask the organisation owner for this');
  return actor;
}

/**
 * Certificates of attendance and name badges, the organiser's side (docs/api.md#certificates-and-badges):
 * scoped to the caller's organisation, another organisation's event is not found.
 */
export async function certificatesRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onRequest', authenticate(ctx.db, 'organizer'));

  r.get(
    '/client/event/:id/certificate-settings',
    { schema: { params: idParamsSchema, response: { 200: certificateSettingsResponseSchema } } },
    async (request, reply) =>
      send(reply, await getCertificateSettings(ctx.db, backOfficeOf(request), request.params.id)),
  );

  r.put(
    '/client/event/:id/certificate-settings',
    {
      schema: {
        params: idParamsSchema,
        body: certificateSettingsBodySchema,
        response: { 200: certificateSettingsResponseSchema },
      },
    },
    async (request, reply) =>
      send(reply, await putCertificateSettings(ctx, backOfficeOf(request), request.params.id, request.body), {
        description: 'Certificate settings saved',
      }),
  );

  r.get(
    '/client/event/:id/certificates',
    {
      schema: {
        params: idParamsSchema,
        querystring: listCertificatesQuerySchema,
        response: { 200: listCertificatesResponseSchema },
      },
    },
    async (request, reply) =>
      send(reply, await eventCertificates(ctx, backOfficeOf(request), request.params.id, request.query)),
  );

  r.get(
    '/client/event/:id/certificates.csv',
    { schema: { params: idParamsSchema, querystring: listCertificatesQuerySchema } },
    async (request, reply) =>
      sendCsv(reply, await eventCertificatesCsv(ctx, backOfficeOf(request), request.params.id, request.query)),
  );

  r.post(
    '/client/event/:id/certificates',
    {
      schema: {
        params: idParamsSchema,
        body: issueCertificateBodySchema,
        response: { 201: certificateResponseSchema },
      },
    },
    async (request, reply) =>
      send(reply, await issueCertificateByHand(ctx, backOfficeOf(request), request.params.id, request.body.ticket_id), {
        status: 201,
        description: 'Certificate issued and mailed',
      }),
  );

  r.post(
    '/client/event/:id/certificates/:certificate_id/reissue',
    { schema: { params: certificateParamsSchema, response: { 201: reissueCertificateResponseSchema } } },
    async (request, reply) =>
      send(
        reply,
        await reissueCertificate(ctx, backOfficeOf(request), request.params.id, request.params.certificate_id),
        { status: 201, description: 'Certificate re-issued and mailed; the old one is revoked' },
      ),
  );

  r.post(
    '/client/event/:id/certificates/:certificate_id/revoke',
    { schema: { params: certificateParamsSchema, response: { 200: revokeCertificateResponseSchema } } },
    async (request, reply) =>
      send(
        reply,
        await revokeCertificateByHand(ctx, backOfficeOf(request), request.params.id, request.params.certificate_id),
        { description: 'Certificate revoked' },
      ),
  );

  r.get(
    '/client/event/:id/badges',
    { schema: { params: idParamsSchema, response: { 200: badgeSummaryResponseSchema } } },
    async (request, reply) => send(reply, await badgeSummary(ctx, backOfficeOf(request), request.params.id)),
  );

  r.get(
    '/client/event/:id/badges.pdf',
    { schema: { params: idParamsSchema, querystring: badgesQuerySchema } },
    async (request, reply) => {
      const file = await badgesFile(ctx, backOfficeOf(request), request.params.id, request.query);
      return reply
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('x-badge-count', String(file.count))
        .type('application/pdf')
        .send(file.pdf);
    },
  );
}

/** Anyone may check a certificate and download a live one by its code (docs/api.md#certificates-and-badges). */
export async function certificatesPublicRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/certificates/verify/:code',
    { schema: { params: verifyCertificateParamsSchema, response: { 200: verifyCertificateResponseSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return send(reply, await verifyCertificate(ctx, request.params.code));
    },
  );

  r.get(
    '/certificates/:code/certificate.pdf',
    { schema: { params: verifyCertificateParamsSchema } },
    async (request, reply) => {
      const file = await certificatePdfOfCode(ctx, request.params.code);
      return reply
        .header('cache-control', 'private, no-cache')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .type('application/pdf')
        .send(file.pdf);
    },
  );
}
