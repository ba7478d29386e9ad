import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { checkIns, messageRecipients } from '../../db/schema/index.js';
import { openPostgres, queryRows, type Database } from '../../db/client.js';
import { runDueJobs } from '../../jobs/worker.js';
import { paidBookingWithTickets } from '../../test-support/door.js';
import { createCategory, createEvent, createOrganiser } from '../../test-support/fixtures.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { messagesJobs } from './index.js';

/**
 * A message's jobs on two API instances at once, each with its own pool on the same PostgreSQL
 * database (docs/product.md#messages-to-attendees): every delivery job is queued twice, as a job
 * run again after its lease would be, and still each attendee gets the message once.
 */
let t: TestApp;
let second: Database;

beforeAll(async () => {
  t = await createTestApp();
  const [{ name }] = (await queryRows<{ name: string }>(t.database.db, sql`SELECT current_database() AS name`)) as [
    { name: string },
  ];
  second = await openPostgres(inject('postgresUrl').replace(/\/[^/]*$/, `/${name}`), { poolSize: 5 });
});
afterAll(async () => {
  await second.close();
  await t.close();
});

async function drainOn(db: Database['db']) {
  for (;;) {
    const r = await runDueJobs({ config: t.config, db }, messagesJobs, undefined, { batchSize: 1 });
    if (r.done + r.retrying + r.dead === 0) return;
  }
}

describe('a message to "not checked in" on two instances', () => {
  it('reaches exactly the attendees not checked in, once each', async () => {
    const db = t.database.db;
    const org = await createOrganiser(db);
    const categoryId = (await createCategory(db)).id;
    const { event, tickets } = await createEvent(db, { organisationId: org.organisationId, categoryId });
    const line = { ticketTypeId: tickets[0]!.id, name: tickets[0]!.name, quantity: 1 };
    const bookings = [];
    for (let i = 0; i < 24; i++) bookings.push(await paidBookingWithTickets(t, { eventId: event.id, lines: [line] }));
    const checkedIn = bookings.filter((_, i) => i % 3 === 0);
    await db.insert(checkIns).values(checkedIn.map((b) => ({ eTicketId: b.tickets[0]!.id })));

    const res = await t.app.inject({
      method: 'POST',
      url: `/v1/client/event/${event.id}/messages`,
      headers: { auth: org.token },
      payload: { subject: 'Doors', body: 'Hi {first_name}', audience: { kind: 'not_checked_in' }, channels: ['mail'] },
    });
    expect(res.statusCode).toBe(201);
    // The dispatch job twice, as if its lease had run out on one instance.
    await db.execute(
      sql`INSERT INTO jobs (kind, payload, max_attempts) SELECT kind, payload, max_attempts FROM jobs WHERE kind = 'messages.dispatch'`,
    );
    await Promise.all([drainOn(db), drainOn(second.db)]);
    // Every delivery job again, on both instances at once.
    await db.execute(
      sql`INSERT INTO jobs (kind, payload, max_attempts) SELECT kind, payload, max_attempts FROM jobs WHERE kind = 'messages.deliver'`,
    );
    await Promise.all([drainOn(db), drainOn(second.db), drainOn(db), drainOn(second.db)]);

    const mailed = await queryRows<{ to: string; n: number }>(
      db,
      sql`SELECT "to", count(*)::int AS n FROM mailbox_messages GROUP BY "to"`,
    );
    const expected = bookings.filter((b) => !checkedIn.includes(b)).map((b) => b.booking.email);
    expect(mailed.map((m) => m.to).sort()).toEqual(expected.sort());
    expect(mailed.every((m) => m.n === 1)).toBe(true);
    const states = await db
      .select({ state: messageRecipients.state })
      .from(messageRecipients)
      .where(eq(messageRecipients.messageId, res.json().data.id));
    expect(states).toHaveLength(16);
    expect(states.every((s) => s.state === 'sent')).toBe(true);
  });
});
