import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { BOOKING_STATUS } from '@tikiti/contract';
import { bookings, events } from '../../db/schema/index.js';
import { queryRows } from '../../db/client.js';
import { causeChain } from '../../http/errors.js';
import { createCategory, createEvent, createOrganiser } from '../../test-support/fixtures.js';
import { book, payWithCard, retrieve } from '../../test-support/checkout.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { pdfPages } from '../../test-support/pdf-text.js';
import { eventFields, pngImage, sendEventForm } from '../../test-support/organiser-events.js';
import {
  feeRuleFor,
  organiserAccount,
  platformAccount,
  postTransaction,
  serviceFeeOf,
  setOrganisationFees,
} from './index.js';

let t: TestApp;
let owner: Awaited<ReturnType<typeof createOrganiser>>;
let other: Awaited<ReturnType<typeof createOrganiser>>;
let categoryId: number;

beforeAll(async () => {
  t = await createTestApp({ BOOKINGS_PER_ADDRESS: '0' });
  owner = await createOrganiser(t.database.db, { confirmed: true });
  other = await createOrganiser(t.database.db, { confirmed: true });
  categoryId = (await createCategory(t.database.db)).id;
});
afterAll(() => t.close());

const db = () => t.database.db;

/** What the database answered, through Drizzle's wrapping. */
async function refusal(statement: Promise<unknown>) {
  try {
    await statement;
    return 'done';
  } catch (err) {
    return causeChain(err)
      .map((e) => (e as Error).message)
      .join(' | ');
  }
}
const get = (url: string, token = owner.token) => t.app.inject({ method: 'GET', url, headers: { auth: token } });
const post = (url: string, token = owner.token) =>
  t.app.inject({ method: 'POST', url, headers: { auth: token }, payload: {} });

/** Books and pays through the real calls; answers the booking answer and the row. */
async function paid(eventId: number, tickets: { id: number; qty: number }[]) {
  const res = await book(t.app, { event_id: eventId, tickets });
  expect(res.statusCode, res.body).toBe(201);
  const answer = res.json().data;
  await payWithCard(t.app, answer.client_secret);
  const view = await retrieve(t.app, answer.client_secret, res.headers.auth as string);
  expect(view.json().data.status).toBe(BOOKING_STATUS.paid);
  const [row] = await db().select().from(bookings).where(eq(bookings.reference, answer.booking_reference));
  return { answer, row: row!, view: view.json().data };
}

/** The entries of a booking's sale or refund, per account code. */
async function postedFor(cause: string) {
  const rows = await queryRows<{ code: string; amount_minor: number }>(
    db(),
    sql`SELECT a.code, e.amount_minor FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
          JOIN ledger_transactions t ON t.id = e.transaction_id WHERE t.cause_key = ${cause} ORDER BY a.code`,
  );
  return Object.fromEntries(rows.map((r) => [r.code.replace(/:\d+:/, ':org:'), r.amount_minor]));
}

describe('the service fee per ticket', () => {
  const rule = { percentBasisPoints: 350, fixedMinor: 30 };
  it('is 3.5 % plus the fixed amount, with 16 % VAT, rounded to what the currency charges', () => {
    // 19.99 × 3.5 % = 0.69965 → 0.70, + 0.30 = 1.00; VAT 0.16.
    expect(serviceFeeOf(1999, rule, 'USD')).toEqual({ feeMinor: 100, vatMinor: 16 });
    // 33.33 × 3.5 % = 1.16655 → 1.17, + 0.30 = 1.47; VAT 0.2352 → 0.24.
    expect(serviceFeeOf(3333, rule, 'USD')).toEqual({ feeMinor: 147, vatMinor: 24 });
    // KES 2,333 × 3.5 % = 81.655, + 30 = 111.655 → KES 112 (whole shillings: M-Pesa); VAT 17.92 → 18.
    expect(serviceFeeOf(233_300, { percentBasisPoints: 350, fixedMinor: 3000 }, 'KES')).toEqual({
      feeMinor: 11_200,
      vatMinor: 1_800,
    });
  });
  it('is nothing on a free ticket (a 100 % discount included)', () => {
    expect(serviceFeeOf(0, rule, 'USD')).toEqual({ feeMinor: 0, vatMinor: 0 });
  });
});

