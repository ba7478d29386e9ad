import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { messageDetailResponseSchema, type SendAttendeeMessageBody } from '@tikiti/contract';
import { bookings, checkIns, jobs, organisations } from '../../db/schema/index.js';
import { runDueJobs } from '../../jobs/worker.js';
import { paidBookingWithTickets } from '../../test-support/door.js';
import { createCategory, createEvent, createOrganiser } from '../../test-support/fixtures.js';
import { mailTo } from '../../test-support/mailbox.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { recordCheckoutConsent } from '../consent/index.js';
import { messagesJobs } from './index.js';

/** Messages to attendees (docs/product.md#messages-to-attendees). */
let t: TestApp;
let org: Awaited<ReturnType<typeof createOrganiser>>;
let categoryId: number;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://tikiti.example.com' });
  org = await createOrganiser(t.database.db);
  categoryId = (await createCategory(t.database.db)).id;
});
afterAll(() => t.close());

const ctx = () => ({ config: t.config, db: t.database.db });
/** Runs the due message jobs until a pass finds none (a dispatch queues deliveries for the next pass). */
async function runJobs() {
  for (;;) {
    const r = await runDueJobs(ctx(), messagesJobs);
    if (r.done + r.retrying + r.dead === 0) return;
  }
}

const draft = (over: Partial<SendAttendeeMessageBody> = {}): SendAttendeeMessageBody => ({
  subject: 'Room change for {event_title}',
  body: 'Hello {first_name}, we moved to Hall B.',
  audience: { kind: 'everyone' },
  channels: ['mail'],
  ...over,
});

const post = (eventId: number, body: unknown, token = org.token, path = '') =>
  t.app.inject({
    method: 'POST',
    url: `/v1/client/event/${eventId}/messages${path}`,
    headers: { auth: token },
    payload: body as object,
  });

async function smsTo(phone: string) {
  const res = await t.app.inject({ method: 'GET', url: `/dev/sms.json?to=${encodeURIComponent(phone)}` });
  expect(res.statusCode).toBe(200);
  return res.json().data as { to: string; text: string; from: string }[];
}

/** An event with three paid bookings: A (2 tickets, none in), B (1, checked in), C (2, one in). */
async function eventWithAttendees(title = 'Kenya Tech Week') {
  const { event, tickets } = await createEvent(t.database.db, {
    organisationId: org.organisationId,
    categoryId,
    title,
  });
  const line = { ticketTypeId: tickets[0]!.id, name: tickets[0]!.name };
  const a = await paidBookingWithTickets(t, {
    eventId: event.id,
    fullName: 'Amina Wanjiru',
    lines: [{ ...line, quantity: 2 }],
  });
  const b = await paidBookingWithTickets(t, {
    eventId: event.id,
    fullName: 'Baraka Otieno',
    lines: [{ ...line, quantity: 1 }],
  });
  const c = await paidBookingWithTickets(t, {
    eventId: event.id,
    fullName: 'Chebet Kiprop',
    lines: [{ ...line, quantity: 2 }],
  });
  const phoneA = `+2547${String(Date.now()).slice(-8)}`;
  await t.database.db.update(bookings).set({ msisdn: phoneA }).where(eq(bookings.id, a.booking.id));
  await t.database.db.insert(checkIns).values([{ eTicketId: b.tickets[0]!.id }, { eTicketId: c.tickets[0]!.id }]);
  return { event, tickets, a, b, c, phoneA };
}

