import { and, count, desc, eq, sum } from 'drizzle-orm';
import { BOOKING_STATUS } from '@tikiti/contract';
import type { Db } from '../../db/client.js';
import { bookings, events } from '../../db/schema/index.js';

/**
 * An organisation's paid bookings per currency (one event never mixes currencies, but an
 * organisation may sell in USD and KES), the currency with the most bookings first.
 */
export async function paidBookingsByCurrency(
  db: Db,
  organisationId: number,
): Promise<{ currency: string; minor: number; bookings: number }[]> {
  const rows = await db
    .select({ currency: bookings.currency, minor: sum(bookings.totalMinor), bookings: count() })
    .from(bookings)
    .innerJoin(events, eq(events.id, bookings.eventId))
    .where(and(eq(events.organisationId, organisationId), eq(bookings.status, BOOKING_STATUS.paid)))
    .groupBy(bookings.currency)
    .orderBy(desc(count()), bookings.currency);
  return rows.map((r) => ({ currency: r.currency, minor: Number(r.minor ?? 0), bookings: Number(r.bookings) }));
}
