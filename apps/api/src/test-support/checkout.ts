import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { BookEventBody, bookEventBodySchema } from '@tikiti/contract';
import type { Db } from '../db/client.js';
import { ticketTypes } from '../db/schema/index.js';
import { nextIp } from './mailbox.js';

let guestCount = 0;

/** A guest's details, a new email each time unless given. */
export function guest(email = `guest-${++guestCount}-${Date.now()}@example.co.ke`) {
  return { full_name: 'Wanjiru Kamau', email_address: email, msisdn: '0712 345 678' };
}

/** POST v1/event/book as a browser would send it: a guest unless `token` is given. */
export function book(
  app: FastifyInstance,
  body: Partial<z.input<typeof bookEventBodySchema>> & { event_id: number; tickets: BookEventBody['tickets'] },
  opts: { token?: string; ip?: string } = {},
) {
  return app.inject({
    method: 'POST',
    url: '/v1/event/book',
    remoteAddress: opts.ip ?? nextIp(),
    headers: opts.token ? { auth: opts.token } : {},
    payload: { payment_method: 'card', ...(opts.token ? {} : { details: guest() }), ...body },
  });
}

/** Pays a sandbox payment with a test card. */
export function payWithCard(app: FastifyInstance, clientSecret: string, card = '4242 4242 4242 4242') {
  return app.inject({
    method: 'POST',
    url: '/v1/payments/sandbox/confirm',
    remoteAddress: nextIp(),
    payload: { client_secret: clientSecret, card_number: card, expiry: '12 / 34', cvc: '123' },
  });
}

/** POST v1/booking/retrieve with the buyer's token. */
export function retrieve(app: FastifyInstance, clientSecret: string, token: string) {
  return app.inject({
    method: 'POST',
    url: '/v1/booking/retrieve',
    headers: { auth: token },
    payload: { payment_intent: clientSecret },
  });
}

/** A ticket type's stock: sold and held. */
export async function stockOf(db: Db, ticketTypeId: number) {
  const [row] = await db
    .select({ sold: ticketTypes.sold, held: ticketTypes.held, max: ticketTypes.maxTickets })
    .from(ticketTypes)
    .where(eq(ticketTypes.id, ticketTypeId));
  return row!;
}
