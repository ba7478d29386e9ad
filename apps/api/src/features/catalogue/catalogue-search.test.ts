import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { events } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { createCategory, createEvent, createOrganiser } from '../../test-support/fixtures.js';

/*
 * The search reads `events.search_text`, the fields joined and lower-cased by PostgreSQL, with
 * `LIKE lower(word)` (docs/decisions/0035-search-text.md). It must find exactly what `ILIKE` on
 * the fields finds, whatever the letters, and follow an edit at once.
 */
let t: TestApp;
let organisationId: number;
let categoryId: number;
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await createTestApp();
  ({ organisationId } = await createOrganiser(t.database.db));
  categoryId = (await createCategory(t.database.db)).id;
  const event = (i: number, title: string, more: { location?: string; short?: string; full?: string } = {}) =>
    createEvent(t.database.db, {
      organisationId,
      categoryId,
      title,
      location: more.location,
      shortDescription: more.short,
      fullDescription: more.full,
      startsInHours: 24 + i,
    });
  await event(1, 'ÉLAN Leadership Forum', { location: 'Café Ünlü, Nyeri', short: 'Σοφία talks' });
  await event(2, 'Élan Nights', { full: 'Dîner de GALA\n\nAfter-party at the ROOFTOP' });
  await event(3, 'MPESA & Payments Day', { short: 'M-Pesa, Airtel Money: 100% mobile', location: 'Sarova Stanley' });
  await event(4, 'Data_Science Bootcamp', { full: 'Tabs\tand\nnew lines', location: 'iHub, Ngong Road' });
  await event(5, 'Kilimo Biashara', { short: 'İstanbul visitors welcome', location: 'Eldoret' });
  // Ended, and a draft: never found.
  await createEvent(t.database.db, { organisationId, categoryId, title: 'Élan past', startsInHours: -48 });
  await createEvent(t.database.db, { organisationId, categoryId, title: 'Élan draft', status: 2 });
});
afterAll(() => t.close());

async function search(words: string) {
  const res = await t.app.inject({ url: `/v1/event/view?fields=card&limit=50&filter=${encodeURIComponent(words)}` });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<{ data: { data: { id: number }[]; total: number } }>();
  return { ids: body.data.data.map((e) => e.id), total: body.data.total };
}

/** What `ILIKE` on each field finds for every word, counted from scratch. */
async function byIlike(words: string[]) {
  const pattern = (w: string) => `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await queryRows<{ id: number }>(
    t.database.db,
    sql`SELECT e.id FROM events e
         WHERE e.status = 1 AND e.end_time > now()
           AND ${sql.join(
             words.map(
               (w) =>
                 sql`(e.title ILIKE ${pattern(w)} OR e.short_description ILIKE ${pattern(w)}
                      OR e.full_description ILIKE ${pattern(w)} OR e.location ILIKE ${pattern(w)})`,
             ),
             sql` AND `,
           )}
         ORDER BY e.start_time, e.id`,
  );
  return rows.map((r) => r.id);
}

describe('the search text', () => {
  const searches = [
    'élan',
    'ÉLAN',
    'Élan',
    'leadership',
    'LEADERSHIP forum',
    'ünlü',
    'ÜNLÜ',
    'café',
    'σοφία',
    'ΣΟΦΊΑ',
    'gala',
    'Rooftop',
    'm-pesa',
    'mpesa',
    '100%',
    'data_science',
    'data science',
    'tabs',
    'İstanbul',
    'istanbul',
    'ngong road',
    'nyeri élan',
    'sarova payments',
    'nothing-like-this',
  ];
  for (const words of searches)
    it(`finds for "${words}" exactly what ILIKE on the fields finds`, async () => {
      const expected = await byIlike(words.split(/\s+/));
      expect(await search(words)).toEqual({ ids: expected, total: expected.length });
    });

  it('keeps accents as they are, and never finds an ended event or a draft', async () => {
    expect((await search('elan')).total).toBe(0);
    expect((await search('Élan nights')).total).toBe(1);
    expect((await search('past')).total).toBe(0);
    expect((await search('draft')).total).toBe(0);
  });

  it('follows an edit of the title, descriptions and location at once', async () => {
    const { event } = await createEvent(t.database.db, {
      organisationId,
      categoryId,
      title: 'Harambee Breakfast',
      startsInHours: 30,
    });
    expect((await search('harambee')).ids).toEqual([event.id]);
    await t.database.db
      .update(events)
      .set({ title: 'Chama Breakfast', location: 'Kisumu Yacht Club', fullDescription: 'Tilapia on the lake' })
      .where(eq(events.id, event.id));
    expect((await search('harambee')).ids).toEqual([]);
    expect((await search('CHAMA')).ids).toEqual([event.id]);
    expect((await search('yacht tilapia')).ids).toEqual([event.id]);
    await t.database.db
      .update(events)
      .set({ startTime: new Date(Date.now() - 3 * HOUR), endTime: new Date(Date.now() - HOUR) })
      .where(eq(events.id, event.id));
    expect((await search('chama')).ids).toEqual([]);
  });
});
