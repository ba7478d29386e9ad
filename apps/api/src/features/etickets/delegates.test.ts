import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import {
  BOOKING_STATUS,
  delegateTicketResponseSchema,
  doorKitResponseSchema,
  errorEnvelopeSchema,
  putTicketAttendeeResponseSchema,
  viewTicketsResponseSchema,
  type ETicket,
  type PutAttendeeBody,
  type Question,
} from '@tikiti/contract';
import { attendeeChanges, bookingAttendees, bookings, eTickets, events } from '../../db/schema/index.js';
import { createCategory, createEvent, createOrganiser } from '../../test-support/fixtures.js';
import { book, guest, payWithCard, retrieve } from '../../test-support/checkout.js';
import { mailTo } from '../../test-support/mailbox.js';
import { pdfPages } from '../../test-support/pdf-text.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { ticketUrlSignerUntil } from './ticket-urls.js';

/**
 * Delegates on e-tickets (docs/product.md#delegates-and-questions): each ticket carries its
 * delegate's name in the buyer's view, the PDF and at the door; a rename before the lock re-issues
 * the ticket's code (docs/decisions/0025-rename-reissues-the-code.md) and mails the delegate their
 * own ticket; after the lock nothing changes; a delegate's link opens their ticket only.
 */
let t: TestApp;
let owner: Awaited<ReturnType<typeof createOrganiser>>;
let categoryId: number;

beforeAll(async () => {
  t = await createTestApp({ BOOKINGS_PER_ADDRESS: '0' });
  owner = await createOrganiser(t.database.db, { confirmed: true });
  categoryId = (await createCategory(t.database.db)).id;
});
afterAll(() => t.close());

const db = () => t.database.db;

interface Summit {
  eventId: number;
  delegate: number;
  diet: Question;
  badge: Question;
  company: Question;
}

/** A summit a week away with its questions: dietary needs (required), a badge line, the buyer's company. */
async function aSummit(): Promise<Summit> {
  const { event, tickets } = await createEvent(db(), {
    organisationId: owner.organisationId,
    categoryId,
    title: 'Nairobi Fintech Summit',
    startsInHours: 24 * 7,
    tickets: [{ name: 'Delegate', price: 19.99, max: 50 }],
  });
  const res = await t.app.inject({
    method: 'PUT',
    url: `/v1/client/event/${event.id}/questions`,
    headers: { auth: owner.token },
    payload: [
      { kind: 'single_choice', label: 'Dietary needs', scope: 'attendee', required: true, options: ['None', 'Halal'] },
      { kind: 'text', label: 'Badge line', scope: 'attendee' },
      { kind: 'text', label: 'Company for the invoice', scope: 'order' },
    ],
  });
  expect(res.statusCode, res.body).toBe(200);
  const [diet, badge, company] = res.json().data as Question[];
  return { eventId: event.id, delegate: tickets[0]!.id, diet: diet!, badge: badge!, company: company! };
}

const DELEGATES = [
  { full_name: 'Amina Odhiambo', email: 'amina@example.co.ke', company: 'Equity Bank' },
  { full_name: 'Brian Kiprono', email: 'brian@example.co.ke', company: 'Safaricom PLC' },
  { full_name: 'Chebet Langat', email: 'chebet@example.co.ke', company: 'KCB Group' },
];

/** A guest books, pays and settles three tickets for three named delegates. */
async function threeDelegates(s: Summit, badge = 'Speaker') {
  const buyer = guest();
  const booked = await book(t.app, {
    event_id: s.eventId,
    details: buyer,
    tickets: [{ id: s.delegate, qty: 3 }],
    attendees: DELEGATES.map((d, i) => ({
      ticket_type_id: s.delegate,
      ...d,
      answers: [
        { question_id: s.diet.id, value: i === 1 ? 'Halal' : 'None' },
        ...(i === 0 ? [{ question_id: s.badge.id, value: badge }] : []),
      ],
    })),
    answers: [{ question_id: s.company.id, value: '=HYPERLINK("http://evil.example","Click")' }],
  });
  expect(booked.statusCode, booked.body).toBe(201);
  const { client_secret: secret, booking_reference: reference } = booked.json().data;
  const token = booked.headers.auth as string;
  expect((await payWithCard(t.app, secret)).json().data.status).toBe('succeeded');
  expect((await retrieve(t.app, secret, token)).json().data.status).toBe(BOOKING_STATUS.paid);
  return { token, reference: reference as string, buyer };
}

