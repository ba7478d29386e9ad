import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import {
  errorEnvelopeSchema,
  eventSchema,
  questionsResponseSchema,
  type QuestionInput,
  type QuestionKind,
} from '@tikiti/contract';
import { bookingAnswers, bookingAttendees, bookings, eventQuestions, events } from '../../db/schema/index.js';
import { createCategory, createEvent, createOrganiser } from '../../test-support/fixtures.js';
import { book, guest, stockOf } from '../../test-support/checkout.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';

/**
 * An event's questions and a booking's delegates (docs/product.md#delegates-and-questions): the
 * organiser's set, replaced in one call, and every answer and name checked before anything is held.
 */
let t: TestApp;
let owner: Awaited<ReturnType<typeof createOrganiser>>;
let categoryId: number;

beforeAll(async () => {
  t = await createTestApp({ BOOKINGS_PER_ADDRESS: '0' });
  owner = await createOrganiser(t.database.db);
  categoryId = (await createCategory(t.database.db)).id;
});
afterAll(() => t.close());

const db = () => t.database.db;

async function anEvent(opts: { attendeeNames?: 'at_checkout' | 'later' } = {}) {
  const created = await createEvent(db(), {
    organisationId: owner.organisationId,
    categoryId,
    tickets: [
      { name: 'Delegate', price: 19.99, max: 50 },
      { name: 'VIP', price: 33.33, max: 10 },
    ],
  });
  if (opts.attendeeNames) {
    await db().update(events).set({ attendeeNames: opts.attendeeNames }).where(eq(events.id, created.event.id));
  }
  return { eventId: created.event.id, delegate: created.tickets[0]!.id, vip: created.tickets[1]!.id };
}

const putQuestions = (eventId: number, body: QuestionInput[], token = owner.token) =>
  t.app.inject({
    method: 'PUT',
    url: `/v1/client/event/${eventId}/questions`,
    headers: { auth: token },
    payload: body,
  });

const getQuestions = (eventId: number, token = owner.token) =>
  t.app.inject({ method: 'GET', url: `/v1/client/event/${eventId}/questions`, headers: { auth: token } });

async function withQuestions(eventId: number, body: QuestionInput[]) {
  const res = await putQuestions(eventId, body);
  expect(res.statusCode, res.body).toBe(200);
  return questionsResponseSchema.parse(res.json()).data;
}

function refusal(res: { statusCode: number; json: () => unknown }) {
  expect(res.statusCode).toBe(400);
  return errorEnvelopeSchema.parse(res.json());
}

const bookingsOf = (eventId: number) => db().select().from(bookings).where(eq(bookings.eventId, eventId));

