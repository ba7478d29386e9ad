import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { verifyCertificateCode } from '@tikiti/ticket-codes';
import { listCertificatesResponseSchema } from '@tikiti/contract';
import { auditEntries, bookingAttendees, bookings, certificates, eTickets } from '../../db/schema/index.js';
import { runDueJobs } from '../../jobs/worker.js';
import { asCaller, paidBookingWithTickets } from '../../test-support/door.js';
import { createBuyer, createCategory, createEvent, createOrganiser } from '../../test-support/fixtures.js';
import { mailTo } from '../../test-support/mailbox.js';
import { pdfQrCodes } from '../../test-support/pdf-images.js';
import { pdfPages } from '../../test-support/pdf-text.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { certificateJobs, issueEventCertificates } from './index.js';

/**
 * Certificates of attendance (docs/product.md#certificates-of-attendance) through the real app:
 * the job after the event, the PDF and its QR code, the public verification, the organiser's
 * register, issue by hand, re-issue and revoke, and who may do what.
 */
let t: TestApp;
type Org = Awaited<ReturnType<typeof createOrganiser>>;
let owner: Org;
let door: Org;
let intruder: Org;
let intruderDoor: Org;
let buyer: Awaited<ReturnType<typeof createBuyer>>;
let categoryId: number;

const HOUR = 3_600_000;
const ctx = () => ({ config: t.config, db: t.database.db });

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  owner = await createOrganiser(db, { confirmed: true });
  door = await createOrganiser(db, { organisationId: owner.organisationId, role: 'checkin' });
  intruder = await createOrganiser(db, { confirmed: true });
  intruderDoor = await createOrganiser(db, { organisationId: intruder.organisationId, role: 'checkin' });
  buyer = await createBuyer(db);
  categoryId = (await createCategory(db)).id;
});
afterAll(() => t.close());

const NAMES = ['Achieng Otieno', 'Baraka Mwangi', 'Chebet Kĩprono', 'Dalmas Ouma', 'Esther Wanjirū'];

/** An ended event (started `hoursAgo` hours ago, 8 hours long) with five one-ticket bookings. */
async function endedEventWithFive(hoursAgo = 30, durationHours = 8) {
  const { event, tickets } = await createEvent(t.database.db, {
    organisationId: owner.organisationId,
    categoryId,
    title: 'Annual Tax Conference',
    location: 'KICC, Nairobi',
    startsInHours: -hoursAgo,
    durationHours,
    tickets: [{ name: 'Delegate', price: 19.99, max: 100 }],
  });
  const people = [];
  for (const name of NAMES) {
    const paid = await paidBookingWithTickets(t, {
      eventId: event.id,
      fullName: name,
      lines: [{ ticketTypeId: tickets[0]!.id, name: 'Delegate', quantity: 1 }],
    });
    people.push({ name, email: paid.booking.email, ticket: paid.tickets[0]!, reference: paid.booking.reference });
  }
  return { event, people };
}

