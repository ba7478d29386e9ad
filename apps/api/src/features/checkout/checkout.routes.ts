import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  bookEventBodySchema,
  bookingCreatedResponseSchema,
  retrieveBookingBodySchema,
  storedBookingResponseSchema,
} from '@tikiti/contract';
import type { AppContext } from '../../app-context.js';
import { authenticate, callerOf, issueToken, tokenOf } from '../../http/auth.js';
import { send } from '../../http/envelope.js';
import { hitRateLimit } from '../../lib/rate-limit.js';
import { resolveSession } from '../accounts/index.js';
import { bookEvent, retrieveBooking } from './checkout.service.js';

/** Booking windows for the per-address limit on new bookings (BOOKINGS_PER_ADDRESS). */
const BOOKING_WINDOW_SECONDS = 600;

/**
 * Checkout (docs/api.md#checkout): booking with a hold, and the booking behind a payment.
 * Booking takes guests: a token is used when it is a live one, and a stale one is ignored
 * rather than refused, so a buyer whose old session ended can still buy as a guest.
 */
export async function checkoutRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, config } = ctx;

  const optionalCaller = async (request: FastifyRequest) => {
    const token = tokenOf(request);
    return token ? resolveSession(db, token) : undefined;
  };

  r.post(
    '/event/book',
    { schema: { body: bookEventBodySchema, response: { 201: bookingCreatedResponseSchema } } },
    async (request, reply) => {
      if (config.bookingsPerAddress > 0) {
        await hitRateLimit(db, `book:ip:${request.ip}`, config.bookingsPerAddress, BOOKING_WINDOW_SECONDS);
      }
      const result = await bookEvent(ctx, request.body, await optionalCaller(request));
      if (result.token) issueToken(reply, result.token);
      return send(reply, result.created, {
        status: 201,
        description: `Your tickets are held until you pay (booking ${result.created.booking_reference})`,
      });
    },
  );

  r.post(
    '/booking/retrieve',
    {
      onRequest: authenticate(db, 'user'),
      schema: { body: retrieveBookingBodySchema, response: { 200: storedBookingResponseSchema } },
    },
    async (request, reply) => send(reply, await retrieveBooking(ctx, request.body.payment_intent, callerOf(request))),
  );
}
