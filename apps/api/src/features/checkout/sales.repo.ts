import { and, eq, sum } from 'drizzle-orm';
import { BOOKING_STATUS } from '@tikiti/contract';
import type { Db } from '../../db/client.js';
import { bookings, events } from '../../db/schema/index.js';

/** What an organisation's paid bookings add up to, in minor units. */
export async function sumPaidBookings(db: Db, organisationId: number): Promise<number> {
  const [row] = await db
    .select({ minor: sum(bookings.totalMinor) })
    .from(bookings)
    .innerJoin(events, eq(events.id, bookings.eventId))
    .where(and(eq(events.organisationId, organisationId), eq(bookings.status, BOOKING_STATUS.paid)));
  return Number(row?.minor ?? 0);
}
