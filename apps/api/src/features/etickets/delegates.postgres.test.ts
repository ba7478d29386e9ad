import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { attendeeChanges, bookingAttendees, eTickets } from '../../db/schema/index.js';
import { createCategory, createEvent, createOrganiser } from '../../test-support/fixtures.js';
import { book, payWithCard, retrieve } from '../../test-support/checkout.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';

/**
 * Renames racing on a real PostgreSQL server with a pool of connections
 * (docs/decisions/0025-rename-reissues-the-code.md): the delegate's row is locked, so of many
 * renames of one ticket at once exactly one re-issues it and the others find its old id re-issued;
 * the ticket keeps exactly one live code.
 */
let t: TestApp;
let owner: Awaited<ReturnType<typeof createOrganiser>>;

beforeAll(async () => {
  t = await createTestApp({ BOOKINGS_PER_ADDRESS: '0' });
  owner = await createOrganiser(t.database.db);
});
afterAll(() => t.close());

describe('many renames of one ticket at once', () => {
  it('leave exactly one live code: one re-issues it, the others get 409 attendee.ticket_reissued', async () => {
    const db = t.database.db;
    const { event, tickets } = await createEvent(db, {
      organisationId: owner.organisationId,
      categoryId: (await createCategory(db)).id,
      tickets: [{ name: 'Delegate', price: 19.99, max: 10 }],
    });
    const booked = await book(t.app, { event_id: event.id, tickets: [{ id: tickets[0]!.id, qty: 2 }] });
    const token = booked.headers.auth as string;
    await payWithCard(t.app, booked.json().data.client_secret);
    await retrieve(t.app, booked.json().data.client_secret, token);
    const view = await t.app.inject({ method: 'GET', url: '/v1/tickets/view', headers: { auth: token } });
    const ticket = view.json().data[0].tickets[0] as { id: number };

    const renames = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        t.app.inject({
          method: 'PUT',
          // Half by the buyer, half by the organiser: both take the delegate's lock.
          url: i % 2 ? `/v1/tickets/${ticket.id}/attendee` : `/v1/client/ticket/${ticket.id}/attendee`,
          headers: { auth: i % 2 ? token : owner.token },
          payload: { full_name: `Delegate ${i}`, email: `delegate-${i}@example.co.ke` },
        }),
      ),
    );
    const statuses = renames.map((r) => r.statusCode).sort();
    expect(statuses, renames.map((r) => r.body).join('\n')).toEqual([200, ...Array(11).fill(409)]);
    for (const r of renames.filter((x) => x.statusCode === 409)) {
      expect(r.json().data.code).toBe('attendee.ticket_reissued');
    }
    const winner = renames.find((r) => r.statusCode === 200)!.json().data as { id: number; holder_name: string };

    const [row] = await db.select().from(eTickets).where(eq(eTickets.id, ticket.id));
    const live = await db
      .select()
      .from(eTickets)
      .where(
        and(eq(eTickets.bookingLineId, row!.bookingLineId), eq(eTickets.seq, row!.seq), isNull(eTickets.reissuedAt)),
      );
    expect(live.map((x) => x.id)).toEqual([winner.id]);
    expect(live[0]!.holderName).toBe(winner.holder_name);
    const [attendee] = await db
      .select()
      .from(bookingAttendees)
      .where(and(eq(bookingAttendees.bookingLineId, row!.bookingLineId), eq(bookingAttendees.seq, row!.seq)));
    expect(attendee!.fullName).toBe(winner.holder_name);
    expect(await db.select().from(attendeeChanges).where(eq(attendeeChanges.attendeeId, attendee!.id))).toHaveLength(1);
  });
});
