import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  bookEventBodySchema,
  bookingCreatedResponseSchema,
  retrieveBookingBodySchema,
  storedBookingResponseSchema,
} from '@tikiti/contract';
import type { AppContext } from '../../app-context.js';
import { issueToken, tokenOf } from '../../http/auth.js';
import { unauthorized, wrongAccountType } from '../../http/errors.js';
import { send } from '../../http/envelope.js';
import { hitRateLimit } from '../../lib/rate-limit.js';
import { resolveSession } from '../accounts/index.js';
import { isCheckoutToken, resolveCheckoutToken } from './checkout-keys.js';
import { bookEvent, retrieveBooking, type CheckoutCaller } from './checkout.service.js';

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

  /** A signed-in buyer's session or a guest's checkout token, when the request carries a live one. */
  const checkoutCaller = async (request: FastifyRequest): Promise<CheckoutCaller | undefined> => {
    const token = tokenOf(request);
    if (!token) return undefined;
    if (isCheckoutToken(token)) {
      const guest = await resolveCheckoutToken(db, token);
      return guest && { kind: 'checkout', ...guest };
    }
    const caller = await resolveSession(db, token);
    return caller && { kind: 'account', caller };
  };

  r.post(
    '/event/book',
    { schema: { body: bookEventBodySchema, response: { 201: bookingCreatedResponseSchema } } },
    async (request, reply) => {
      if (config.bookingsPerAddress > 0) {
        await hitRateLimit(db, `book:ip:${request.ip}`, config.bookingsPerAddress, BOOKING_WINDOW_SECONDS);
      }
      const result = await bookEvent(ctx, request.body, await checkoutCaller(request));
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
      const who = await checkoutCaller(request);
      if (!who) throw unauthorized();
      if (who.kind === 'account' && who.caller.type !== 'user') throw wrongAccountType('This needs a buyer account');
      return send(reply, await retrieveBooking(ctx, request.body.payment_intent, who));
    },
  );
}
