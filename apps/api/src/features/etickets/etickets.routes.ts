import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  delegateTicketQuerySchema,
  delegateTicketResponseSchema,
  emailTicketsBodySchema,
  emailTicketsResponseSchema,
  putAttendeeBodySchema,
  putTicketAttendeeResponseSchema,
  ticketIdParamsSchema,
  ticketKeysResponseSchema,
  viewTicketsResponseSchema,
} from '@tikiti/contract';
import type { AppContext } from '../../app-context.js';
import { send } from '../../http/envelope.js';
import { buyerOrCheckoutOf } from '../checkout/index.js';
import { delegateTicket, signedTicketCalendar, signedTicketPdf } from './delegate-ticket.js';
import {
  changeOwnTicketAttendee,
  emailTickets,
  signedBookingCalendar,
  signedBookingPdf,
  signedQrImage,
  viewTickets,
} from './etickets.service.js';
import { ticketPublicKeys } from './ticket-keys.js';

/** Anything that is not a live signature, a ticket or a booking is a 404, checked by the service. */
const qrParamsSchema = z.object({ name: z.string().max(40) });
const referenceParamsSchema = z.object({ reference: z.string().max(40) });
const ticketFileParamsSchema = z.object({ ticket_id: z.string().max(40) });
const signatureQuerySchema = z.object({ sig: z.string().max(100).optional() });

/**
 * E-tickets (docs/api.md#e-tickets): the public key that verifies codes, the caller's tickets,
 * mailing them again, and the files behind signed addresses (QR images, the PDF, the calendar
 * file), which `<img>` tags and download links fetch without the `Auth` header.
 */
export async function eticketsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;

  r.get('/tickets/public-key', { schema: { response: { 200: ticketKeysResponseSchema } } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=3600');
    return send(reply, await ticketPublicKeys(ctx));
  });

  r.get('/tickets/view', { schema: { response: { 200: viewTicketsResponseSchema } } }, async (request, reply) => {
    return send(reply, await viewTickets(ctx, await buyerOrCheckoutOf(db, request)));
  });

  r.post(
    '/tickets/email',
    { schema: { body: emailTicketsBodySchema, response: { 200: emailTicketsResponseSchema } } },
    async (request, reply) => {
      const to = await emailTickets(ctx, await buyerOrCheckoutOf(db, request), request.body.reference);
      return send(reply, null, { description: `We sent your tickets to ${to}` });
    },
  );

  r.put(
    '/tickets/:ticket_id/attendee',
    {
      schema: {
        params: ticketIdParamsSchema,
        body: putAttendeeBodySchema,
        response: { 200: putTicketAttendeeResponseSchema },
      },
    },
    async (request, reply) => {
      const who = await buyerOrCheckoutOf(db, request);
      const ticket = await changeOwnTicketAttendee(ctx, who, request.params.ticket_id, request.body);
      return send(reply, ticket, {
        description:
          ticket.id === request.params.ticket_id
            ? 'Delegate saved'
            : `Delegate saved: the ticket has a new code, mailed to ${ticket.attendee.full_name}`,
      });
    },
  );

  r.get(
    '/tickets/delegate/:ticket_id',
    {
      schema: {
        params: ticketIdParamsSchema,
        querystring: delegateTicketQuerySchema,
        response: { 200: delegateTicketResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return send(reply, await delegateTicket(ctx, request.params.ticket_id, request.query.sig));
    },
  );

  r.get(
    '/tickets/:ticket_id/ticket.pdf',
    { schema: { params: ticketFileParamsSchema, querystring: signatureQuerySchema } },
    async (request, reply) => {
      const pdf = await signedTicketPdf(ctx, request.params.ticket_id, request.query.sig);
      return reply
        .header('cache-control', 'private, no-cache')
        .header('content-disposition', 'attachment; filename="tikiti-ticket.pdf"')
        .type('application/pdf')
        .send(pdf);
    },
  );

  r.get(
    '/tickets/:ticket_id/event.ics',
    { schema: { params: ticketFileParamsSchema, querystring: signatureQuerySchema } },
    async (request, reply) => {
      const ics = await signedTicketCalendar(ctx, request.params.ticket_id, request.query.sig);
      return reply
        .header('cache-control', 'private, no-cache')
        .header('content-disposition', 'attachment; filename="tikiti-event.ics"')
        .type('text/calendar; charset=utf-8')
        .send(ics);
    },
  );

  r.get(
    '/tickets/qr/:name.png',
    { schema: { params: qrParamsSchema, querystring: signatureQuerySchema } },
    async (request, reply) => {
      const png = await signedQrImage(ctx, request.params.name, request.query.sig);
      return reply.header('cache-control', 'private, max-age=3600').type('image/png').send(png);
    },
  );

  r.get(
    '/booking/:reference/tickets.pdf',
    { schema: { params: referenceParamsSchema, querystring: signatureQuerySchema } },
    async (request, reply) => {
      const { reference } = request.params;
      const pdf = await signedBookingPdf(ctx, reference, request.query.sig);
      return reply
        .header('cache-control', 'private, no-cache')
        .header('content-disposition', `attachment; filename="tikiti-${reference}.pdf"`)
        .type('application/pdf')
        .send(pdf);
    },
  );

  r.get(
    '/booking/:reference/event.ics',
    { schema: { params: referenceParamsSchema, querystring: signatureQuerySchema } },
    async (request, reply) => {
      const { reference } = request.params;
      const ics = await signedBookingCalendar(ctx, reference, request.query.sig);
      return reply
        .header('cache-control', 'private, no-cache')
        .header('content-disposition', `attachment; filename="tikiti-${reference}.ics"`)
        .type('text/calendar; charset=utf-8')
        .send(ics);
    },
  );
}
