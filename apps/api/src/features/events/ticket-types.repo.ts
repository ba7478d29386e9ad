import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { ticketTypes } from '../../db/schema/index.js';

export type TicketTypeRow = typeof ticketTypes.$inferSelect;
export type NewTicketTypeRow = typeof ticketTypes.$inferInsert;

/**
 * Every ticket type of an event (open and deleted), locked for the rest of the
 * transaction: a booking that wants to hold tickets of one of them waits until the
 * organiser's change is committed, and then sees the new capacity.
 */
export async function lockTicketTypes(tx: Tx, eventId: number): Promise<TicketTypeRow[]> {
  return tx
    .select()
    .from(ticketTypes)
    .where(eq(ticketTypes.eventId, eventId))
    .orderBy(asc(ticketTypes.sortOrder), asc(ticketTypes.id))
    .for('update');
}

export async function insertTicketTypes(tx: Tx, rows: NewTicketTypeRow[]) {
  if (rows.length) await tx.insert(ticketTypes).values(rows);
}

export async function updateTicketType(
  tx: Tx,
  id: number,
  values: Pick<NewTicketTypeRow, 'name' | 'priceMinor' | 'noOfPersons' | 'maxTickets' | 'status'> &
    Partial<Pick<NewTicketTypeRow, 'hidden' | 'tiers'>>,
) {
  await tx.update(ticketTypes).set(values).where(eq(ticketTypes.id, id));
}