describe('the event form', () => {
  it('takes service_fee absorb or pass, absorb when left out, and refuses anything else', async () => {
    const create = async (fields: Record<string, string | number>) =>
      sendEventForm(t.app, {
        method: 'POST',
        url: '/v1/event/register',
        token: owner.token,
        fields,
        file: { name: 'cover.png', bytes: await pngImage(), type: 'image/png' },
      });
    const passed = await create(eventFields(categoryId, { service_fee: 'pass' }));
    expect(passed.statusCode, passed.body).toBe(201);
    const own = (id: number) => get(`/v1/client/event/${id}`).then((r) => r.json().data.service_fee);
    expect(await own(passed.json().data)).toBe('pass');
    // An update that leaves it out keeps it.
    const update = await sendEventForm(t.app, {
      method: 'PUT',
      url: `/v1/event/update/${passed.json().data}`,
      token: owner.token,
      fields: eventFields(categoryId, { title: 'Renamed' }),
    });
    expect(update.statusCode, update.body).toBe(200);
    expect(await own(passed.json().data)).toBe('pass');
    const plain = await create(eventFields(categoryId));
    expect(await own(plain.json().data)).toBe('absorb');
    const wrong = await create(eventFields(categoryId, { service_fee: 'buyer' }));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().data.errors[0].path).toBe('service_fee');
  });

  it('has no fee for a currency Tikiti does not sell in: an error, not a default', async () => {
    await expect(feeRuleFor(db(), t.config.serviceFees, owner.organisationId, 'EUR')).rejects.toThrow(
      /Unknown currency/,
    );
  });
});

describe('a fee passed to the buyer', () => {
  it('is shown per ticket before payment, charged exactly, posted at settlement and returned by a refund', async () => {
    const { event, tickets } = await createEvent(db(), {
      organisationId: owner.organisationId,
      categoryId,
      serviceFee: 'pass',
      tickets: [{ name: 'Regular', price: 19.99, max: 50 }],
    });
    const details = (await t.app.inject({ method: 'GET', url: `/v1/event/details/${event.id}` })).json().data;
    expect(details.service_fee).toBe('pass');
    expect(details.tickets[0].service_fee).toBe(1.16);

    const { answer, row, view } = await paid(event.id, [{ id: tickets[0]!.id, qty: 3 }]);
    expect(answer).toMatchObject({ subtotal: 59.97, service_fee: 3.48, price: 63.45 });
    expect(row.totalMinor).toBe(6345);
    expect(view.service_fee).toBe(3.48);
    // The buyer's document shows what they paid: the tickets and the fee on its own line.
    const [doc] = await queryRows<{ total_minor: number; content: { lines: { name: string }[] } }>(
      db(),
      sql`SELECT total_minor, content FROM tax_documents WHERE booking_id = ${row.id}`,
    );
    expect(doc?.total_minor).toBe(6345);
    expect(doc?.content.lines.map((l) => l.name)).toEqual(['Regular', 'Service fee']);
    expect(await postedFor(`sale:${row.id}`)).toEqual({
      'clearing:sandbox:USD': 6345,
      'organiser:org:USD': -5997,
      'platform:revenue:USD': -300,
      'platform:vat:USD': -48,
    });
    const balance = (await get('/v1/client/balance')).json().data;
    expect(balance).toEqual([{ currency: 'USD', pending: 59.97, available: 0, paid_out: 0 }]);

    expect((await post(`/v1/client/booking/${row.id}/refund`)).statusCode).toBe(202);
    expect(await postedFor(`refund:${row.id}`)).toEqual({
      'clearing:sandbox:USD': -6345,
      'organiser:org:USD': 5997,
      'platform:revenue:USD': 300,
      'platform:vat:USD': 48,
    });
    // Refunding again posts nothing more.
    await post(`/v1/client/booking/${row.id}/refund`);
    const [{ n }] = (await queryRows<{ n: number }>(
      db(),
      sql`SELECT count(*)::int AS n FROM ledger_transactions WHERE cause_key = ${`refund:${row.id}`}`,
    )) as [{ n: number }];
    expect(n).toBe(1);
  });
});