async function admit(eventId: number, code: string) {
  const res = await asCaller(
    t,
    { method: 'POST', url: `/v1/client/event/${eventId}/checkin`, payload: { code, device_id: 'Door 1' } },
    door.token,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.verdict.result as string;
}

const settings = {
  enabled: true,
  cpd_points: 6.5,
  accrediting_body: 'ICPAK',
  signatory_name: 'Jane Njeri',
  signatory_title: 'Chair, Organising Committee',
  min_days: 1,
};

async function putSettings(eventId: number, body: object, token = owner.token) {
  return asCaller(t, { method: 'PUT', url: `/v1/client/event/${eventId}/certificate-settings`, payload: body }, token);
}

async function list(eventId: number, token = owner.token, query = '') {
  const res = await asCaller(t, { method: 'GET', url: `/v1/client/event/${eventId}/certificates${query}` }, token);
  expect(res.statusCode, res.body).toBe(200);
  return listCertificatesResponseSchema.parse(res.json()).data;
}

const codeOfUrl = (url: string) => decodeURIComponent(url.split('/verify/')[1]!);

async function verify(code: string) {
  const res = await t.app.inject({ method: 'GET', url: `/v1/certificates/verify/${encodeURIComponent(code)}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

describe('after the event ends', () => {
  let eventId: number;
  let people: Awaited<ReturnType<typeof endedEventWithFive>>['people'];

  beforeAll(async () => {
    ({
      event: { id: eventId },
      people,
    } = await endedEventWithFive());
    for (const p of people.slice(0, 3)) expect(await admit(eventId, p.ticket.code)).toBe('admitted');
  });

  it('issues exactly 3 certificates, mailed once each, however often the job runs; none for the 2 absent', async () => {
    const res = await putSettings(eventId, settings);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ enabled: true, cpd_points: 6.5, event_days: 1, ended: true });
    // Saving after the end queued the issuing; the job runs, then runs again, and the sweep too.
    await runDueJobs(ctx(), certificateJobs);
    await runDueJobs(ctx(), certificateJobs);
    expect(await issueEventCertificates(ctx(), eventId)).toBe(0);
    const rows = await t.database.db.select().from(certificates).where(eq(certificates.eventId, eventId));
    expect(rows.map((r) => r.holderName).sort()).toEqual(NAMES.slice(0, 3).sort());
    for (const p of people.slice(0, 3)) {
      const mails = (await mailTo(t, p.email)).filter((m) => m.subject.startsWith('Your certificate'));
      expect(mails, p.name).toHaveLength(1);
    }
    for (const p of people.slice(3)) {
      expect((await mailTo(t, p.email)).filter((m) => m.subject.startsWith('Your certificate'))).toHaveLength(0);
    }
    const listed = await list(eventId);
    expect(listed.total).toBe(3);
    expect(listed.data.every((r) => r.status === 'issued' && r.source === 'auto' && r.emailed_at)).toBe(true);
  });

  it("verifies a certificate's code with the public key alone, and answers valid with what it certifies", async () => {
    const [row] = (await list(eventId)).data;
    const code = codeOfUrl(row!.verify_url);
    const keys = (await t.app.inject({ method: 'GET', url: '/v1/tickets/public-key' })).json().data.keys;
    expect((await verifyCertificateCode(keys[0].public_key, code)).ok).toBe(true);
    expect(await verify(code)).toMatchObject({
      result: 'valid',
      certificate: {
        number: row!.number,
        holder_name: row!.holder_name,
        event_title: 'Annual Tax Conference',
        cpd_points: 6.5,
        accrediting_body: 'ICPAK',
      },
      revoked: null,
    });
  });

  it("refuses a ticket's code, and a forged or altered code, as not valid", async () => {
    const [row] = (await list(eventId)).data;
    const code = codeOfUrl(row!.verify_url);
    expect((await verify(people[0]!.ticket.code)).result).toBe('not_valid');
    const last = code.at(-2) === 'A' ? 'B' : 'A';
    expect((await verify(`${code.slice(0, -2)}${last}${code.at(-1)}`)).result).toBe('not_valid');
    const [prefix, payload, signature] = code.split('.') as [string, string, string];
    const altered = `${prefix}.${payload.slice(0, -1)}${payload.at(-1) === 'A' ? 'B' : 'A'}.${signature}`;
    expect((await verify(altered)).result).toBe('not_valid');
    expect((await verify('nonsense')).result).toBe('not_valid');
  });

  it('draws a PDF carrying the name, points, body and number, and a QR code that decodes to the verification address', async () => {
    const [row] = (await list(eventId)).data;
    const res = await t.app.inject({ method: 'GET', url: new URL(row!.pdf_url).pathname });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    const pages = await pdfPages(res.rawPayload);
    expect(pages).toHaveLength(1);
    const text = pages[0]!.replace(/\s+/g, ' ');
    for (const part of [row!.holder_name, '6.5 CPD points', 'ICPAK', row!.number, 'Jane Njeri', 'KICC, Nairobi']) {
      expect(text).toContain(part);
    }
    const [qrs] = await pdfQrCodes(res.rawPayload);
    expect(qrs).toEqual([row!.verify_url]);
  });

  it('prints a name with letters outside Windows-1252 as it was typed (the font is embedded)', async () => {
    const [row] = (await list(eventId, owner.token, '?q=Chebet')).data;
    expect(row!.holder_name).toBe('Chebet Kĩprono');
    const res = await t.app.inject({ method: 'GET', url: new URL(row!.pdf_url).pathname });
    const [text] = await pdfPages(res.rawPayload);
    expect(text).toContain('Chebet Kĩprono');
  });

  it('re-issues after a name correction (the old one revoked) and revokes; a revoked code verifies as revoked', async () => {
    const [row] = (await list(eventId, owner.token, '?q=Baraka')).data;
    await t.database.db.update(eTickets).set({ holderName: 'Baraka K. Mwangi' }).where(eq(eTickets.id, row!.ticket_id));
    const res = await asCaller(
      t,
      { method: 'POST', url: `/v1/client/event/${eventId}/certificates/${row!.id}/reissue` },
      owner.token,
    );
    expect(res.statusCode, res.body).toBe(201);
    const fresh = res.json().data;
    expect(fresh).toMatchObject({ holder_name: 'Baraka K. Mwangi', status: 'issued', source: 'reissue' });
    expect(fresh.number).not.toBe(row!.number);
    expect(await verify(codeOfUrl(row!.verify_url))).toMatchObject({
      result: 'revoked',
      revoked: { number: row!.number },
    });
    expect((await verify(codeOfUrl(fresh.verify_url))).result).toBe('valid');
    const again = await asCaller(
      t,
      { method: 'POST', url: `/v1/client/event/${eventId}/certificates/${row!.id}/revoke` },
      owner.token,
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().data.code).toBe('certificate.revoked');
    const revoked = await asCaller(
      t,
      { method: 'POST', url: `/v1/client/event/${eventId}/certificates/${fresh.id}/revoke` },
      owner.token,
    );
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().data.status).toBe('revoked');
    expect((await verify(codeOfUrl(fresh.verify_url))).result).toBe('revoked');
    const pdf = await t.app.inject({ method: 'GET', url: new URL(fresh.pdf_url).pathname });
    expect(pdf.statusCode).toBe(404);
    const audit = await t.database.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.organisationId, owner.organisationId), eq(auditEntries.targetId, String(eventId))));
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['certificate.reissued', 'certificate.revoked']));
    // The job, run again, does not re-issue to a ticket whose certificate was revoked.
    expect(await issueEventCertificates(ctx(), eventId)).toBe(0);
  });

  it('issues one by hand to someone the door missed, once', async () => {
    const absent = people[3]!;
    const res = await asCaller(
      t,
      { method: 'POST', url: `/v1/client/event/${eventId}/certificates`, payload: { ticket_id: absent.ticket.id } },
      owner.token,
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ holder_name: absent.name, source: 'manual', status: 'issued' });
    expect((await mailTo(t, absent.email)).filter((m) => m.subject.startsWith('Your certificate'))).toHaveLength(1);
    const twice = await asCaller(
      t,
      { method: 'POST', url: `/v1/client/event/${eventId}/certificates`, payload: { ticket_id: absent.ticket.id } },
      owner.token,
    );
    expect(twice.statusCode).toBe(409);
    expect(twice.json().data.code).toBe('certificate.already_issued');
  });

  it('gives the register as CSV after the password, and records the download', async () => {
    const res = await asCaller(t, { method: 'GET', url: `/v1/client/event/${eventId}/certificates.csv` }, owner.token);
    expect(res.statusCode, res.body).toBe(200);
    const lines = res.body.trim().split(/\r?\n/);
    expect(lines[0]).toContain('Certificate number');
    expect(lines).toHaveLength(1 + 5);
    const unconfirmed = await createOrganiser(t.database.db, { organisationId: owner.organisationId });
    const refused = await asCaller(
      t,
      { method: 'GET', url: `/v1/client/event/${eventId}/certificates.csv` },
      unconfirmed.token,
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json().data.code).toBe('auth.confirm_required');
    const audit = await t.database.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.action, 'export.certificates'), eq(auditEntries.targetId, String(eventId))));
    expect(audit).toHaveLength(1);
  });

  it('is refused to other organisations (404), door-only teammates of theirs and ours (403), buyers and nobody', async () => {
    const calls = [
      { method: 'GET' as const, url: `/v1/client/event/${eventId}/certificate-settings` },
      { method: 'PUT' as const, url: `/v1/client/event/${eventId}/certificate-settings`, payload: settings },
      { method: 'GET' as const, url: `/v1/client/event/${eventId}/certificates` },
      { method: 'GET' as const, url: `/v1/client/event/${eventId}/certificates.csv` },
      {
        method: 'POST' as const,
        url: `/v1/client/event/${eventId}/certificates`,
        payload: { ticket_id: people[4]!.ticket.id },
      },
      { method: 'POST' as const, url: `/v1/client/event/${eventId}/certificates/1/revoke` },
      { method: 'POST' as const, url: `/v1/client/event/${eventId}/certificates/1/reissue` },
      { method: 'GET' as const, url: `/v1/client/event/${eventId}/badges` },
      { method: 'GET' as const, url: `/v1/client/event/${eventId}/badges.pdf` },
    ];
    for (const call of calls) {
      expect((await asCaller(t, call, intruder.token)).statusCode, call.url).toBe(404);
      expect((await asCaller(t, call, intruderDoor.token)).statusCode, call.url).toBe(403);
      expect((await asCaller(t, call, door.token)).statusCode, call.url).toBe(403);
      expect((await asCaller(t, call, buyer.token)).statusCode, call.url).toBe(406);
      expect((await asCaller(t, call)).statusCode, call.url).toBe(401);
    }
  });
});

describe('settings', () => {
  it('take half points, refuse other fractions and negatives, and ask for the body when on', async () => {
    // 09:00 to 17:00 in Nairobi (06:00 UTC), a week ahead: one day, whatever the hour the test runs
    // (from 16:00 in Nairobi, "now + a week" for 8 hours ran past midnight into a second day).
    const nineInNairobi = new Date(Date.now() + 7 * 86_400_000);
    nineInNairobi.setUTCHours(6, 0, 0, 0);
    const { event } = await createEvent(t.database.db, {
      organisationId: owner.organisationId,
      categoryId,
      startsInHours: (nineInNairobi.getTime() - Date.now()) / 3_600_000,
    });
    const bad = await putSettings(event.id, { ...settings, cpd_points: 6.25, accrediting_body: '' });
    expect(bad.statusCode).toBe(400);
    const paths = bad.json().data.errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['cpd_points', 'accrediting_body']));
    expect((await putSettings(event.id, { ...settings, cpd_points: -1 })).statusCode).toBe(400);
    const tooMany = await putSettings(event.id, { ...settings, min_days: 2 });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().data.errors[0].path).toBe('min_days');
    const ok = await putSettings(event.id, { ...settings, cpd_points: 0.5 });
    expect(ok.json().data).toMatchObject({ cpd_points: 0.5, ended: false, issued: 0 });
    // Before the event, a certificate by hand is refused.
    const early = await asCaller(
      t,
      { method: 'POST', url: `/v1/client/event/${event.id}/certificates`, payload: { ticket_id: 1 } },
      owner.token,
    );
    expect(early.json().data.code).toBe('certificate.too_early');
  });

  it('issue nothing by hand while certificates are off', async () => {
    const { event, people } = await endedEventWithFive();
    const res = await asCaller(
      t,
      {
        method: 'POST',
        url: `/v1/client/event/${event.id}/certificates`,
        payload: { ticket_id: people[0]!.ticket.id },
      },
      owner.token,
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().data.code).toBe('certificate.not_enabled');
  });
});

describe('a minimum number of days', () => {
  it('counts distinct Nairobi days at the door: one day of two does not qualify, both days do', async () => {
    // Two days: started 40 hours ago, 30 hours long (ended 10 hours ago).
    const { event, people } = await endedEventWithFive(40, 30);
    const [oneDay, twoDays] = people;
    const day1 = new Date(Date.now() - 38 * HOUR);
    const day2 = new Date(Date.now() - 13 * HOUR);
    const sync = (code: string, at: Date, local: string) =>
      asCaller(
        t,
        {
          method: 'POST',
          url: `/v1/client/event/${event.id}/checkin/sync`,
          payload: { device_id: 'Door 2', scans: [{ local_id: local, code, scanned_at: at.toISOString() }] },
        },
        door.token,
      );
    await sync(oneDay!.ticket.code, day1, 'a');
    await sync(twoDays!.ticket.code, day1, 'b');
    await sync(twoDays!.ticket.code, day2, 'c');
    expect((await putSettings(event.id, { ...settings, min_days: 2 })).statusCode).toBe(200);
    expect(await issueEventCertificates(ctx(), event.id)).toBe(1);
    const rows = await t.database.db.select().from(certificates).where(eq(certificates.eventId, event.id));
    expect(rows.map((r) => r.eTicketId)).toEqual([twoDays!.ticket.id]);
  });
});

describe('the E-tickets page', () => {
  it("links a delegate's ticket to its certificate once issued", async () => {
    const { event, people } = await endedEventWithFive();
    const p = people[0]!;
    await t.database.db.insert(bookingAttendees).values({
      bookingId: p.ticket.bookingId,
      bookingLineId: p.ticket.bookingLineId,
      seq: p.ticket.seq,
      fullName: p.name,
      email: 'delegate@example.com',
      company: 'Acme Ltd',
      named: true,
    });
    expect(await admit(event.id, p.ticket.code)).toBe('admitted');
    expect((await putSettings(event.id, settings)).statusCode).toBe(200);
    expect(await issueEventCertificates(ctx(), event.id)).toBe(1);
    const [row] = (await list(event.id)).data;
    expect(row).toMatchObject({ email_address: 'delegate@example.com', company: 'Acme Ltd' });
    const mails = await mailTo(t, 'delegate@example.com');
    expect(mails.filter((m) => m.subject.startsWith('Your certificate'))).toHaveLength(1);
    // The buyer's E-tickets page links the ticket to it; a revoked one is no longer linked.
    await t.database.db.update(bookings).set({ accountId: buyer.accountId }).where(eq(bookings.id, p.ticket.bookingId));
    const view = async () => {
      const res = await asCaller(t, { method: 'GET', url: '/v1/tickets/view' }, buyer.token);
      expect(res.statusCode, res.body).toBe(200);
      const booking = res.json().data.find((b: { event_id: number }) => b.event_id === event.id);
      return booking.tickets[0].certificate;
    };
    expect(await view()).toEqual({
      id: row!.id,
      number: row!.number,
      pdf_url: row!.pdf_url,
      verify_url: row!.verify_url,
    });
    await asCaller(
      t,
      { method: 'POST', url: `/v1/client/event/${event.id}/certificates/${row!.id}/revoke` },
      owner.token,
    );
    expect(await view()).toBeNull();
  });
});
