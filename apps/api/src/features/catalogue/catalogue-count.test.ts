import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { events, organisations } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { createCategory, createEvent, createOrganiser } from '../../test-support/fixtures.js';

/*
 * The home list's and a category's `total` are summed from `listed_event_ends`, kept by triggers
 * (migration 0025, docs/decisions/0034-catalogue-at-scale.md): they must stay the exact count of
 * listed events through every change that lists, unlists or moves one.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const HOUR = 3_600_000;

async function listTotal(categoryId?: number): Promise<number> {
  const res = await t.app.inject({
    url: `/v1/event/view?fields=card&limit=1${categoryId ? `&category_id=${categoryId}` : ''}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { total: number } }>().data.total;
}

/** Published, not ended, organiser not suspended: what the home list (or a category) counts. */
async function listedNow(categoryId?: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    t.database.db,
    sql`SELECT count(*)::int AS n FROM events e WHERE e.status = 1 AND e.end_time > now()
          AND (${categoryId ?? null}::int IS NULL OR e.category_id = ${categoryId ?? null}::int)
          AND NOT EXISTS (SELECT 1 FROM organisations o WHERE o.id = e.organisation_id AND o.suspended_at IS NOT NULL)`,
  );
  return row!.n;
}

/** The triggers' table against the same counts made from scratch, by category (0: all) and day. */
async function daysDiffer() {
  const fromScratch = sql`SELECT k.c, (e.end_time AT TIME ZONE 'UTC')::date, count(*)::int
      FROM events e, LATERAL (VALUES (0), (e.category_id)) AS k(c)
     WHERE e.status = 1
       AND NOT EXISTS (SELECT 1 FROM organisations o WHERE o.id = e.organisation_id AND o.suspended_at IS NOT NULL)
     GROUP BY 1, 2`;
  return queryRows(
    t.database.db,
    sql`(SELECT category_id, end_day, n FROM listed_event_ends EXCEPT ${fromScratch})
        UNION ALL (${fromScratch} EXCEPT SELECT category_id, end_day, n FROM listed_event_ends)`,
  );
}

let categories: number[] = [];
async function expectExact() {
  expect(await daysDiffer()).toEqual([]);
  expect(await listTotal()).toBe(await listedNow());
  for (const c of categories) expect(await listTotal(c)).toBe(await listedNow(c));
}

describe("the home list's and a category's total", () => {
  it('stays exact through publishing, unpublishing, moving, suspending and deleting', async () => {
    const db = t.database.db;
    const categoryId = (await createCategory(db)).id;
    const otherCategoryId = (await createCategory(db)).id;
    categories = [categoryId, otherCategoryId];
    const a = await createOrganiser(db);
    const b = await createOrganiser(db);
    const make = async (organisationId: number, startsInHours: number, status: 1 | 2 = 1, durationHours = 8) =>
      (await createEvent(db, { organisationId, categoryId, startsInHours, durationHours, status })).event.id;
    const soon = await make(a.organisationId, 48);
    const later = await make(a.organisationId, 24 * 40);
    const draft = await make(a.organisationId, 24 * 5, 2);
    // Running now and ending within the hour: counted from the index, not from the days.
    await make(a.organisationId, -2, 1, 2.5);
    await make(a.organisationId, -48); // ended
    await make(b.organisationId, 24 * 3);
    expect(await listedNow()).toBe(4);
    await expectExact();

    const set = (id: number, values: Partial<typeof events.$inferInsert>) =>
      db.update(events).set(values).where(eq(events.id, id));
    await set(draft, { status: 1 });
    await expectExact();
    await set(soon, { status: 3 });
    await expectExact();
    await set(later, {
      startTime: new Date(Date.now() + 100 * 24 * HOUR),
      endTime: new Date(Date.now() + 101 * 24 * HOUR),
    });
    await expectExact();
    await set(later, { organisationId: b.organisationId });
    await expectExact();
    await set(later, { categoryId: otherCategoryId });
    expect(await listedNow(otherCategoryId)).toBe(1);
    await expectExact();

    const suspend = (organisationId: number, at: Date | null) =>
      db.update(organisations).set({ suspendedAt: at }).where(eq(organisations.id, organisationId));
    await suspend(a.organisationId, new Date());
    expect(await listedNow()).toBe(2);
    await expectExact();
    await suspend(a.organisationId, null);
    await expectExact();

    await db.delete(events).where(eq(events.id, draft));
    await expectExact();
    // A suspended organisation deleted with its events (the cascade) leaves no count behind.
    await suspend(b.organisationId, new Date());
    await db.delete(organisations).where(eq(organisations.id, b.organisationId));
    await expectExact();
    expect(await listedNow()).toBe(1);
  });
});
