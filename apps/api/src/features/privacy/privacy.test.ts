import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { BOOKING_STATUS } from '@tikiti/contract';
import {
  accounts,
  auditEntries,
  bookingAnswers,
  bookingAttendees,
  bookings,
  consents,
  eTickets,
  eventQuestions,
  events,
  organisations,
} from '../../db/schema/index.js';
import { jobHandlers } from '../../background.js';
import { runDueJobs } from '../../jobs/worker.js';
import { zip } from '../../lib/zip.js';
import { book, payWithCard, retrieve } from '../../test-support/checkout.js';
import { createBuyer, createCategory, createEvent, createOrganiser } from '../../test-support/fixtures.js';
import { latestCode, mailTo, nextIp } from '../../test-support/mailbox.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { unzip } from '../../test-support/unzip.js';
import { REFUND_JOB } from '../checkout/index.js';
import { withdrawUrl } from '../consent/index.js';
import { enqueueMail } from '../mail/index.js';
import { removeExpiredAttendeeData } from './index.js';

let t: TestApp;
let categoryId: number;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp({ BOOKINGS_PER_ADDRESS: '0' });
  categoryId = (await createCategory(db())).id;
});
afterAll(() => t.close());

const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, token?: string, payload?: object) =>
  t.app.inject({ method, url, remoteAddress: nextIp(), headers: token ? { auth: token } : {}, payload });

/** An organisation with an event on sale in a week (19.99 and KES-like 2,333.00 prices, so totals are not round). */
async function anOrganiserWithEvent(title: string) {
  const owner = await createOrganiser(db(), { confirmed: true });
  const { event, tickets } = await createEvent(db(), {
    organisationId: owner.organisationId,
    categoryId,
    title,
    tickets: [
      { name: 'Regular', price: 19.99, max: 50 },
      { name: 'Table', price: 2333, max: 10 },
    ],
  });
  const [question] = await db()
    .insert(eventQuestions)
    .values({ eventId: event.id, position: 0, kind: 'text', label: 'Dietary needs', scope: 'order' })
    .returning();
  const [org] = await db().select().from(organisations).where(eq(organisations.id, owner.organisationId));
  return { owner, event, tickets, questionId: question!.id, orgEmail: org!.email, orgName: org!.displayName };
}

