import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  assignUnmatchedBodySchema,
  assignUnmatchedParamsSchema,
  bookingPaymentsResponseSchema,
  c2bNotificationSchema,
  c2bResultSchema,
  idParamsSchema,
  invoicePdfParamsSchema,
  listInvoicesQuerySchema,
  listInvoicesResponseSchema,
  listUnmatchedPaymentsResponseSchema,
  putTaxProfileBodySchema,
  recordPaymentBodySchema,
  recordPaymentParamsSchema,
  taxProfileResponseSchema,
} from '@tikiti/contract';
import type { AppContext } from '../../app-context.js';
import { actorOf, authenticate, organiserOf } from '../../http/auth.js';
import { send, sendCsv } from '../../http/envelope.js';
import { hitRateLimit } from '../../lib/rate-limit.js';
import { assignUnmatched, confirmC2B, listUnmatched, validateC2B } from './c2b.service.js';
import { listInvoices, listInvoicesCsv, organiserDocumentPdf } from './documents.service.js';
import { bookingPayments, recordPayment } from './pay-by-invoice.service.js';
import { signedBookingDocument } from './booking-documents.js';
import { getTaxProfile, putTaxProfile } from './tax-profile.service.js';

const referenceParamsSchema = z.object({ reference: z.string().max(40) });
const signatureQuerySchema = z.object({ sig: z.string().max(100).optional() });

/** Paybill reports per address and minute. */
const C2B_PER_MINUTE = 600;

const sendPdf = (reply: FastifyReply, file: { filename: string; content: Buffer }) =>
  reply
    .header('cache-control', 'private, no-cache')
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .type('application/pdf')
    .send(file.content);

/**
 * Tax documents, pay by invoice and the M-Pesa paybill (docs/api.md#tax-documents-and-pay-by-invoice).
 * The organiser's calls are the owner's and admins' (a door-only teammate gets 403), each scoped to
 * the caller's organisation: another organisation's booking, document or payment is not found.
 */
export async function invoicesRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;
  const organiser = { onRequest: authenticate(db, 'organizer') };

  r.get(
    '/client/organisation/tax',
    { ...organiser, schema: { response: { 200: taxProfileResponseSchema } } },
    async (request, reply) => send(reply, await getTaxProfile(ctx, organiserOf(request).organisationId)),
  );

  r.put(
    '/client/organisation/tax',
    { ...organiser, schema: { body: putTaxProfileBodySchema, response: { 200: taxProfileResponseSchema } } },
    async (request, reply) =>
      send(reply, await putTaxProfile(ctx, actorOf(request), request.body), { description: 'Tax profile saved' }),
  );

  r.get(
    '/client/invoices',
    { ...organiser, schema: { querystring: listInvoicesQuerySchema, response: { 200: listInvoicesResponseSchema } } },
    async (request, reply) => send(reply, await listInvoices(db, organiserOf(request).organisationId, request.query)),
  );

  r.get(
    '/client/invoices.csv',
    { ...organiser, schema: { querystring: listInvoicesQuerySchema } },
    async (request, reply) =>
      sendCsv(reply, await listInvoicesCsv(db, organiserOf(request).organisationId, request.query)),
  );

  r.get(
    '/client/invoices/:id/pdf',
    { ...organiser, schema: { params: invoicePdfParamsSchema } },
    async (request, reply) =>
      sendPdf(reply, await organiserDocumentPdf(db, organiserOf(request).organisationId, request.params.id)),
  );

  r.get(
    '/client/booking/:id/payments',
    { ...organiser, schema: { params: idParamsSchema, response: { 200: bookingPaymentsResponseSchema } } },
    async (request, reply) =>
      send(reply, await bookingPayments(db, organiserOf(request).organisationId, request.params.id)),
  );

  r.post(
    '/client/booking/:id/payments',
    {
      ...organiser,
      schema: {
        params: recordPaymentParamsSchema,
        body: recordPaymentBodySchema,
        response: { 201: bookingPaymentsResponseSchema },
      },
    },
    async (request, reply) =>
      send(reply, await recordPayment(ctx, actorOf(request), request.params.id, request.body), {
        status: 201,
        description: 'Payment recorded',
      }),
  );

  r.get(
    '/client/payments/unmatched',
    { ...organiser, schema: { response: { 200: listUnmatchedPaymentsResponseSchema } } },
    async (request, reply) => send(reply, await listUnmatched(db, organiserOf(request).organisationId)),
  );

  r.post(
    '/client/payments/unmatched/:id/assign',
    {
      ...organiser,
      schema: {
        params: assignUnmatchedParamsSchema,
        body: assignUnmatchedBodySchema,
        response: { 201: bookingPaymentsResponseSchema },
      },
    },
    async (request, reply) =>
      send(reply, await assignUnmatched(ctx, actorOf(request), request.params.id, request.body.booking_reference), {
        status: 201,
        description: 'Payment assigned',
      }),
  );

  // The buyer's documents, by signed link (the success and e-tickets pages, the mails).
  for (const kind of ['invoice', 'proforma'] as const) {
    r.get(
      `/booking/:reference/${kind}.pdf`,
      { schema: { params: referenceParamsSchema, querystring: signatureQuerySchema } },
      async (request, reply) =>
        sendPdf(reply, await signedBookingDocument(ctx, kind, request.params.reference, request.query.sig)),
    );
  }

  // Safaricom's C2B calls (docs/operations.md#m-pesa-paybill-c2b): answered in Daraja's form.
  r.post(
    '/payments/mpesa/c2b/validation',
    { schema: { body: c2bNotificationSchema, response: { 200: c2bResultSchema } } },
    async (request, reply) => {
      await hitRateLimit(db, `mpesa-c2b:ip:${request.ip}`, C2B_PER_MINUTE, 60);
      const result = await validateC2B(ctx, request.ip, request.body);
      request.log.info({ transId: request.body.TransID, resultCode: result.ResultCode }, 'c2b validation');
      return reply.send(result);
    },
  );

  r.post(
    '/payments/mpesa/c2b/confirmation',
    { schema: { body: c2bNotificationSchema, response: { 200: c2bResultSchema } } },
    async (request, reply) => {
      await hitRateLimit(db, `mpesa-c2b:ip:${request.ip}`, C2B_PER_MINUTE, 60);
      const result = await confirmC2B(ctx, request.ip, request.body);
      request.log.info({ transId: request.body.TransID }, 'c2b confirmation');
      return reply.send(result);
    },
  );
}
