import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { openPostgres } from '../../db/client.js';
import { certificateSettings, certificates, jobs } from '../../db/schema/index.js';
import { runDueJobs } from '../../jobs/worker.js';
import { asCaller, paidBookingWithTickets } from '../../test-support/door.js';
import { createCategory, createEvent, createOrganiser } from '../../test-support/fixtures.js';
import { mailTo } from '../../test-support/mailbox.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { certificateJobs, issueEventCertificates } from './index.js';

/**
 * The issuing job on a real PostgreSQL server (docs/product.md#certificates-of-attendance): run
 * at the same moment by two "instances" (two separate connection pools on the same database,
 * each with its own job worker pass) and by eight direct calls besides, an event's certificates
 * are issued once and mailed once each: the settings row's lock makes the runs take turns.
 */
let t: TestApp;
let second: Awaited<ReturnType<typeof openPostgres>>;

beforeAll(async () => {
  t = await createTestApp();
  const result = await t.database.db.execute(sql`SELECT current_database() AS db`);
  second = await openSecondPool(String((result as unknown as { rows: { db: string }[] }).rows[0]!.db));
});
afterAll(async () => {
  await second?.close();
  await t.close();
});

/** A second pool on the test's own database: another API instance, as far as PostgreSQL can tell. */
async function openSecondPool(database: string) {
  const adminUrl = inject('postgresUrl');
  return openPostgres(adminUrl.replace(/\/[^/]*$/, `/${database}`), { poolSize: 5 });
}

describe('two instances issuing the same event at once', () => {
  it('issue 3 certificates of 5 attendees once, each mailed once', async () => {
    const db = t.database.db;
    const owner = await createOrganiser(db);
    const door = await createOrganiser(db, { organisationId: owner.organisationId, role: 'checkin' });
    const { event, tickets } = await createEvent(db, {
      organisationId: owner.organisationId,
      categoryId: (await createCategory(db)).id,
      startsInHours: -30,
      durationHours: 8,
      tickets: [{ name: 'Delegate', price: 19.99, max: 100 }],
    });
    const emails: string[] = [];
    for (let i = 0; i < 5; i++) {
      const paid = await paidBookingWithTickets(t, {
        eventId: event.id,
        fullName: `Attendee ${i}`,
        lines: [{ ticketTypeId: tickets[0]!.id, name: 'Delegate', quantity: 1 }],
      });
      emails.push(paid.booking.email);
      if (i < 3) {
        const res = await asCaller(
          t,
          {
            method: 'POST',
            url: `/v1/client/event/${event.id}/checkin`,
            payload: { code: paid.tickets[0]!.code, device_id: 'Door 1' },
          },
          door.token,
        );
        expect(res.json().data.verdict.result).toBe('admitted');
      }
    }
    const put = await asCaller(
      t,
      {
        method: 'PUT',
        url: `/v1/client/event/${event.id}/certificate-settings`,
        payload: {
          enabled: true,
          cpd_points: 3,
          accrediting_body: 'EBK',
          signatory_name: null,
          signatory_title: null,
          min_days: 1,
        },
      },
      owner.token,
    );
    expect(put.statusCode, put.body).toBe(200);
    // The job is queued once; a second copy is put in by hand as a retry elsewhere would be.
    await db.insert(jobs).values({ kind: 'certificates.issue', payload: { eventId: event.id }, maxAttempts: 3 });
    const one = { config: t.config, db };
    const two = { config: t.config, db: second.db };
    const counts = await Promise.all([
      runDueJobs(one, certificateJobs),
      runDueJobs(two, certificateJobs),
      ...Array.from({ length: 8 }, (_, i) => issueEventCertificates(i % 2 ? one : two, event.id)),
    ]);
    const direct = counts.slice(2) as number[];
    const rows = await db.select().from(certificates).where(eq(certificates.eventId, event.id));
    expect(rows).toHaveLength(3);
    expect(new Set(rows.map((r) => r.eTicketId)).size).toBe(3);
    expect(direct.every((n) => n === 0 || n === 3)).toBe(true);
    const [settings] = await db.select().from(certificateSettings).where(eq(certificateSettings.eventId, event.id));
    expect(settings!.autoIssuedAt).not.toBeNull();
    for (const [i, email] of emails.entries()) {
      const mails = (await mailTo(t, email)).filter((m) => m.subject.startsWith('Your certificate'));
      expect(mails, email).toHaveLength(i < 3 ? 1 : 0);
    }
  });
});