/** A signed-in buyer with a phone, their name made unique so a scan for it finds only them. */
async function aBuyer(first: string) {
  const b = await createBuyer(db());
  const phone = `+2547${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const last = `Mwangi${b.accountId}x`;
  const res = await call('PUT', '/v1/account', b.token, { first_name: first, last_name: last, msisdn: phone });
  expect(res.statusCode, res.body).toBe(200);
  return { ...b, first, last, fullName: `${first} ${last}`, phone, digits: phone.slice(-9) };
}

/** A paid booking by a signed-in buyer: one named delegate who is them, one colleague, an order answer. */
async function paidBookingOf(
  buyer: Awaited<ReturnType<typeof aBuyer>>,
  e: Awaited<ReturnType<typeof anOrganiserWithEvent>>,
  opts: { consent?: boolean; colleague?: string } = {},
) {
  const res = await book(
    t.app,
    {
      event_id: e.event.id,
      tickets: [{ id: e.tickets[0]!.id, qty: 2 }],
      attendees: [
        { ticket_type_id: e.tickets[0]!.id, full_name: buyer.fullName, email: buyer.email, msisdn: buyer.phone },
        {
          ticket_type_id: e.tickets[0]!.id,
          full_name: opts.colleague ?? 'Achieng Otieno',
          email: `colleague-${buyer.accountId}@example.com`,
          company: 'Safari Ltd',
        },
      ],
      answers: [{ question_id: e.questionId, value: `No nuts for ${buyer.first}` }],
      ...(opts.consent ? { marketing_consent: true } : {}),
    },
    { token: buyer.token },
  );
  expect(res.statusCode, res.body).toBe(201);
  const secret = res.json().data.client_secret as string;
  await payWithCard(t.app, secret);
  const view = await retrieve(t.app, secret, buyer.token);
  expect(view.json().data.status).toBe(BOOKING_STATUS.paid);
  return res.json().data.booking_reference as string;
}

const salesOf = async (e: Awaited<ReturnType<typeof anOrganiserWithEvent>>) => {
  const res = await call('GET', `/v1/client/event/${e.event.id}/sales`, e.owner.token);
  expect(res.statusCode, res.body).toBe(200);
  const s = res.json().data;
  return { gross: s.gross, refunded: s.refunded, net: s.net, paid: s.bookings_paid, refunds: s.bookings_refunded };
};

/** Moves an event (and its end) this many days into the past. */
async function endEventDaysAgo(eventId: number, days: number) {
  const end = new Date(Date.now() - days * 86_400_000);
  await db()
    .update(events)
    .set({ startTime: new Date(end.getTime() - 8 * 3_600_000), endTime: end })
    .where(eq(events.id, eventId));
}

/**
 * Every place in the database a value could hide: each text, varchar, json, jsonb, array and
 * bytea column of each table (information_schema), searched case-insensitively for each needle.
 */
async function scanDatabase(needles: string[]) {
  const { rows } = (await db().execute(sql`
    SELECT table_name, column_name, data_type FROM information_schema.columns
    WHERE table_schema = 'public' AND data_type IN ('text', 'character varying', 'json', 'jsonb', 'ARRAY', 'bytea')
    ORDER BY table_name, column_name`)) as unknown as {
    rows: { table_name: string; column_name: string; data_type: string }[];
  };
  expect(rows.length).toBeGreaterThan(40);
  const found: string[] = [];
  for (const c of rows) {
    const col = sql.identifier(c.column_name);
    const table = sql.identifier(c.table_name);
    const asText = c.data_type === 'bytea' ? sql`convert_from(${col}, 'UTF8')` : sql`${col}::text`;
    for (const needle of needles) {
      const res = (await db().execute(
        sql`SELECT count(*)::int AS n FROM ${table} WHERE position(${needle.toLowerCase()} in lower(${asText})) > 0`,
      )) as unknown as { rows: { n: number }[] };
      if (res.rows[0]!.n > 0) found.push(`${c.table_name}.${c.column_name} holds "${needle}"`);
    }
  }
  return found;
}

describe('the copy of my data (GET v1/account/export)', () => {
  it('holds all of a buyer’s data from two organisations, and nothing of another buyer’s', async () => {
    const first = await anOrganiserWithEvent('Nairobi Fintech Summit');
    const second = await anOrganiserWithEvent('Mombasa Tourism Expo');
    const amina = await aBuyer('Amina');
    const other = await aBuyer('Kiprotich');
    const refs = [
      await paidBookingOf(amina, first, { consent: true }),
      await paidBookingOf(amina, second, { colleague: 'Njeri Wambui' }),
    ];
    const otherRef = await paidBookingOf(other, first, { colleague: 'Baraka Omondi' });
    await mailTo(t, amina.email); // the confirmations are sent

    const res = await call('GET', '/v1/account/export', amina.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="tikiti-my-data-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const files = unzip(res.rawPayload);
    expect([...files.keys()].sort()).toEqual([
      'README.txt',
      'account.json',
      'answers.csv',
      'bookings.csv',
      'bookings.json',
      'consents.csv',
      'delegates.csv',
      'mails.json',
      'sign-ins.csv',
      'tickets.csv',
    ]);
    const account = JSON.parse(files.get('account.json')!);
    expect(account).toMatchObject({ first_name: 'Amina', last_name: amina.last, email: amina.email });
    expect(account.msisdn).toContain(amina.digits);

    const { bookings: booked } = JSON.parse(files.get('bookings.json')!);
    expect(booked.map((b: { reference: string }) => b.reference).sort()).toEqual([...refs].sort());
    const fintech = booked.find((b: { event: { title: string } }) => b.event.title === 'Nairobi Fintech Summit');
    expect(fintech).toMatchObject({
      status: 'paid',
      total: 39.98,
      currency: 'USD',
      event: { organiser: first.orgName },
      lines: [{ ticket_type: 'Regular', unit_price: 19.99, quantity: 2 }],
      answers: [{ question: 'Dietary needs', answer: 'No nuts for Amina', delegate: null }],
    });
    expect(fintech.tickets).toHaveLength(2);
    expect(fintech.delegates.map((d: { full_name: string }) => d.full_name)).toEqual([
      amina.fullName,
      'Achieng Otieno',
    ]);
    expect(fintech.payments[0]).toMatchObject({ provider: 'sandbox', amount: 39.98, currency: 'USD' });

    expect(files.get('bookings.csv')).toContain('Mombasa Tourism Expo');
    expect(files.get('delegates.csv')).toContain('Njeri Wambui');
    expect(files.get('answers.csv')).toContain('No nuts for Amina');
    const mails = JSON.parse(files.get('mails.json')!);
    expect(mails.length).toBeGreaterThanOrEqual(2);
    expect(mails.every((m: { to: string; cc: string | null }) => m.to === amina.email || m.cc === amina.email)).toBe(
      true,
    );
    expect(files.get('consents.csv')).toContain(`Send me news about events from ${first.orgName} and Tikiti`);
    expect(files.get('consents.csv')).toContain('checkout');
    expect(files.get('sign-ins.csv')!.split('\r\n').filter(Boolean).length).toBeGreaterThanOrEqual(2);

    // Nothing of the other buyer, seeded alongside at the same event.
    const everything = [...files.values()].join('\n').toLowerCase();
    for (const theirs of [
      other.email,
      other.fullName,
      other.digits,
      otherRef,
      'Baraka Omondi',
      'No nuts for Kiprotich',
    ]) {
      expect(everything, theirs).not.toContain(theirs.toLowerCase());
    }
  });

  it('is a ZIP that unzip(1) reads and tests whole', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'zip-'));
    try {
      const file = path.join(dir, 'a.zip');
      const text = 'Wanjirũ – Nyeri\n'.repeat(100);
      writeFileSync(
        file,
        zip([
          { name: 'a.txt', content: text },
          { name: 'ñame.csv', content: '' },
        ]),
      );
      expect(execFileSync('unzip', ['-t', file]).toString()).toContain('No errors detected');
      expect(execFileSync('unzip', ['-p', file, 'a.txt']).toString()).toBe(text);
      expect(unzip(readFileSync(file)).get('ñame.csv')).toBe('');
    } finally {
      rmSync(dir, { recursive: true });
    }
  });
});

describe('deleting the account (POST v1/account/deletion, DELETE v1/account)', () => {
  it('leaves no name, email or phone of theirs in any column, keeps the books, and frees the email', async () => {
    const past = await anOrganiserWithEvent('Kisumu Agritech Forum');
    const future = await anOrganiserWithEvent('Eldoret Marathon Expo');
    const baraka = await aBuyer('Barakaz');
    const bystander = await aBuyer('Wairimu');
    const pastRef = await paidBookingOf(baraka, past, { consent: true });
    const futureRef = await paidBookingOf(baraka, future);
    await paidBookingOf(bystander, future);
    // Their own ticket handed to a colleague: the change history keeps their old name and email.
    const [futureBooking] = await db().select().from(bookings).where(eq(bookings.reference, futureRef));
    const [own] = await db()
      .select()
      .from(eTickets)
      .where(eq(eTickets.bookingId, futureBooking!.id))
      .orderBy(eTickets.id)
      .limit(1);
    const handed = await call('PUT', `/v1/tickets/${own!.id}/attendee`, baraka.token, {
      full_name: 'Kamau Njoroge',
      email: 'kamau.njoroge@example.com',
    });
    expect(handed.statusCode, handed.body).toBe(200);
    await endEventDaysAgo(past.event.id, 30);
    // A guest booking made earlier with the same email, before the account had it.
    const guestRes = await book(t.app, {
      event_id: future.event.id,
      tickets: [{ id: future.tickets[0]!.id, qty: 1 }],
      details: { full_name: baraka.fullName, email_address: baraka.email, msisdn: baraka.phone },
    });
    expect(guestRes.statusCode, guestRes.body).toBe(201);
    const pastSales = await salesOf(past);
    const futureSales = await salesOf(future);

    const asked = await call('POST', '/v1/account/deletion', baraka.token);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().data.future_bookings).toEqual([
      expect.objectContaining({ reference: futureRef, event_title: 'Eldoret Marathon Expo', tickets: 2 }),
    ]);
    const code = await latestCode(t, baraka.email);

    const wrong = await call('DELETE', '/v1/account', baraka.token, {
      code: code === '000000' ? '111111' : '000000',
      future_tickets: 'cancel',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().data.code).toBe('auth.code_rejected');
    // The other buyer cannot use Baraka's code on their own account, nor reach his.
    const theirs = await call('DELETE', '/v1/account', bystander.token, { code, future_tickets: 'keep' });
    expect(theirs.statusCode).toBe(400);

    const done = await call('DELETE', '/v1/account', baraka.token, { code, future_tickets: 'cancel' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.cancelled_bookings).toEqual([futureRef]);

    // The refund goes through checkout's refund job; the organiser is told by mail.
    await runDueJobs(
      { config: t.config, db: db() },
      jobHandlers.filter((h) => h.kind === REFUND_JOB),
    );
    const told = await mailTo(t, future.orgEmail);
    expect(told.find((m) => m.subject === `Booking ${futureRef} was cancelled by its buyer`)).toBeDefined();
    // The organiser's activity log has one entry for it, naming no person.
    const logged = await db()
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.organisationId, future.owner.organisationId));
    expect(logged.map((e) => [e.action, e.targetId, e.actorAccountId, e.actorName, e.address, e.details])).toEqual([
      ['booking.cancelled_by_buyer', futureRef, null, 'A buyer', '', { amount: 39.98, currency: 'USD' }],
    ]);

    expect(await scanDatabase([baraka.email, baraka.fullName, baraka.digits])).toEqual([]);
    // The bystander's data is all still there.
    expect((await scanDatabase([bystander.email, bystander.fullName])).length).toBeGreaterThan(0);

    // The books: the kept booking's figures do not move; the cancelled one is a refund.
    expect(await salesOf(past)).toEqual(pastSales);
    const after = await salesOf(future);
    expect(after.gross).toBe(futureSales.gross);
    expect(after.refunded).toBe(39.98);
    expect(after.net).toBe(Math.round((futureSales.net - 39.98) * 100) / 100);
    const kept = await db()
      .select()
      .from(bookings)
      .where(inArray(bookings.reference, [pastRef, futureRef]));
    expect(kept.map((b) => [b.reference, b.status, b.totalMinor]).sort()).toEqual(
      [
        [pastRef, BOOKING_STATUS.paid, 3998],
        [futureRef, BOOKING_STATUS.refunded, 3998],
      ].sort(),
    );
    expect(kept.every((b) => b.fullName.startsWith('Deleted account ') && b.email.endsWith('@erased.invalid'))).toBe(
      true,
    );

    // Their session is gone; no account answers to their email; a new sign-up starts clean.
    expect((await call('GET', '/v1/account/privacy', baraka.token)).statusCode).toBe(401);
    expect(await db().select().from(accounts).where(eq(accounts.email, baraka.email))).toEqual([]);
    const refused = await call('POST', '/v1/auth/code/verify', undefined, { email: baraka.email, code });
    expect(refused.statusCode).toBe(400);
    expect((await call('POST', '/v1/auth/code/request', undefined, { email: baraka.email })).statusCode).toBe(200);
    const signedIn = await call('POST', '/v1/auth/code/verify', undefined, {
      email: baraka.email,
      code: await latestCode(t, baraka.email),
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const fresh = await call('GET', '/v1/account/privacy', signedIn.headers.auth as string);
    expect(fresh.json().data).toMatchObject({
      first_name: '',
      last_name: '',
      msisdn: null,
      bookings: 0,
      future_bookings: [],
      marketing_consent: false,
    });
    const archive = unzip((await call('GET', '/v1/account/export', signedIn.headers.auth as string)).rawPayload);
    expect(JSON.parse(archive.get('bookings.json')!).bookings).toEqual([]);
  });

  it('keeps the tickets for events to come when the person says so, under the pseudonym', async () => {
    const e = await anOrganiserWithEvent('Naivasha Jazz Night');
    const b = await aBuyer('Zawadi');
    const ref = await paidBookingOf(b, e);
    await call('POST', '/v1/account/deletion', b.token);
    const res = await call('DELETE', '/v1/account', b.token, {
      code: await latestCode(t, b.email),
      future_tickets: 'keep',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.cancelled_bookings).toEqual([]);
    const [booking] = await db().select().from(bookings).where(eq(bookings.reference, ref));
    expect(booking!.status).toBe(BOOKING_STATUS.paid);
    const tickets = await db().select().from(eTickets).where(eq(eTickets.bookingId, booking!.id));
    expect(tickets.every((x) => x.revokedAt === null)).toBe(true);
    // Their own ticket carries the pseudonym; the colleague they named keeps theirs.
    expect(tickets.map((x) => x.holderName).sort()).toEqual(['Achieng Otieno', booking!.fullName].sort());
    expect(await scanDatabase([b.email, b.fullName, b.digits])).toEqual([]);
  });

  it('sends nothing to a deleted person’s address, whatever still mails it', async () => {
    await enqueueMail(db(), { to: 'deleted-0a1b2c3d@erased.invalid', subject: 'Late', text: 'x', html: '<p>x</p>' });
    await enqueueMail(db(), {
      to: 'colleague@example.com',
      cc: 'deleted-0a1b2c3d@erased.invalid',
      subject: 'Your ticket',
      text: 'x',
      html: '<p>x</p>',
    });
    expect(await mailTo(t, 'deleted-0a1b2c3d@erased.invalid')).toEqual([]);
    const [copy] = await mailTo(t, 'colleague@example.com');
    expect(copy?.subject).toBe('Your ticket');
  });

  it('mails at most 5 codes in 15 minutes', async () => {
    const b = await aBuyer('Rehema');
    for (let i = 0; i < 5; i++) expect((await call('POST', '/v1/account/deletion', b.token)).statusCode).toBe(200);
    const sixth = await call('POST', '/v1/account/deletion', b.token);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().data.code).toBe('rate_limited');
  });

  it('asks for a choice about future tickets and a 6-digit code', async () => {
    const b = await aBuyer('Imani');
    const res = await call('DELETE', '/v1/account', b.token, { code: '12ab' });
    expect(res.statusCode).toBe(400);
    const paths = res
      .json()
      .data.errors.map((e: { path: string }) => e.path)
      .sort();
    expect(paths).toEqual(['code', 'future_tickets']);
  });
});

describe('correcting my details (PUT v1/account)', () => {
  it('checks the name and phone, and refuses a phone another buyer has', async () => {
    const a = await aBuyer('Halima');
    const b = await aBuyer('Juma');
    const bad = await call('PUT', '/v1/account', a.token, { first_name: ' ', last_name: 'X', msisdn: 'call me' });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .data.errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(['first_name', 'msisdn']);
    const taken = await call('PUT', '/v1/account', a.token, { first_name: 'Halima', last_name: 'A', msisdn: b.phone });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().data.errors[0].path).toBe('msisdn');
    const ok = await call('PUT', '/v1/account', a.token, { first_name: 'Halima', last_name: 'Abdi', msisdn: '' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ first_name: 'Halima', last_name: 'Abdi', msisdn: null });
  });
});

describe('who may call My data', () => {
  it('answers 401 without a token and 406 to an organiser, on every call', async () => {
    const owner = await createOrganiser(db());
    const calls: ['GET' | 'PUT' | 'POST' | 'DELETE', string, object?][] = [
      ['GET', '/v1/account/privacy'],
      ['GET', '/v1/account/export'],
      ['PUT', '/v1/account', { first_name: 'A', last_name: 'B', msisdn: null }],
      ['PUT', '/v1/account/consent', { marketing: true }],
      ['POST', '/v1/account/deletion'],
      ['DELETE', '/v1/account', { code: '123456', future_tickets: 'keep' }],
    ];
    for (const [method, url, body] of calls) {
      expect((await call(method, url, undefined, body)).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(method, url, owner.token, body)).statusCode, `${method} ${url}`).toBe(406);
    }
  });
});

describe('marketing consent', () => {
  it('is recorded only when ticked at checkout, with its words and time, and withdrawn by the link', async () => {
    const e = await anOrganiserWithEvent('Lamu Cultural Festival');
    const yes = await aBuyer('Neema');
    const no = await aBuyer('Otieno');
    await paidBookingOf(no, e);
    expect(await db().select().from(consents).where(eq(consents.email, no.email))).toEqual([]);
    expect((await call('GET', '/v1/account/privacy', no.token)).json().data.marketing_consent).toBe(false);

    const before = Date.now();
    await paidBookingOf(yes, e, { consent: true });
    const [row] = await db().select().from(consents).where(eq(consents.email, yes.email));
    expect(row).toMatchObject({
      granted: true,
      source: 'checkout',
      organisationId: e.owner.organisationId,
      wording: `Send me news about events from ${e.orgName} and Tikiti. I can stop this at any time.`,
    });
    expect(row!.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect((await call('GET', '/v1/account/privacy', yes.token)).json().data.marketing_consent).toBe(true);

    const url = new URL(await withdrawUrl(db(), 'https://tikiti.example', yes.email));
    expect(url.pathname).toBe('/news/stop');
    const token = url.searchParams.get('token')!;
    const forged = token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA');
    const refused = await call('POST', '/v1/consent/withdraw', undefined, { token: forged });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().data.code).toBe('privacy.link_invalid');

    const withdrawn = await call('POST', '/v1/consent/withdraw', undefined, { token });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json().data.email).toMatch(/^b•+@example\.com$/);
    expect((await call('GET', '/v1/account/privacy', yes.token)).json().data.marketing_consent).toBe(false);
    // A second click says the same no, and records nothing more.
    expect((await call('POST', '/v1/consent/withdraw', undefined, { token })).statusCode).toBe(200);
    const history = await db().select().from(consents).where(eq(consents.email, yes.email)).orderBy(consents.id);
    expect(history.map((c) => [c.granted, c.source])).toEqual([
      [true, 'checkout'],
      [false, 'link'],
    ]);
  });

  it('is turned on and off in the account, each change recorded with the toggle’s words', async () => {
    const b = await aBuyer('Faith');
    const on = await call('PUT', '/v1/account/consent', b.token, { marketing: true });
    expect(on.statusCode, on.body).toBe(200);
    await call('PUT', '/v1/account/consent', b.token, { marketing: true });
    await call('PUT', '/v1/account/consent', b.token, { marketing: false });
    const history = await db().select().from(consents).where(eq(consents.email, b.email)).orderBy(consents.id);
    expect(history.map((c) => [c.granted, c.source])).toEqual([
      [true, 'account'],
      [false, 'account'],
    ]);
    expect(history[0]!.wording).toBe(on.json().data.consent_wording);
  });
});

describe('retention (ATTENDEE_DATA_RETENTION_MONTHS)', () => {
  it('removes an ended event’s names, emails, phones and answers after the period, and no sales figure moves', async () => {
    const e = await anOrganiserWithEvent('Thika Coffee Conference');
    const kept = await anOrganiserWithEvent('Nanyuki Safari Rally');
    const b = await aBuyer('Wanjala');
    const ref = await paidBookingOf(b, e, { colleague: 'Chebet Kosgei' });
    const keptRef = await paidBookingOf(b, kept);
    await endEventDaysAgo(e.event.id, 1);
    await endEventDaysAgo(kept.event.id, 1);
    const sales = await salesOf(e);
    const ctx = { config: t.config, db: db() };
    const at = (months: number) => new Date(Date.now() + months * 30.5 * 86_400_000);

    const detail = await call('GET', `/v1/client/event/${e.event.id}`, e.owner.token);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().data.personal_data_removed_at).toBeNull();
    const removesOn = new Date(detail.json().data.removes_personal_data_on);
    expect(removesOn.getTime()).toBeGreaterThan(at(23).getTime());
    expect(removesOn.getTime()).toBeLessThan(at(24.5).getTime());

    // 23 months on, this event is not due yet.
    await removeExpiredAttendeeData(ctx, at(23));
    const [waiting] = await db().select().from(events).where(eq(events.id, e.event.id));
    expect(waiting!.personalDataRemovedAt).toBeNull();
    // The other event ends later, so only this one is due at 24 months and 1 day.
    await endEventDaysAgo(kept.event.id, -20);
    expect(await removeExpiredAttendeeData(ctx, new Date(removesOn.getTime() + 86_400_000))).toBeGreaterThanOrEqual(1);

    const [booking] = await db().select().from(bookings).where(eq(bookings.reference, ref));
    expect(booking).toMatchObject({
      fullName: `Removed ${ref}`,
      msisdn: null,
      totalMinor: 3998,
      status: BOOKING_STATUS.paid,
    });
    const people = await db().select().from(bookingAttendees).where(eq(bookingAttendees.bookingId, booking!.id));
    expect(people.map((p) => [p.fullName, p.email, p.msisdn, p.company])).toEqual([
      ['Attendee 1', null, null, null],
      ['Attendee 2', null, null, null],
    ]);
    expect(await db().select().from(bookingAnswers).where(eq(bookingAnswers.bookingId, booking!.id))).toEqual([]);
    const tickets = await db().select().from(eTickets).where(eq(eTickets.bookingId, booking!.id));
    expect(tickets.every((x) => x.holderName === `Removed ${ref}`)).toBe(true);
    expect(await salesOf(e)).toEqual(sales);

    // The later event's data is untouched; the organiser sees when this one's went.
    const [other] = await db().select().from(bookings).where(eq(bookings.reference, keptRef));
    expect(other!.fullName).toBe(b.fullName);
    const after = await call('GET', `/v1/client/event/${e.event.id}`, e.owner.token);
    expect(after.json().data.personal_data_removed_at).not.toBeNull();
    // A second run finds nothing more to do.
    expect(await removeExpiredAttendeeData(ctx, new Date(removesOn.getTime() + 2 * 86_400_000))).toBe(0);
  });
});
