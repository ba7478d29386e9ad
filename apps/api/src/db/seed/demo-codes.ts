import { createHash, randomBytes } from 'node:crypto';
import type { Tx } from '../client.js';
import { discountCodes, waitlistEntries } from '../schema/index.js';

const HOUR_MS = 3_600_000;

/**
 * Issue 27's selling tools on the event that carries them (the one with a "Speaker pass"): a
 * 10 % discount code, a 100 % speaker code, an access code revealing the hidden speaker pass,
 * and three people waiting for the sold-out roundtable (docs/product.md#discount-codes,
 * docs/product.md#waiting-list). Written directly and mailed to nobody; the waiting people's
 * leave links are random and never sent.
 */
export async function seedDemoSellingTools(
  tx: Tx,
  saleEvents: { eventId: number; tickets: { id: number; name: string }[] }[],
  now: Date,
) {
  const event = saleEvents.find((e) => e.tickets.some((t) => t.name === 'Speaker pass'));
  if (!event) return;
  const speaker = event.tickets.find((t) => t.name === 'Speaker pass')!;
  const roundtable = event.tickets.find((t) => t.name === 'CFO roundtable');
  await tx.insert(discountCodes).values([
    { eventId: event.eventId, code: 'KARIBU10', kind: 'discount', percentOff: 10, maxUses: 200 },
    {
      eventId: event.eventId,
      code: 'SPEAKER100',
      kind: 'discount',
      percentOff: 100,
      ticketTypeIds: [speaker.id],
      maxUses: 30,
      maxPerBooking: 1,
    },
    { eventId: event.eventId, code: 'SPEAKERS', kind: 'access', ticketTypeIds: [speaker.id], maxUses: 30 },
  ]);
  if (!roundtable) return;
  const people = [
    ['Achieng Odhiambo', 'achieng.odhiambo@example.co.ke', '+254711000101', 1],
    ['Brian Kiprotich', 'brian.kiprotich@example.co.ke', '+254711000102', 2],
    ['Fatuma Hassan', 'fatuma.hassan@example.co.ke', '+254711000103', 1],
  ] as const;
  await tx.insert(waitlistEntries).values(
    people.map(([fullName, email, msisdn, quantity], i) => ({
      eventId: event.eventId,
      ticketTypeId: roundtable.id,
      fullName,
      email,
      msisdn,
      quantity,
      leaveTokenHash: createHash('sha256').update(randomBytes(24)).digest('hex'),
      createdAt: new Date(now.getTime() - (72 - i * 20) * HOUR_MS),
    })),
  );
}