async function viewOf(token: string): Promise<ETicket[]> {
  const res = await t.app.inject({ method: 'GET', url: '/v1/tickets/view', headers: { auth: token } });
  expect(res.statusCode, res.body).toBe(200);
  return viewTicketsResponseSchema.parse(res.json()).data;
}

const rename = (ticketId: number, body: PutAttendeeBody, token: string) =>
  t.app.inject({ method: 'PUT', url: `/v1/tickets/${ticketId}/attendee`, headers: { auth: token }, payload: body });

const organiserRename = (ticketId: number, body: PutAttendeeBody, token = owner.token) =>
  t.app.inject({
    method: 'PUT',
    url: `/v1/client/ticket/${ticketId}/attendee`,
    headers: { auth: token },
    payload: body,
  });

const scan = (eventId: number, code: string) =>
  t.app.inject({
    method: 'POST',
    url: `/v1/client/event/${eventId}/checkin`,
    headers: { auth: owner.token },
    payload: { code, device_id: 'Door 1' },
  });

const sync = (eventId: number, code: string, localId: string) =>
  t.app.inject({
    method: 'POST',
    url: `/v1/client/event/${eventId}/checkin/sync`,
    headers: { auth: owner.token },
    payload: { device_id: 'Door 2', scans: [{ local_id: localId, code, scanned_at: new Date().toISOString() }] },
  });

