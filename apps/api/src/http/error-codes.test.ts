import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelopeSchema, ERROR_STATUS, type ErrorCode } from '@tikiti/contract';
import { createBuyer, createCategory, createEvent, createOrganiser } from '../test-support/fixtures.js';
import { book, guest } from '../test-support/checkout.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';

/**
 * Every error carries its code in `data.code` beside the message, the status the contract gives
 * that code, and still the spec's envelope (docs/api.md#error-codes): representative refusals of
 * real calls, the booking's among them, as the web tells them apart.
 */
let t: TestApp;
let organisationId: number;
let categoryId: number;

beforeAll(async () => {
  t = await createTestApp({ BOOKINGS_PER_ADDRESS: '2' });
  organisationId = (await createOrganiser(t.database.db)).organisationId;
  categoryId = (await createCategory(t.database.db)).id;
});
afterAll(() => t.close());

/** The answer's envelope, checked against the contract, and its code's status against the answer's. */
function refusal(res: { statusCode: number; json: () => unknown }, code: ErrorCode) {
  const body = errorEnvelopeSchema.parse(res.json());
  expect(body.data.code).toBe(code);
  expect(res.statusCode).toBe(ERROR_STATUS[code]);
  expect(body.status).toBe(res.statusCode);
  return body;
}

let ip = 0;
/** Each booking from its own address, but for the rate limit's. */
const from = () => `198.51.100.${++ip}`;

describe('booking refusals', () => {
  it('sold out and only N left: their codes, the message and the line naming the type', async () => {
    const { event, tickets } = await createEvent(t.database.db, {
      organisationId,
      categoryId,
      tickets: [
        { name: 'Early bird', price: 19.99, max: 10, sold: 10 },
        { name: 'VIP', price: 33.33, max: 5, sold: 2 },
      ],
    });
    const soldOut = refusal(
      await book(t.app, { event_id: event.id, tickets: [{ id: tickets[0]!.id, qty: 1 }] }, { ip: from() }),
      'booking.sold_out',
    );
    expect(soldOut.status_description).toBe('Early bird is sold out');
    expect(soldOut.data.errors).toEqual([{ path: 'tickets.0.qty', message: 'Early bird is sold out' }]);
    const few = refusal(
      await book(t.app, { event_id: event.id, tickets: [{ id: tickets[1]!.id, qty: 4 }] }, { ip: from() }),
      'booking.only_n_left',
    );
    expect(few.status_description).toBe('Only 3 VIP tickets are left');
    expect(few.data.errors).toEqual([{ path: 'tickets.0.qty', message: 'Only 3 VIP tickets are left' }]);
  });

  it('an ended event, M-Pesa in dollars and tickets another checkout holds: each its own code', async () => {
    const ended = await createEvent(t.database.db, {
      organisationId,
      categoryId,
      startsInHours: -30,
      durationHours: 2,
    });
    refusal(
      await book(t.app, { event_id: ended.event.id, tickets: [{ id: ended.tickets[0]!.id, qty: 1 }] }, { ip: from() }),
      'booking.event_ended',
    );
    const { event, tickets } = await createEvent(t.database.db, { organisationId, categoryId });
    const line = [{ id: tickets[0]!.id, qty: 1 }];
    const mpesa = refusal(
      await book(t.app, { event_id: event.id, tickets: line, payment_method: 'mpesa' }, { ip: from() }),
      'payment.mpesa_kes_only',
    );
    expect(mpesa.data.errors?.map((e) => e.path)).toEqual(['payment_method']);
    const details = guest();
    expect((await book(t.app, { event_id: event.id, tickets: line, details }, { ip: from() })).statusCode).toBe(201);
    refusal(
      await book(t.app, { event_id: event.id, tickets: line, details }, { ip: from() }),
      'booking.held_for_buyer',
    );
  });

  it('a field the contract refuses, an unknown event, and too many bookings from one address', async () => {
    const { event, tickets } = await createEvent(t.database.db, { organisationId, categoryId });
    const field = refusal(
      await book(t.app, { event_id: event.id, tickets: [{ id: tickets[0]!.id, qty: 0 }] }, { ip: from() }),
      'validation.invalid_field',
    );
    expect(field.data.errors?.[0]?.path).toBe('tickets.0.qty');
    refusal(
      await book(t.app, { event_id: 987654, tickets: [{ id: tickets[0]!.id, qty: 1 }] }, { ip: from() }),
      'not_found',
    );
    const one = from();
    for (let i = 0; i < 2; i++) {
      const res = await book(t.app, { event_id: event.id, tickets: [{ id: tickets[0]!.id, qty: 1 }] }, { ip: one });
      expect(res.statusCode, res.body).toBe(201);
    }
    refusal(
      await book(t.app, { event_id: event.id, tickets: [{ id: tickets[0]!.id, qty: 1 }] }, { ip: one }),
      'rate_limited',
    );
  });
});

describe('sessions', () => {
  const self = (auth?: string) =>
    t.app.inject({ method: 'GET', url: '/v1/client/self', headers: auth ? { auth } : {} });

  it('no token, an ended one, a buyer on an organiser call, a wrong password', async () => {
    refusal(await self(), 'auth.required');
    refusal(await self('not-a-session-token-at-all-0123456789abcdef'), 'auth.session_ended');
    refusal(await self((await createBuyer(t.database.db)).token), 'auth.wrong_account_type');
    const login = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { username: 'nobody@example.co.ke', password: 'not the password' },
    });
    refusal(login, 'auth.login_failed');
  });
});
