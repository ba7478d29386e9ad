import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  bookEventBodySchema,
  bookingCreatedResponseSchema,
  retrieveBookingBodySchema,
  storedBookingResponseSchema,
} from '@tikiti/contract';
import type { AppContext } from '../../app-context.js';
import { issueToken } from '../../http/auth.js';
import { send } from '../../http/envelope.js';
import { hitRateLimit } from '../../lib/rate-limit.js';
import { buyerOrCheckoutOf, resolveBuyerOrCheckout } from './checkout-caller.js';
import { bookEvent, retrieveBooking } from './checkout.service.js';

/** Booking windows for the per-address limit on new bookings (BOOKINGS_PER_ADDRESS). */
const BOOKING_WINDOW_SECONDS = 600;

/**
 * Checkout (docs/api.md#checkout): booking with a hold, and the booking behind a payment.
 * Both take a buyer's session or a guest's checkout token (`ck1.…`). Booking also takes
 * guests: a stale token is ignored rather than refused, so a buyer whose old session ended
 * can still buy as a guest.
 */
export async function checkoutRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, config } = ctx;

  r.post(
    '/event/book',
    { schema: { body: bookEventBodySchema, response: { 201: bookingCreatedResponseSchema } } },
    async (request, reply) => {
      if (config.bookingsPerAddress > 0) {
        await hitRateLimit(db, `book:ip:${request.ip}`, config.bookingsPerAddress, BOOKING_WINDOW_SECONDS);
      }
      const result = await bookEvent(ctx, request.body, await resolveBuyerOrCheckout(db, request));
      if (result.token) issueToken(reply, result.token);
      return send(reply, result.created, {
        status: 201,
        description: `Your tickets are held until you pay (booking ${result.created.booking_reference})`,
      });
    },
  );

  r.post(
    '/booking/retrieve',
    { schema: { body: retrieveBookingBodySchema, response: { 200: storedBookingResponseSchema } } },
    async (request, reply) => {
      return send(reply, await retrieveBooking(ctx, request.body.payment_intent, await buyerOrCheckoutOf(db, request)));
    },
  );
}