async function kitOf(eventId: number) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/v1/client/event/${eventId}/checkin/tickets`,
    headers: { auth: owner.token },
  });
  expect(res.statusCode, res.body).toBe(200);
  return doorKitResponseSchema.parse(res.json()).data;
}

const code = (res: { json: () => unknown }) => errorEnvelopeSchema.parse(res.json()).data.code;

/** Everything a refused change must leave as it was: the booking's delegates, its e-tickets, the history. */
async function delegateState(bookingReference: string) {
  const [booking] = await db().select().from(bookings).where(eq(bookings.reference, bookingReference));
  return {
    attendees: await db()
      .select()
      .from(bookingAttendees)
      .where(eq(bookingAttendees.bookingId, booking!.id))
      .orderBy(asc(bookingAttendees.id)),
    tickets: await db().select().from(eTickets).where(eq(eTickets.bookingId, booking!.id)).orderBy(asc(eTickets.id)),
    changes: (await db().select().from(attendeeChanges)).length,
  };
}

describe('three named delegates', () => {
  it('give three e-tickets, each in its own name: in the view, the PDF and at the door', async () => {
    const s = await aSummit();
    const { token } = await threeDelegates(s);
    const [booking] = await viewOf(token);
    expect(booking!.attendee_names).toBe('later');
    expect(booking!.questions.map((q) => q.label)).toEqual(['Dietary needs', 'Badge line']);
    const event = (await db().select().from(events).where(eq(events.id, s.eventId)))[0]!;
    expect(booking!.changes_until).toBe(new Date(event.startTime.getTime() - 24 * 3_600_000).toISOString());
    expect(booking!.tickets.map((x) => [x.holder_name, x.attendee.company, x.attendee.named])).toEqual(
      DELEGATES.map((d) => [d.full_name, d.company, true]),
    );
    expect(booking!.tickets[0]!.attendee.answers).toEqual([
      { question_id: s.diet.id, label: 'Dietary needs', text: 'None' },
      { question_id: s.badge.id, label: 'Badge line', text: 'Speaker' },
    ]);

    const pdf = await t.app.inject({ method: 'GET', url: booking!.link });
    expect(pdf.statusCode).toBe(200);
    const pages = await pdfPages(pdf.rawPayload);
    expect(pages).toHaveLength(3);
    DELEGATES.forEach((d, i) => {
      expect(pages[i]).toContain(d.full_name);
      expect(pages[i]).toContain(d.company);
    });
    // The buyer's name stays on the booking.
    expect(booking!.holder_name).toBe('Wanjiru Kamau');

    const kit = await kitOf(s.eventId);
    expect(kit.tickets.map((k) => [k.holder_name, k.company, k.reissued])).toEqual(
      DELEGATES.map((d) => [d.full_name, d.company, false]),
    );
    const verdict = (await scan(s.eventId, booking!.tickets[1]!.code)).json().data.verdict;
    expect(verdict).toMatchObject({
      result: 'admitted',
      ticket: { holder_name: 'Brian Kiprono', company: 'Safaricom PLC', ticket_type: 'Delegate' },
    });
  });
});

describe('PUT v1/tickets/{ticket_id}/attendee', () => {
  it('before the lock re-issues the code: the old one is refused "reissued" online and in sync, the new one admits once', async () => {
    const s = await aSummit();
    const { token, buyer } = await threeDelegates(s);
    const [before] = await viewOf(token);
    const old = before!.tickets[0]!;
    const res = await rename(
      old.id,
      {
        full_name: 'Daudi Mwangi',
        email: 'daudi@example.co.ke',
        company: 'M-Kopa',
        answers: [{ question_id: s.diet.id, value: 'Halal' }],
      },
      token,
    );
    expect(res.statusCode, res.body).toBe(200);
    const renamed = putTicketAttendeeResponseSchema.parse(res.json()).data;
    expect(renamed.id).not.toBe(old.id);
    expect(renamed.code).not.toBe(old.code);
    // Its number in the booking and its short reference do not change.
    expect(renamed.reference).toBe(old.reference);
    expect(renamed).toMatchObject({ holder_name: 'Daudi Mwangi', attendee: { company: 'M-Kopa', named: true } });
    // The answers asked again: the badge line, not given this time, is gone.
    expect(renamed.attendee.answers).toEqual([{ question_id: s.diet.id, label: 'Dietary needs', text: 'Halal' }]);
    const [after] = await viewOf(token);
    expect(after!.tickets.map((x) => x.id)).toEqual([renamed.id, before!.tickets[1]!.id, before!.tickets[2]!.id]);

    expect((await scan(s.eventId, old.code)).json().data.verdict).toMatchObject({
      result: 'reissued',
      persons: 0,
      ticket: { id: old.id, holder_name: 'Amina Odhiambo' },
    });
    expect((await sync(s.eventId, old.code, 'old-1')).json().data.results[0]).toMatchObject({ result: 'reissued' });
    const kit = await kitOf(s.eventId);
    expect(kit.tickets.filter((k) => k.number === 1).map((k) => [k.id, k.reissued])).toEqual([
      [old.id, true],
      [renamed.id, false],
    ]);
    expect(kit.counts.tickets_sold).toBe(3);
    expect((await scan(s.eventId, renamed.code)).json().data.verdict).toMatchObject({
      result: 'admitted',
      ticket: { id: renamed.id, holder_name: 'Daudi Mwangi', company: 'M-Kopa' },
    });
    expect((await scan(s.eventId, renamed.code)).json().data.verdict.result).toBe('already_checked_in');
    // A typed short reference names the ticket's place: its live row.
    expect((await scan(s.eventId, old.reference)).json().data.verdict).toMatchObject({
      result: 'already_checked_in',
      ticket: { id: renamed.id },
    });

    // The new delegate is mailed their own ticket, the buyer copied.
    const [mail] = await mailTo(t, 'daudi@example.co.ke');
    expect(mail!.subject).toBe(`Your ticket for Nairobi Fintech Summit (${old.reference})`);
    const listed = (await t.app.inject({ method: 'GET', url: '/dev/mailbox.json?to=daudi@example.co.ke' })).json()
      .data[0];
    expect(listed.cc).toBe(buyer.email_address);
    const parsed = await simpleParser((await t.app.inject({ method: 'GET', url: listed.raw_url })).rawPayload);
    expect(parsed.cc && 'text' in parsed.cc ? parsed.cc.text : '').toBe(buyer.email_address);
    const attachment = parsed.attachments.find((a) => a.contentType === 'application/pdf')!;
    const [page] = await pdfPages(attachment.content);
    expect(page).toContain('Daudi Mwangi');
    expect(page).toContain('M-Kopa');
    expect(page).toContain('Your ticket');
    expect(page).not.toContain('Brian Kiprono');
    expect(mail!.text).toMatch(/Add to calendar: http\S+\/v1\/tickets\/\d+\/event\.ics\?sig=/);

    // The organiser sees who changed what.
    const history = await t.app.inject({
      method: 'GET',
      url: `/v1/client/ticket/${renamed.id}/attendee/changes`,
      headers: { auth: owner.token },
    });
    expect(history.json().data).toEqual([
      {
        at: expect.any(String),
        by: 'buyer',
        by_name: 'Wanjiru Kamau',
        from: { full_name: 'Amina Odhiambo', email: 'amina@example.co.ke' },
        to: { full_name: 'Daudi Mwangi', email: 'daudi@example.co.ke' },
        reissued: true,
      },
    ]);
  });

  it('refuses an old id of a re-issued ticket (409 attendee.ticket_reissued), changing nothing', async () => {
    const s = await aSummit();
    const { token, reference } = await threeDelegates(s);
    const old = (await viewOf(token))[0]!.tickets[2]!;
    const answers = [{ question_id: s.diet.id, value: 'None' }];
    expect((await rename(old.id, { full_name: 'Daudi Mwangi', answers }, token)).statusCode).toBe(200);
    const before = await delegateState(reference);
    const again = await rename(old.id, { full_name: 'Esther Wambui', answers }, token);
    expect([again.statusCode, code(again)]).toEqual([409, 'attendee.ticket_reissued']);
    expect(await delegateState(reference)).toEqual(before);
  });

  it('after the lock answers 409 attendee.changes_locked with the lock time, and nothing changes', async () => {
    const s = await aSummit();
    const { token, reference } = await threeDelegates(s);
    const ticket = (await viewOf(token))[0]!.tickets[0]!;
    // The event starts in 10 hours; changes stopped 24 hours before it.
    const start = new Date(Date.now() + 10 * 3_600_000);
    start.setUTCMinutes(0, 0, 0);
    await db()
      .update(events)
      .set({ startTime: start, endTime: new Date(start.getTime() + 8 * 3_600_000) })
      .where(eq(events.id, s.eventId));
    const before = await delegateState(reference);
    const res = await rename(
      ticket.id,
      { full_name: 'Daudi Mwangi', answers: [{ question_id: s.diet.id, value: 'None' }] },
      token,
    );
    expect([res.statusCode, code(res)]).toEqual([409, 'attendee.changes_locked']);
    const lock = new Date(start.getTime() - 24 * 3_600_000);
    const eat = new Date(lock.getTime() + 3 * 3_600_000);
    const hhmm = `${String(eat.getUTCHours()).padStart(2, '0')}:${String(eat.getUTCMinutes()).padStart(2, '0')}`;
    expect(res.json().status_description).toMatch(
      new RegExp(`^Delegates can no longer be changed: .* at ${hhmm} EAT$`),
    );
    expect(await delegateState(reference)).toEqual(before);
    expect((await viewOf(token))[0]!.changes_until).toBe(lock.toISOString());
    // The organiser has no lock.
    const fixed = await organiserRename(ticket.id, {
      full_name: 'Daudi Mwangi',
      answers: [{ question_id: s.diet.id, value: 'None' }],
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json().data).toMatchObject({ holder_name: 'Daudi Mwangi', named: true, changed: true });
  });

  it('checks the answers as at booking: a required one missing is a 400 on answers', async () => {
    const s = await aSummit();
    const { token } = await threeDelegates(s);
    const ticket = (await viewOf(token))[0]!.tickets[0]!;
    const res = await rename(ticket.id, { full_name: 'Daudi Mwangi' }, token);
    expect(res.statusCode).toBe(400);
    expect(errorEnvelopeSchema.parse(res.json()).data.errors).toEqual([
      { path: 'answers', message: 'Dietary needs: an answer is required' },
    ]);
  });

  it('lets a guest’s checkout key rename only its own booking’s tickets', async () => {
    const s = await aSummit();
    const mine = await threeDelegates(s);
    const theirs = await threeDelegates(s);
    const target = (await viewOf(theirs.token))[0]!.tickets[0]!;
    const before = await delegateState(theirs.reference);
    const body = { full_name: 'Intruder', answers: [{ question_id: s.diet.id, value: 'None' }] };
    const res = await rename(target.id, body, mine.token);
    expect([res.statusCode, res.json().status_description]).toEqual([404, 'Ticket not found']);
    expect(await delegateState(theirs.reference)).toEqual(before);
    // The same 404 as a ticket that does not exist, and 401 without a token.
    expect((await rename(987_654, body, mine.token)).body).toBe(res.body);
    expect(
      (await t.app.inject({ method: 'PUT', url: `/v1/tickets/${target.id}/attendee`, payload: body })).statusCode,
    ).toBe(401);
    expect((await rename(target.id, body, owner.token)).statusCode).toBe(406);
  });

  it('refuses to rename a ticket already admitted (409); the organiser corrects it without a new code', async () => {
    const s = await aSummit();
    const { token, reference } = await threeDelegates(s);
    const ticket = (await viewOf(token))[0]!.tickets[1]!;
    expect((await scan(s.eventId, ticket.code)).json().data.verdict.result).toBe('admitted');
    const before = await delegateState(reference);
    const answers = [{ question_id: s.diet.id, value: 'Halal' }];
    const res = await rename(ticket.id, { full_name: 'Brian Kipronoh', answers }, token);
    expect([res.statusCode, code(res)]).toEqual([409, 'attendee.already_admitted']);
    expect(await delegateState(reference)).toEqual(before);
    // A change that keeps the name and email (a company) is no rename: allowed.
    const company = await rename(
      ticket.id,
      { full_name: 'Brian Kiprono', email: 'brian@example.co.ke', company: 'Safaricom', answers },
      token,
    );
    expect(company.statusCode, company.body).toBe(200);
    expect(company.json().data).toMatchObject({ id: ticket.id, attendee: { company: 'Safaricom' } });

    const fixed = await organiserRename(ticket.id, {
      full_name: 'Brian Kipronoh',
      email: 'brian@example.co.ke',
      answers,
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json().data).toMatchObject({
      id: ticket.id,
      holder_name: 'Brian Kipronoh',
      checked_in_at: expect.any(String),
    });
    const [row] = await db().select().from(eTickets).where(eq(eTickets.id, ticket.id));
    expect([row!.code, row!.holderName, row!.reissuedAt]).toEqual([ticket.code, 'Brian Kipronoh', null]);
    const history = (
      await t.app.inject({
        method: 'GET',
        url: `/v1/client/ticket/${ticket.id}/attendee/changes`,
        headers: { auth: owner.token },
      })
    ).json().data;
    expect(history).toEqual([
      expect.objectContaining({ by: 'organiser', by_name: expect.stringMatching(/^Wanjiku Test/), reissued: false }),
    ]);
  });

  it('names a ticket left to be named, re-issuing it in the delegate’s name', async () => {
    const s = await aSummit();
    const buyer = guest();
    const booked = await book(t.app, { event_id: s.eventId, details: buyer, tickets: [{ id: s.delegate, qty: 2 }] });
    const token = booked.headers.auth as string;
    await payWithCard(t.app, booked.json().data.client_secret);
    await retrieve(t.app, booked.json().data.client_secret, token);
    const [b] = await viewOf(token);
    expect(b!.tickets.map((x) => [x.holder_name, x.attendee.named])).toEqual([
      ['Wanjiru Kamau', false],
      ['Wanjiru Kamau', false],
    ]);
    const res = await rename(
      b!.tickets[1]!.id,
      { full_name: 'Faith Njeri', email: 'faith@example.co.ke', answers: [{ question_id: s.diet.id, value: 'None' }] },
      token,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ holder_name: 'Faith Njeri', attendee: { named: true } });
    const [mail] = await mailTo(t, 'faith@example.co.ke');
    expect(mail!.subject).toContain(b!.tickets[1]!.reference);
  });
});

describe('the delegate’s link', () => {
  async function linkOf(mailedTo: string) {
    const [mail] = await mailTo(t, mailedTo);
    const url = /Your ticket: (\S+)/.exec(mail!.text)![1]!;
    const { pathname, searchParams } = new URL(url);
    const id = Number(/^\/ticket\/(\d+)$/.exec(pathname)![1]);
    return { id, sig: searchParams.get('sig')! };
  }

  it('opens that one ticket only; a forged or re-issued one is a 404', async () => {
    const s = await aSummit();
    const { token } = await threeDelegates(s);
    const [b] = await viewOf(token);
    const answers = [{ question_id: s.diet.id, value: 'None' }];
    const renamed = (
      await rename(b!.tickets[0]!.id, { full_name: 'Grace Achieng', email: 'grace@example.co.ke', answers }, token)
    ).json().data;
    const link = await linkOf('grace@example.co.ke');
    expect(link.id).toBe(renamed.id);
    const open = (id: number, sig: string) =>
      t.app.inject({ method: 'GET', url: `/v1/tickets/delegate/${id}?sig=${encodeURIComponent(sig)}` });
    const res = await open(link.id, link.sig);
    expect(res.statusCode, res.body).toBe(200);
    const data = delegateTicketResponseSchema.parse(res.json()).data;
    expect(data.ticket).toMatchObject({
      id: renamed.id,
      holder_name: 'Grace Achieng',
      reference: b!.tickets[0]!.reference,
    });
    // Nothing else of the booking: no booking code, no other ticket, no price.
    expect(res.body).not.toContain(b!.booking_code);
    expect(res.body).not.toContain('Brian Kiprono');
    expect(res.body).not.toContain('19.99');
    const pdf = await t.app.inject({ method: 'GET', url: data.link });
    expect(pdf.statusCode).toBe(200);
    const pages = await pdfPages(pdf.rawPayload);
    expect(pages).toHaveLength(1);
    expect(pages[0]).toContain('Grace Achieng');
    const ics = await t.app.inject({ method: 'GET', url: data.calendar_link });
    expect(ics.statusCode).toBe(200);
    expect(ics.body).toContain('SUMMARY:Nairobi Fintech Summit');

    // Its signature opens no other ticket, a changed one opens nothing, and none is a 404.
    expect((await open(b!.tickets[1]!.id, link.sig)).statusCode).toBe(404);
    const forged = link.sig.replace(/\.(.)/, (_, c: string) => `.${c === 'A' ? 'B' : 'A'}`);
    expect((await open(link.id, forged)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/v1/tickets/delegate/${link.id}` })).statusCode).toBe(404);
    // Renamed again: the old link (and its files) no longer open.
    await rename(renamed.id, { full_name: 'Halima Said', email: 'halima@example.co.ke', answers }, token);
    expect((await open(link.id, link.sig)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: data.link })).statusCode).toBe(404);
    // Even properly signed, an old id is not a ticket any more.
    const sign = await ticketUrlSignerUntil({ config: t.config, db: db() }, new Date(Date.now() + 86_400_000));
    const oldSig = new URL(`http://x${sign(`delegate:${b!.tickets[0]!.id}`)}`).searchParams.get('sig')!;
    expect((await open(b!.tickets[0]!.id, oldSig)).statusCode).toBe(404);
  });
});

