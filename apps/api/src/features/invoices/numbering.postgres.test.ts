import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { BOOKING_STATUS } from '@tikiti/contract';
import { queryRows, type Db } from '../../db/client.js';
import { createCategory, createEvent, createOrganiser } from '../../test-support/fixtures.js';
import { book, payWithCard } from '../../test-support/checkout.js';
import { postJson, startApiProcess, type ApiProcess } from '../../test-support/api-process.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';

/**
 * Invoice numbers on a real PostgreSQL server (docs/product.md#numbering): settlements racing on
 * two API processes take consecutive numbers of the organisation's sequence, none twice, none
 * skipped.
 */
async function databaseUrlOf(db: Db) {
  const [row] = await queryRows<{ db: string; port: number }>(
    db,
    sql`SELECT current_database() AS db, current_setting('port')::int AS port`,
  );
  return `postgres://postgres@127.0.0.1:${row!.port}/${row!.db}`;
}

describe('invoice numbers across two API processes', () => {
  let t: TestApp;
  let apis: ApiProcess[] = [];
  beforeAll(async () => {
    t = await createTestApp({ BOOKINGS_PER_ADDRESS: '0' });
    const url = await databaseUrlOf(t.database.db);
    apis = await Promise.all(
      [0, 1].map(() =>
        startApiProcess({
          DATABASE_URL: url,
          BOOKINGS_PER_ADDRESS: '0',
          DATABASE_POOL_SIZE: '10',
          TRUST_PROXY: 'loopback',
        }),
      ),
    );
  }, 120_000);
  afterAll(async () => {
    await Promise.all(apis.map((a) => a.stop()));
    await t?.close();
  });

  it('gives 200 settlements racing on both 200 distinct consecutive numbers, with no gap', async () => {
    const org = await createOrganiser(t.database.db);
    await t.app.inject({
      method: 'PUT',
      url: '/v1/client/organisation/tax',
      headers: { auth: org.token },
      payload: {
        legal_name: 'Tamasha Events Limited',
        kra_pin: 'P051234567X',
        physical_address: 'Kenyatta Avenue, Nairobi',
        vat_registered: true,
      },
    });
    const category = await createCategory(t.database.db);
    const { event, tickets } = await createEvent(t.database.db, {
      organisationId: org.organisationId,
      categoryId: category.id,
      currency: 'KES',
      tickets: [{ name: 'Delegate', price: 2333, max: 500 }],
    });
    const held: { secret: string; token: string }[] = [];
    for (let i = 0; i < 200; i += 20) {
      const batch = await Promise.all(
        Array.from({ length: 20 }, () =>
          book(t.app, { event_id: event.id, tickets: [{ id: tickets[0]!.id, qty: 1 }] }),
        ),
      );
      for (const r of batch) {
        expect(r.statusCode).toBe(201);
        held.push({ secret: r.json().data.client_secret, token: r.headers.auth as string });
      }
    }
    for (const h of held) expect((await payWithCard(t.app, h.secret)).statusCode).toBe(200);
    // Every buyer's page asks one process or the other at once: each settles, taking a number.
    const settled = await Promise.all(
      held.map((h, i) =>
        postJson(apis[i % 2]!.baseUrl, '/v1/booking/retrieve', { payment_intent: h.secret }, { token: h.token }),
      ),
    );
    expect(settled.every((r) => r.status === 200 && r.data!.status === BOOKING_STATUS.paid)).toBe(true);
    const numbers = await queryRows<{ seq: number; number: string }>(
      t.database.db,
      sql`SELECT seq, number FROM tax_documents WHERE organisation_id = ${org.organisationId} AND kind = 'invoice' ORDER BY seq`,
    );
    expect(numbers).toHaveLength(200);
    expect(numbers.map((n) => n.seq)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    expect(new Set(numbers.map((n) => n.number)).size).toBe(200);
    expect(numbers[199]!.number).toMatch(/^INV-\d{4}-000200$/);
  }, 240_000);
});
