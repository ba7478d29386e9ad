import { randomBytes } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { sumMinor, toMinor } from '@tikiti/contract';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { bookingLines, bookings, eTickets } from '../db/schema/index.js';
import { issueETickets } from '../features/etickets/index.js';

/**
 * A paid booking with its e-tickets issued as settlement issues them (signed codes), written
 * directly so door tests (and the door of the bench's mixed load) do not go through checkout.
 * The ticket types' sold counts are left as they were. Each line costs `price` (19.99 unless
 * given, a price floats get wrong) and the total is their sum in minor units. Answers the
 * booking, its own code and its e-tickets with their codes, in issue order.
 */
export async function paidBookingWithTickets(
  t: { config: Config; database: { db: Db } },
  b: {
    eventId: number;
    fullName?: string;
    lines: { ticketTypeId: number; name: string; persons?: number; quantity: number; price?: number }[];
  },
) {
  const db = t.database.db;
  const lines = b.lines.map((l) => ({ ...l, unitPriceMinor: toMinor(l.price ?? 19.99, 'USD') }));
  const [booking] = await db
    .insert(bookings)
    .values({
      reference: `TK-${randomBytes(4).toString('hex').toUpperCase()}`,
      eventId: b.eventId,
      fullName: b.fullName ?? 'Achieng Otieno',
      email: `door-${randomBytes(4).toString('hex')}@example.com`,
      currency: 'USD',
      totalMinor: sumMinor(lines.map((l) => l.unitPriceMinor * l.quantity)),
      status: 2,
      paymentMethod: 'card',
      holdExpiresAt: new Date(Date.now() + 15 * 60_000),
      paidAt: new Date(),
    })
    .returning();
  await db.insert(bookingLines).values(
    lines.map((l) => ({
      bookingId: booking!.id,
      ticketTypeId: l.ticketTypeId,
      name: l.name,
      unitPriceMinor: l.unitPriceMinor,
      noOfPersons: l.persons ?? 1,
      quantity: l.quantity,
    })),
  );
  await db.transaction((tx) => issueETickets({ config: t.config, db }, tx, booking!.id));
  const [row] = await db.select().from(bookings).where(eq(bookings.id, booking!.id));
  const tickets = await db.select().from(eTickets).where(eq(eTickets.bookingId, booking!.id)).orderBy(asc(eTickets.id));
  return { booking: row!, bookingCode: row!.bookingCode!, tickets };
}

/** An organiser call with a token (none for anonymous). */
export function asCaller(t: { app: FastifyInstance }, req: InjectOptions, token?: string) {
  return t.app.inject({ ...req, headers: { ...(req.headers ?? {}), ...(token ? { auth: token } : {}) } });
}