describe('the organiser’s attendees and orders', () => {
  const FORMULA = '=HYPERLINK("http://evil.example","Click")';
  const NEUTRALISED = `"'=HYPERLINK(""http://evil.example"",""Click"")"`;

  it('lists a row per live ticket with delegates, filters and searches them, and exports a column per question', async () => {
    const s = await aSummit();
    const { token } = await threeDelegates(s, FORMULA);
    const later = await book(t.app, { event_id: s.eventId, tickets: [{ id: s.delegate, qty: 1 }] });
    await payWithCard(t.app, later.json().data.client_secret);
    await retrieve(t.app, later.json().data.client_secret, later.headers.auth as string);
    const answers = [{ question_id: s.diet.id, value: 'None' }];
    const [, brian, chebet] = (await viewOf(token))[0]!.tickets;
    const phone = { full_name: 'Brian Kiprono', email: 'brian@example.co.ke', msisdn: '0722 000 111', answers };
    expect((await rename(brian!.id, { ...phone, company: 'Safaricom PLC' }, token)).statusCode).toBe(200);
    const ivy = { full_name: 'Ivy Wanjiru', company: 'Twiga Foods', answers };
    expect((await rename(chebet!.id, ivy, token)).statusCode).toBe(200);
    const list = async (query: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/v1/client/event/${s.eventId}/attendees${query}`,
        headers: { auth: owner.token },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as { total: number; data: { holder_name: string; named: boolean; changed: boolean }[] };
    };
    const names = async (query: string) => (await list(query)).data.map((a) => a.holder_name);
    const all = await list('');
    expect(all.total).toBe(4);
    expect(all.data.map((a) => [a.holder_name, a.named, a.changed])).toEqual([
      ['Amina Odhiambo', true, false],
      ['Brian Kiprono', true, false],
      ['Ivy Wanjiru', true, true],
      ['Wanjiru Kamau', false, false],
    ]);
    expect(await names('?names=to_be_named')).toEqual(['Wanjiru Kamau']);
    expect(await names('?names=changed')).toEqual(['Ivy Wanjiru']);
    expect(await names('?q=twiga')).toEqual(['Ivy Wanjiru']);
    expect(await names('?q=brian%40example')).toEqual(['Brian Kiprono']);
    expect(await names('?q=equity')).toEqual(['Amina Odhiambo']);
    expect(await names('?q=0722%20000%20111')).toEqual(['Brian Kiprono']);

    const csv = await t.app.inject({
      method: 'GET',
      url: `/v1/client/event/${s.eventId}/attendees.csv`,
      headers: { auth: owner.token },
    });
    const lines = csv.rawPayload.toString('utf8').split('\r\n');
    expect(lines[0]).toMatch(/,Device,Dietary needs,Badge line$/);
    expect(lines).toHaveLength(6); // header, a row per live ticket, the final line end
    expect(lines.find((l) => l.includes('Ivy Wanjiru'))).toMatch(/,Twiga Foods,,Yes,Yes,Delegate,.*,None,$/);
    expect(lines.find((l) => l.includes('Brian Kiprono'))).toContain(',"=""+254722000111""",Safaricom PLC,');
    const amina = lines.find((l) => l.includes('Amina Odhiambo'))!;
    expect(amina).toMatch(new RegExp(`,None,${NEUTRALISED.replace(/[()"+.]/g, '\\$&')}$`));

    const orders = await t.app.inject({
      method: 'GET',
      url: `/v1/client/event/${s.eventId}/orders`,
      headers: { auth: owner.token },
    });
    const withAnswer = orders.json().data.data.filter((o: { answers: unknown[] }) => o.answers.length > 0);
    expect(withAnswer.map((o: { answers: unknown }) => o.answers)).toEqual([
      [{ question_id: s.company.id, label: 'Company for the invoice', text: FORMULA }],
    ]);
    const ordersCsv = (
      await t.app.inject({
        method: 'GET',
        url: `/v1/client/event/${s.eventId}/orders.csv`,
        headers: { auth: owner.token },
      })
    ).rawPayload.toString('utf8');
    expect(ordersCsv.split('\r\n')[0]).toMatch(/,Company for the invoice$/);
    expect(ordersCsv).toContain(`,${NEUTRALISED}\r\n`);
  });
});

describe('old rows of re-issued tickets', () => {
  it('never take a second live place: (line, place) is unique among live e-tickets', async () => {
    const s = await aSummit();
    const { token } = await threeDelegates(s);
    const ticket = (await viewOf(token))[0]!.tickets[0]!;
    const [row] = await db().select().from(eTickets).where(eq(eTickets.id, ticket.id));
    await expect(
      db()
        .insert(eTickets)
        .values({ ...row!, id: undefined, code: `${row!.code}x` }),
    ).rejects.toThrow();
    const live = await db()
      .select()
      .from(eTickets)
      .where(and(eq(eTickets.bookingLineId, row!.bookingLineId), eq(eTickets.seq, row!.seq)));
    expect(live).toHaveLength(1);
  });
});