describe('GET and PUT v1/client/event/{id}/questions', () => {
  it('replaces the set in order; the public details and the organiser’s event ask them', async () => {
    const { eventId, vip } = await anEvent();
    expect((await getQuestions(eventId)).json().data).toEqual([]);
    const saved = await withQuestions(eventId, [
      { kind: 'text', label: 'Company name for the invoice', scope: 'order', required: true },
      { kind: 'single_choice', label: 'Dietary needs', scope: 'attendee', options: ['None', 'Vegetarian', 'Halal'] },
      { kind: 'checkbox', label: 'Share my details with sponsors', scope: 'attendee', ticket_type_ids: [vip] },
    ]);
    expect(saved.map((q) => [q.label, q.scope, q.required, q.options, q.ticket_type_ids])).toEqual([
      ['Company name for the invoice', 'order', true, [], []],
      ['Dietary needs', 'attendee', false, ['None', 'Vegetarian', 'Halal'], []],
      ['Share my details with sponsors', 'attendee', false, [], [vip]],
    ]);
    expect((await getQuestions(eventId)).json().data).toEqual(saved);
    const details = eventSchema.parse(
      (await t.app.inject({ method: 'GET', url: `/v1/event/details/${eventId}` })).json().data,
    );
    expect(details.questions).toEqual(saved);
    expect([details.attendee_names, details.changes_lock_hours]).toEqual(['later', 24]);
    const own = await t.app.inject({
      method: 'GET',
      url: `/v1/client/event/${eventId}`,
      headers: { auth: owner.token },
    });
    expect(own.json().data.questions).toEqual(saved);

    // Reordered and changed: kept ids keep their rows, a new one is added, a left-out one deleted.
    const [company, dietary] = saved;
    const next = await withQuestions(eventId, [
      { id: dietary!.id, kind: 'single_choice', label: 'Dietary needs', scope: 'attendee', options: ['None', 'Vegan'] },
      { id: company!.id, kind: 'text', label: 'Company', scope: 'order' },
      { kind: 'date', label: 'Date of birth', scope: 'attendee' },
    ]);
    expect(next.map((q) => q.id).slice(0, 2)).toEqual([dietary!.id, company!.id]);
    expect(next.map((q) => q.label)).toEqual(['Dietary needs', 'Company', 'Date of birth']);
    const rows = await db().select().from(eventQuestions).where(eq(eventQuestions.eventId, eventId));
    expect(rows).toHaveLength(3);
  });

  it('refuses ticket types of another event, naming the question, and changes nothing', async () => {
    const { eventId } = await anEvent();
    const other = await anEvent();
    const res = await putQuestions(eventId, [
      { kind: 'text', label: 'Company', scope: 'order' },
      { kind: 'checkbox', label: 'Consent', scope: 'attendee', ticket_type_ids: [other.vip] },
    ]);
    expect(refusal(res).data.errors).toEqual([
      { path: '1.ticket_type_ids', message: 'Pick ticket types of this event' },
    ]);
    expect((await getQuestions(eventId)).json().data).toEqual([]);
    // A choice without options, and more than 20 questions, are the contract's refusals.
    expect(
      refusal(await putQuestions(eventId, [{ kind: 'single_choice', label: 'Pick', scope: 'order' }])).data.errors,
    ).toEqual([{ path: '0.options', message: 'Give at least two options' }]);
    const many = Array.from({ length: 21 }, (_, i) => ({
      kind: 'text' as const,
      label: `Q${i}`,
      scope: 'order' as const,
    }));
    expect((await putQuestions(eventId, many)).statusCode).toBe(400);
  });

  it('archives a question that has answers instead of deleting it, and keeps its answers', async () => {
    const { eventId, delegate } = await anEvent();
    const [asked] = await withQuestions(eventId, [{ kind: 'text', label: 'Company', scope: 'order' }]);
    const res = await book(t.app, {
      event_id: eventId,
      tickets: [{ id: delegate, qty: 1 }],
      answers: [{ question_id: asked!.id, value: 'Safaricom PLC' }],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await withQuestions(eventId, [])).toEqual([]);
    const [row] = await db().select().from(eventQuestions).where(eq(eventQuestions.id, asked!.id));
    expect(row!.archivedAt).not.toBeNull();
    const answers = await db().select().from(bookingAnswers).where(eq(bookingAnswers.questionId, asked!.id));
    expect(answers.map((a) => a.value)).toEqual(['Safaricom PLC']);
    // Asked again by its id: the same question, no longer archived.
    const again = await withQuestions(eventId, [{ id: asked!.id, kind: 'text', label: 'Company', scope: 'order' }]);
    expect(again.map((q) => q.id)).toEqual([asked!.id]);
  });

  it('clears the public catalogue cache, as other changes of an event do', async () => {
    const cached = await createTestApp({ CATALOGUE_CACHE_MS: '60000' });
    try {
      const org = await createOrganiser(cached.database.db);
      const cat = await createCategory(cached.database.db);
      const { event } = await createEvent(cached.database.db, {
        organisationId: org.organisationId,
        categoryId: cat.id,
      });
      const details = () => cached.app.inject({ method: 'GET', url: `/v1/event/details/${event.id}` });
      expect((await details()).json().data.questions).toEqual([]);
      const put = await cached.app.inject({
        method: 'PUT',
        url: `/v1/client/event/${event.id}/questions`,
        headers: { auth: org.token },
        payload: [{ kind: 'checkbox', label: 'Consent', scope: 'attendee' }],
      });
      expect(put.statusCode, put.body).toBe(200);
      expect((await details()).json().data.questions.map((q: { label: string }) => q.label)).toEqual(['Consent']);
    } finally {
      await cached.close();
    }
  });
});

describe('POST v1/event/book with delegates and answers', () => {
  /** Each kind with an answer it refuses, and the words the refusal uses. */
  const badAnswers: { kind: QuestionKind; value: unknown; words: string; options?: string[] }[] = [
    { kind: 'text', value: 'x'.repeat(201), words: 'at most 200 characters' },
    { kind: 'long_text', value: 42, words: 'write an answer' },
    { kind: 'single_choice', value: 'Pasta', words: 'choose one of the options', options: ['Fish', 'Beef'] },
    { kind: 'multi_choice', value: ['Fish', 'Pasta'], words: 'choose among the options', options: ['Fish', 'Beef'] },
    { kind: 'checkbox', value: 'yes', words: 'tick or untick it' },
    { kind: 'email', value: 'not-an-email', words: 'enter a valid email address' },
    { kind: 'phone', value: 'call me', words: 'enter a valid phone number' },
    { kind: 'number', value: '12', words: 'enter a number' },
    { kind: 'date', value: '2026-02-30', words: 'enter a date (YYYY-MM-DD)' },
  ];

  it.each(badAnswers)('refuses a bad $kind answer with a 400 naming the question, holding nothing', async (bad) => {
    const { eventId, delegate } = await anEvent();
    const label = `The ${bad.kind} question`;
    const [q] = await withQuestions(eventId, [
      { kind: bad.kind, label, scope: 'attendee', options: bad.options ?? [] },
    ]);
    const res = await book(t.app, {
      event_id: eventId,
      tickets: [{ id: delegate, qty: 2 }],
      attendees: [
        { ticket_type_id: delegate, full_name: 'Amina Odhiambo' },
        // A value of the wrong kind, as a client might send it.
        {
          ticket_type_id: delegate,
          full_name: 'Brian Kiprono',
          answers: [{ question_id: q!.id, value: bad.value as never }],
        },
      ],
    });
    const body = refusal(res);
    expect(body.data.code).toBe('validation.invalid_field');
    expect(body.data.errors).toEqual([{ path: 'attendees.1.answers.0.value', message: `${label}: ${bad.words}` }]);
    expect(await stockOf(db(), delegate)).toMatchObject({ held: 0, sold: 0 });
    expect(await bookingsOf(eventId)).toEqual([]);
  });

  it('refuses a bad order answer on `answers`, and a missing required one on `answers`', async () => {
    const { eventId, delegate } = await anEvent();
    const [q] = await withQuestions(eventId, [
      { kind: 'email', label: 'Invoice email', scope: 'order', required: true },
    ]);
    const bad = await book(t.app, {
      event_id: eventId,
      tickets: [{ id: delegate, qty: 1 }],
      answers: [{ question_id: q!.id, value: 'accounts@' }],
    });
    expect(refusal(bad).data.errors).toEqual([
      { path: 'answers.0.value', message: 'Invoice email: enter a valid email address' },
    ]);
    const missing = await book(t.app, { event_id: eventId, tickets: [{ id: delegate, qty: 1 }] });
    expect(refusal(missing).data.errors).toEqual([
      { path: 'answers', message: 'Invoice email: an answer is required' },
    ]);
    expect(await bookingsOf(eventId)).toEqual([]);
  });

  it('refuses a required attendee question missing for one of three delegates: nothing held, no booking', async () => {
    const { eventId, delegate } = await anEvent();
    const [diet] = await withQuestions(eventId, [
      { kind: 'single_choice', label: 'Dietary needs', scope: 'attendee', required: true, options: ['None', 'Halal'] },
    ]);
    const answer = (value: string) => [{ question_id: diet!.id, value }];
    const res = await book(t.app, {
      event_id: eventId,
      tickets: [{ id: delegate, qty: 3 }],
      attendees: [
        { ticket_type_id: delegate, full_name: 'Amina Odhiambo', answers: answer('Halal') },
        { ticket_type_id: delegate, full_name: 'Brian Kiprono' },
        { ticket_type_id: delegate, full_name: 'Chebet Langat', answers: answer('None') },
      ],
    });
    expect(refusal(res).data.errors).toEqual([
      { path: 'attendees.1', message: 'Dietary needs: an answer is required' },
    ]);
    expect(await stockOf(db(), delegate)).toMatchObject({ held: 0, sold: 0 });
    expect(await bookingsOf(eventId)).toEqual([]);
  });

  it('asks a question only of the types it applies to, and each delegate of at most the line’s tickets', async () => {
    const { eventId, delegate, vip } = await anEvent();
    const [consent] = await withQuestions(eventId, [
      { kind: 'checkbox', label: 'Sponsors may call me', scope: 'attendee', ticket_type_ids: [vip] },
    ]);
    const notAsked = await book(t.app, {
      event_id: eventId,
      tickets: [{ id: delegate, qty: 1 }],
      attendees: [
        { ticket_type_id: delegate, full_name: 'Amina Odhiambo', answers: [{ question_id: consent!.id, value: true }] },
      ],
    });
    expect(refusal(notAsked).data.errors).toEqual([
      { path: 'attendees.0.answers.0.question_id', message: 'This question is not asked here' },
    ]);
    const tooMany = await book(t.app, {
      event_id: eventId,
      tickets: [{ id: delegate, qty: 1 }],
      attendees: [
        { ticket_type_id: delegate, full_name: 'Amina Odhiambo' },
        { ticket_type_id: delegate, full_name: 'Brian Kiprono' },
      ],
    });
    expect(refusal(tooMany).data.errors).toEqual([
      { path: 'attendees.1', message: 'More delegates than tickets of this type (1)' },
    ]);
    const otherType = await book(t.app, {
      event_id: eventId,
      tickets: [{ id: delegate, qty: 1 }],
      attendees: [{ ticket_type_id: vip, full_name: 'Amina Odhiambo' }],
    });
    expect(refusal(otherType).data.errors).toEqual([
      { path: 'attendees.0.ticket_type_id', message: 'This ticket type is not in the order' },
    ]);
    expect(await bookingsOf(eventId)).toEqual([]);
  });

  it('needs every ticket named when the event wants names at checkout (booking.names_required)', async () => {
    const { eventId, delegate } = await anEvent({ attendeeNames: 'at_checkout' });
    const res = await book(t.app, {
      event_id: eventId,
      tickets: [{ id: delegate, qty: 2 }],
      attendees: [{ ticket_type_id: delegate, full_name: 'Amina Odhiambo' }],
    });
    const body = refusal(res);
    expect(body.data.code).toBe('booking.names_required');
    expect(body.data.errors?.[0]?.path).toBe('attendees');
    expect(await stockOf(db(), delegate)).toMatchObject({ held: 0 });
    const named = await book(t.app, {
      event_id: eventId,
      tickets: [{ id: delegate, qty: 2 }],
      attendees: [
        { ticket_type_id: delegate, full_name: 'Amina Odhiambo' },
        { ticket_type_id: delegate, full_name: 'Brian Kiprono' },
      ],
    });
    expect(named.statusCode, named.body).toBe(201);
  });

  it('keeps one delegate row per ticket with the hold: named ones, the rest to be named in the buyer’s name', async () => {
    const { eventId, delegate, vip } = await anEvent();
    const [diet, company] = await withQuestions(eventId, [
      { kind: 'multi_choice', label: 'Workshops', scope: 'attendee', options: ['Payments', 'Lending', 'Policy'] },
      { kind: 'text', label: 'Company', scope: 'order' },
    ]);
    const buyer = guest();
    const res = await book(t.app, {
      event_id: eventId,
      details: buyer,
      tickets: [
        { id: delegate, qty: 2 },
        { id: vip, qty: 1 },
      ],
      attendees: [
        {
          ticket_type_id: vip,
          full_name: '  Amina Odhiambo ',
          email: 'Amina@Example.co.ke',
          company: 'Equity Bank',
          job_title: '',
          answers: [{ question_id: diet!.id, value: ['Policy', 'Payments'] }],
        },
        { ticket_type_id: delegate, full_name: 'Brian Kiprono', msisdn: '0712 000 111' },
      ],
      answers: [{ question_id: company!.id, value: ' KCB Group ' }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const [booking] = await bookingsOf(eventId);
    const rows = await db()
      .select()
      .from(bookingAttendees)
      .where(eq(bookingAttendees.bookingId, booking!.id))
      .orderBy(asc(bookingAttendees.bookingLineId), asc(bookingAttendees.seq));
    expect(rows.map((r) => [r.fullName, r.email, r.msisdn, r.company, r.jobTitle, r.named])).toEqual([
      ['Brian Kiprono', null, '+254712000111', null, null, true],
      [buyer.full_name, null, null, null, null, false],
      ['Amina Odhiambo', 'amina@example.co.ke', null, 'Equity Bank', null, true],
    ]);
    const answers = await db()
      .select()
      .from(bookingAnswers)
      .where(eq(bookingAnswers.bookingId, booking!.id))
      .orderBy(asc(bookingAnswers.id));
    // Normalised: the options in the question's order, text trimmed.
    expect(answers.map((a) => [a.questionId, a.attendeeId === null ? 'order' : 'attendee', a.value])).toEqual([
      [diet!.id, 'attendee', ['Payments', 'Policy']],
      [company!.id, 'order', 'KCB Group'],
    ]);
  });

  it('gives the latest delegates to the same buyer’s hold when it is asked for again', async () => {
    const { eventId, delegate } = await anEvent();
    const first = await book(t.app, {
      event_id: eventId,
      tickets: [{ id: delegate, qty: 2 }],
      attendees: [{ ticket_type_id: delegate, full_name: 'Amina Odhiambo' }],
    });
    expect(first.statusCode, first.body).toBe(201);
    const token = first.headers.auth as string;
    const again = await book(
      t.app,
      {
        event_id: eventId,
        tickets: [{ id: delegate, qty: 2 }],
        attendees: [
          { ticket_type_id: delegate, full_name: 'Brian Kiprono' },
          { ticket_type_id: delegate, full_name: 'Chebet Langat' },
        ],
      },
      { token },
    );
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().data.booking_reference).toBe(first.json().data.booking_reference);
    const rows = await db()
      .select({ name: bookingAttendees.fullName, named: bookingAttendees.named })
      .from(bookingAttendees)
      .innerJoin(bookings, eq(bookings.id, bookingAttendees.bookingId))
      .where(eq(bookings.eventId, eventId))
      .orderBy(asc(bookingAttendees.seq));
    expect(rows).toEqual([
      { name: 'Brian Kiprono', named: true },
      { name: 'Chebet Langat', named: true },
    ]);
    expect(await stockOf(db(), delegate)).toMatchObject({ held: 2 });
  });
});