describe('sending a message', () => {
  it('to "not checked in" reaches exactly those attendees, once each, by mail and SMS, with the organiser and a stop link', async () => {
    const { event, a, b, c, phoneA } = await eventWithAttendees();
    const res = await post(event.id, draft({ audience: { kind: 'not_checked_in' }, channels: ['mail', 'sms'] }));
    expect(res.statusCode).toBe(201);
    const id = res.json().data.id as number;
    await runJobs();
    // The jobs run again (another instance's, or after a lease ran out): nothing is sent twice.
    await t.database.db
      .update(jobs)
      .set({ state: 'queued', runAt: new Date() })
      .where(sql`kind LIKE 'messages.%'`);
    await runJobs();

    const [toA, toB, toC] = await Promise.all([
      mailTo(t, a.booking.email),
      mailTo(t, b.booking.email),
      mailTo(t, c.booking.email),
    ]);
    expect(toA).toHaveLength(1);
    expect(toB).toHaveLength(0);
    expect(toC).toHaveLength(1);
    expect(toA[0]!.subject).toBe('Room change for Kenya Tech Week');
    expect(toA[0]!.text).toContain('Hello Amina, we moved to Hall B.');
    const [orgRow] = await t.database.db
      .select({ display_name: organisations.displayName })
      .from(organisations)
      .where(eq(organisations.id, org.organisationId));
    expect(toA[0]!.text).toContain(`— ${orgRow!.display_name}`);
    expect(toA[0]!.text).toMatch(/Stop messages from .*: https:\/\/tikiti\.example\.com\/messages\/stop\?token=/);
    const sms = await smsTo(phoneA);
    expect(sms).toHaveLength(1);
    expect(sms[0]!.text).toContain('Hello Amina, we moved to Hall B.');

    const detail = await t.app.inject({
      method: 'GET',
      url: `/v1/client/event/${event.id}/messages/${id}`,
      headers: { auth: org.token },
    });
    const data = messageDetailResponseSchema.parse(detail.json()).data;
    expect(data.status).toBe('sent');
    expect(data.counts).toEqual({ recipients: 3, queued: 0, sent: 3, failed: 0, skipped: 0 });
    expect(data.recipients.map((r) => `${r.channel}:${r.address}`).sort()).toEqual(
      [`mail:${a.booking.email}`, `mail:${c.booking.email}`, `sms:${phoneA}`].sort(),
    );
  });

  it('at a time waits until then, and resolves its audience when it goes', async () => {
    const { event, b } = await eventWithAttendees('Scheduled Summit');
    const res = await post(event.id, draft({ send_at: new Date(Date.now() + 3_600_000).toISOString() }));
    expect(res.statusCode).toBe(201);
    expect(res.json().data.status).toBe('scheduled');
    await runJobs();
    expect(await mailTo(t, b.booking.email)).toHaveLength(0);
    const list = await t.app.inject({
      method: 'GET',
      url: `/v1/client/event/${event.id}/messages`,
      headers: { auth: org.token },
    });
    expect(list.json().data.data[0].status).toBe('scheduled');
    expect(list.json().data.data[0].counts.recipients).toBe(0);
    // Its time comes.
    await t.database.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.kind, 'messages.dispatch'));
    await runJobs();
    expect(await mailTo(t, b.booking.email)).toHaveLength(1);
  });

  it('refuses the 6th message of a day for the event, with its code', async () => {
    const { event } = await eventWithAttendees('Busy Expo');
    for (let i = 0; i < 5; i++) expect((await post(event.id, draft({ subject: `Update ${i}` }))).statusCode).toBe(201);
    const sixth = await post(event.id, draft({ subject: 'One more' }));
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().data.code).toBe('message.daily_limit');
    const list = await t.app.inject({
      method: 'GET',
      url: `/v1/client/event/${event.id}/messages`,
      headers: { auth: org.token },
    });
    expect(list.json().data.sent_today).toBe(5);
    // A test to oneself is not counted.
    expect((await post(event.id, draft(), org.token, '/test')).statusCode).toBe(200);
  });

  it('sends marketing only to those who agreed to news; operational to everyone', async () => {
    const { event, a, c } = await eventWithAttendees('Marketing Fair');
    await recordCheckoutConsent(t.database.db, { email: a.booking.email, accountId: null, eventId: event.id });
    await post(event.id, draft({ purpose: 'marketing', subject: 'Our next show' }));
    await runJobs();
    expect((await mailTo(t, a.booking.email)).map((m) => m.subject)).toEqual(['Our next show']);
    expect(await mailTo(t, c.booking.email)).toHaveLength(0);
  });

  it('skips an address that followed the stop link, for that organiser only', async () => {
    const { event, a } = await eventWithAttendees('Stop Test');
    await post(event.id, draft({ subject: 'First' }));
    await runJobs();
    const [first] = await mailTo(t, a.booking.email);
    const token = decodeURIComponent(/messages\/stop\?token=(\S+)/.exec(first!.text)![1]!);
    const stop = await t.app.inject({ method: 'POST', url: '/v1/messages/stop', payload: { token } });
    expect(stop.statusCode).toBe(200);
    expect(stop.json().data.address).not.toContain(a.booking.email.split('@')[0]);
    const forged = await t.app.inject({ method: 'POST', url: '/v1/messages/stop', payload: { token: `${token}x` } });
    expect(forged.json().data.code).toBe('privacy.link_invalid');

    const second = await post(event.id, draft({ subject: 'Second' }));
    await runJobs();
    expect((await mailTo(t, a.booking.email)).map((m) => m.subject)).toEqual(['First']);
    const detail = await t.app.inject({
      method: 'GET',
      url: `/v1/client/event/${event.id}/messages/${second.json().data.id}`,
      headers: { auth: org.token },
    });
    expect(detail.json().data.recipients.find((r: { address: string }) => r.address === a.booking.email).state).toBe(
      'skipped',
    );
  });

  it("previews with a real attendee's values and refuses an empty audience", async () => {
    const { event, tickets } = await eventWithAttendees('Preview Night');
    const preview = await post(
      event.id,
      draft({ audience: { kind: 'checked_in' }, channels: ['mail', 'sms'] }),
      org.token,
      '/preview',
    );
    expect(preview.statusCode).toBe(200);
    expect(preview.json().data.sample_name).toBe('Baraka Otieno');
    expect(preview.json().data.mail_text).toContain('Hello Baraka, we moved to Hall B.');
    expect(preview.json().data.recipients).toEqual({ mail: 2, sms: 0 });
    const none = await post(event.id, draft({ audience: { kind: 'awaiting_payment' } }));
    expect(none.statusCode).toBe(409);
    expect(none.json().data.code).toBe('message.no_recipients');
    const wrongType = await post(
      event.id,
      draft({ audience: { kind: 'ticket_type', ticket_type_id: tickets[0]!.id + 100000 } }),
    );
    expect(wrongType.statusCode).toBe(400);
  });

  it("is refused on another organisation's event (404)", async () => {
    const { event } = await eventWithAttendees('Private Gala');
    const other = await createOrganiser(t.database.db);
    expect((await post(event.id, draft(), other.token)).statusCode).toBe(404);
    expect((await post(event.id, draft(), other.token, '/preview')).statusCode).toBe(404);
    expect((await post(event.id, draft(), other.token, '/test')).statusCode).toBe(404);
    const list = await t.app.inject({
      method: 'GET',
      url: `/v1/client/event/${event.id}/messages`,
      headers: { auth: other.token },
    });
    expect(list.statusCode).toBe(404);
  });
});

describe('the SMS simulator', () => {
  it('records each SMS to the phone given, for loopback callers only', async () => {
    const { event, phoneA } = await eventWithAttendees('SMS Only');
    await post(event.id, draft({ channels: ['sms'], body: "Gates open at {first_name} o'clock" }));
    await runJobs();
    const sms = await smsTo(phoneA);
    expect(sms.map((s) => s.to)).toEqual([phoneA]);
    expect(sms[0]!.from).toBe('TIKITI');
    const page = await t.app.inject({ method: 'GET', url: '/dev/sms' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(phoneA);
    const remote = await t.app.inject({ method: 'GET', url: '/dev/sms.json', remoteAddress: '203.0.113.9' });
    expect(remote.statusCode).toBe(404);
  });
});