describe('a fee the organiser absorbs', () => {
  it('is taken from the share; the parts add up to the payment; a refund takes the whole payment back', async () => {
    const { event, tickets } = await createEvent(db(), {
      organisationId: other.organisationId,
      categoryId,
      currency: 'KES',
      tickets: [{ name: 'VIP', price: 2333, max: 50 }],
    });
    const details = (await t.app.inject({ method: 'GET', url: `/v1/event/details/${event.id}` })).json().data;
    expect(details.tickets[0].service_fee).toBeUndefined();
    const { answer, row } = await paid(event.id, [{ id: tickets[0]!.id, qty: 2 }]);
    expect(answer).toMatchObject({ subtotal: 4666, service_fee: 0, price: 4666 });
    expect(await postedFor(`sale:${row.id}`)).toEqual({
      'clearing:sandbox:KES': 466_600,
      'organiser:org:KES': -(466_600 - 2 * 13_000),
      'platform:revenue:KES': -22_400,
      'platform:vat:KES': -3_600,
    });
    expect((await post(`/v1/client/booking/${row.id}/refund`, other.token)).statusCode).toBe(202);
    expect(await postedFor(`refund:${row.id}`)).toEqual({
      'clearing:sandbox:KES': -466_600,
      'organiser:org:KES': 466_600,
    });
    // The refund exceeds what the organiser had: shown plainly as a negative balance.
    const balance = (await get('/v1/client/balance', other.token)).json().data;
    expect(balance).toEqual([{ currency: 'KES', pending: -260, available: 0, paid_out: 0 }]);
  });

  it("uses the organisation's own fees when the operator set them", async () => {
    const org = await createOrganiser(db(), { confirmed: true });
    await setOrganisationFees(db(), org.organisationId, { percentBasisPoints: 0, fixedMinor: { USD: 50 } });
    const { event, tickets } = await createEvent(db(), {
      organisationId: org.organisationId,
      categoryId,
      serviceFee: 'pass',
      tickets: [{ name: 'Regular', price: 33.33, max: 5 }],
    });
    const details = (await t.app.inject({ method: 'GET', url: `/v1/event/details/${event.id}` })).json().data;
    expect(details.tickets[0].service_fee).toBe(0.58);
    const { row } = await paid(event.id, [{ id: tickets[0]!.id, qty: 1 }]);
    expect(row.totalMinor).toBe(3333 + 58);
  });
});

