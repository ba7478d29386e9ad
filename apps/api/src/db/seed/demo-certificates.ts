import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../client.js';
import { bookingAttendees, bookings, certificateSettings, certificates, checkIns, eTickets } from '../schema/index.js';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * The demo organiser's finished event as the door and the certificates left it
 * (docs/architecture.md#demo-data): three in four of its tickets admitted at the door during
 * the event, certificates on (2 CPD points, accredited by the Computer Society of Kenya), one
 * certificate per admitted ticket issued an hour after the end, and one of them revoked since.
 * Written directly, like the rest of the demo, and mailed to nobody.
 */
export async function insertDemoCertificates(
  tx: Tx,
  event: { eventId: number; startTime: Date; endTime: Date },
  now: Date,
) {
  const tickets = await tx
    .select({
      id: eTickets.id,
      holderName: eTickets.holderName,
      email: bookings.email,
      delegateEmail: bookingAttendees.email,
      company: bookingAttendees.company,
    })
    .from(eTickets)
    .innerJoin(bookings, eq(bookings.id, eTickets.bookingId))
    .leftJoin(
      bookingAttendees,
      and(eq(bookingAttendees.bookingLineId, eTickets.bookingLineId), eq(bookingAttendees.seq, eTickets.seq)),
    )
    .where(and(eq(eTickets.eventId, event.eventId), isNull(eTickets.revokedAt), isNull(eTickets.reissuedAt)))
    .orderBy(asc(eTickets.id));
  const admitted = tickets.filter((_, i) => i % 4 !== 3);
  if (admitted.length === 0) return 0;
  await tx.insert(checkIns).values(
    admitted.map((t, i) => {
      const at = new Date(event.startTime.getTime() - 20 * MINUTE_MS + (i % 90) * MINUTE_MS);
      return { eTicketId: t.id, checkedInAt: at, recordedAt: at, deviceId: i % 3 ? 'Door 1' : 'Door 2' };
    }),
  );
  const issuedAt = new Date(Math.min(now.getTime(), event.endTime.getTime() + HOUR_MS));
  await tx.insert(certificateSettings).values({
    eventId: event.eventId,
    enabled: true,
    cpdHalfPoints: 4,
    accreditingBody: 'Computer Society of Kenya',
    signatoryName: 'Amina Odhiambo',
    signatoryTitle: 'Programme Director',
    minDays: 1,
    autoIssuedAt: issuedAt,
  });
  await tx.insert(certificates).values(
    admitted.map((t, i) => ({
      eventId: event.eventId,
      eTicketId: t.id,
      seq: i + 1,
      number: `CPD-${event.eventId}-${String(i + 1).padStart(4, '0')}`,
      holderName: t.holderName,
      company: t.company,
      email: t.delegateEmail ?? t.email,
      cpdHalfPoints: 4,
      source: 'auto' as const,
      issuedAt,
      emailedAt: issuedAt,
      // One withdrawn since (issued by mistake, say): it verifies as revoked.
      revokedAt: i === 0 ? new Date(Math.min(now.getTime(), issuedAt.getTime() + 2 * 24 * HOUR_MS)) : null,
    })),
  );
  return admitted.length;
}