describe('balances, the ledger and statements', () => {
  it('makes sales available PAYOUT_DELAY_DAYS after the event ends, and lists them', async () => {
    const org = await createOrganiser(db(), { confirmed: true });
    const { event, tickets } = await createEvent(db(), {
      organisationId: org.organisationId,
      categoryId,
      tickets: [{ name: 'Regular', price: 19.99, max: 5 }],
    });
    const { row } = await paid(event.id, [{ id: tickets[0]!.id, qty: 1 }]);
    const share = 1999 - 116;
    // The event ended 4 days ago (the default delay is 3).
    await db()
      .update(events)
      .set({ startTime: new Date(Date.now() - 5 * 86_400_000), endTime: new Date(Date.now() - 4 * 86_400_000) })
      .where(eq(events.id, event.id));
    expect((await get('/v1/client/balance', org.token)).json().data).toEqual([
      { currency: 'USD', pending: 0, available: share / 100, paid_out: 0 },
    ]);
    const ledger = (await get('/v1/client/ledger', org.token)).json().data;
    expect(ledger).toEqual([
      expect.objectContaining({
        kind: 'sale',
        reference: row.reference,
        gross: 19.99,
        fee: 1,
        fee_vat: 0.16,
        amount: share / 100,
        balance: share / 100,
      }),
    ]);
    const csv = await get('/v1/client/ledger.csv', org.token);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body).toContain(row.reference);
    // Another organisation sees none of it.
    expect(
      (await get('/v1/client/ledger', other.token)).json().data.map((e: { reference: string }) => e.reference),
    ).not.toContain(row.reference);

    const month = new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 7);
    const statementCsv = await get(`/v1/client/statements/${month}.csv`, org.token);
    expect(statementCsv.statusCode).toBe(200);
    expect(statementCsv.body).toContain('Closing balance');
    expect(statementCsv.body).toContain(row.reference);
    const pdf = await get(`/v1/client/statements/${month}.pdf`, org.token);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect((await pdfPages(pdf.rawPayload)).join(' ')).toContain('Closing balance');
  });

  it('refuses a malformed range or file name, and callers without an organiser token', async () => {
    const bad = await get('/v1/client/ledger?from=2026-13-01');
    expect(bad.statusCode).toBe(400);
    const backwards = await get('/v1/client/ledger?from=2026-11-10&to=2026-11-01');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().data.errors[0].path).toBe('to');
    expect((await get('/v1/client/statements/2026-11.xls')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/v1/client/balance' })).statusCode).toBe(401);
  });
});

describe('the ledger itself', () => {
  it('never changes an entry, and refuses a transaction that does not balance', async () => {
    expect(await refusal(db().execute(sql`UPDATE ledger_entries SET amount_minor = amount_minor + 1`))).toMatch(
      /append-only: UPDATE/,
    );
    expect(await refusal(db().execute(sql`DELETE FROM ledger_entries`))).toMatch(/append-only: DELETE/);
    expect(await refusal(db().execute(sql`TRUNCATE ledger_entries`))).toMatch(/append-only: TRUNCATE/);
    expect(await refusal(db().execute(sql`UPDATE ledger_transactions SET reference = 'X'`))).toMatch(/append-only/);
    expect(
      await refusal(
        db().transaction(async (tx) => {
          const [row] = await queryRows<{ id: number }>(
            tx,
            sql`INSERT INTO ledger_transactions (kind, cause_key, reference, description)
              VALUES ('adjustment', 'test:unbalanced', 'X', 'x') RETURNING id`,
          );
          const [acc] = await queryRows<{ id: number }>(tx, sql`SELECT id FROM ledger_accounts LIMIT 1`);
          await tx.execute(
            sql`INSERT INTO ledger_entries (transaction_id, account_id, currency, amount_minor) VALUES (${row!.id}, ${acc!.id}, 'USD', 5)`,
          );
        }),
      ),
    ).toMatch(/does not balance/);
    await expect(
      db().transaction((tx) =>
        postTransaction(tx, {
          kind: 'adjustment',
          causeKey: 'test:unbalanced-2',
          organisationId: owner.organisationId,
          reference: 'ADJ-1',
          description: 'x',
          lines: [
            { account: organiserAccount(owner.organisationId), currency: 'USD', amountMinor: -5 },
            { account: platformAccount('adjustments'), currency: 'USD', amountMinor: 4 },
          ],
        }),
      ),
    ).rejects.toThrow(/does not balance/);
  });

  it('posts a cause once, however often it is posted', async () => {
    const posting = {
      kind: 'adjustment' as const,
      causeKey: 'adjustment:test-once',
      organisationId: owner.organisationId,
      reference: 'ADJ-2',
      description: 'Goodwill',
      lines: [
        { account: organiserAccount(owner.organisationId), currency: 'USD', amountMinor: -500 },
        { account: platformAccount('adjustments'), currency: 'USD', amountMinor: 500 },
      ],
    };
    const first = await db().transaction((tx) => postTransaction(tx, posting));
    const second = await db().transaction((tx) => postTransaction(tx, posting));
    expect([first.created, second.created]).toEqual([true, false]);
  });
});
