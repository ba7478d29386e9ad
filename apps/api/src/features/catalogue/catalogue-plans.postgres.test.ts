import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { createCategory, createEvent, createOrganiser } from '../../test-support/fixtures.js';
import { findPublicCardPage, publicListStatement, type PublicEventFilter } from './catalogue.repo.js';

/*
 * The public lists' plans at a size where PostgreSQL would otherwise scan the whole table
 * (docs/decisions/0034-catalogue-at-scale.md, docs/scaling.md#cost-curves-as-the-data-grows):
 * 5,000 events generated set-based and analysed, then EXPLAIN of the statements the catalogue
 * runs, planned for these parameters (as the first executions are) and generically (as a
 * prepared statement may be after five).
 */
let t: TestApp;
let categoryId: number;
const ids: Record<'blockchain' | 'percent' | 'hundreds' | 'underscore' | 'space', number> = {
  blockchain: 0,
  percent: 0,
  hundreds: 0,
  underscore: 0,
  space: 0,
};
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  categoryId = (await createCategory(db)).id;
  const otherId = (await createCategory(db)).id;
  const { organisationId } = await createOrganiser(db);
  // The events are spread over 400 organisers, as a marketplace's are: with one, PostgreSQL
  // guesses that leaving out suspended organisers leaves almost nothing.
  await db.execute(sql`
    INSERT INTO organisations (organization_name, display_name, email, msisdn)
    SELECT 'Organiser ' || g || ' Ltd', 'Organiser ' || g, 'org' || g || '@example.co.ke', '+2547' || lpad(g::text, 8, '0')
      FROM generate_series(1, 400) g`);
  await db.execute(sql`
    INSERT INTO events (organisation_id, category_id, title, location, short_description, full_description,
                        start_time, end_time, status)
    SELECT (SELECT max(id) FROM organisations) - g % 400, CASE WHEN g % 8 = 0 THEN ${categoryId}::int ELSE ${otherId}::int END,
           (ARRAY['Agritech Expo', 'Health Forum', 'Energy Week', 'Design Meetup'])[1 + g % 4] || ' #' || g,
           'KICC, Nairobi', 'Talks and workshops', 'A day of talks.',
           date_trunc('hour', now()) + ((g % 730) - 180) * interval '1 day',
           date_trunc('hour', now()) + ((g % 730) - 180) * interval '1 day' + interval '8 hours',
           CASE WHEN g % 20 = 0 THEN 2 ELSE 1 END
      FROM generate_series(1, 5000) g`);
  const event = async (title: string, fullDescription?: string) =>
    (await createEvent(db, { organisationId, categoryId: otherId, title, fullDescription })).event.id;
  ids.blockchain = await event('Payments Day', 'Panels on BLOCKCHAIN settlement.');
  ids.percent = await event('Save 100% Summit');
  ids.hundreds = await event('The 1000 Founders Summit');
  ids.underscore = await event('Big_Data Day');
  ids.space = await event('Big Data Day');
  // A draft that matches: never found.
  await createEvent(db, { organisationId, categoryId: otherId, title: 'Blockchain draft', status: 2 });
  await db.execute(sql`ANALYZE`);
});
afterAll(() => t.close());

const literal = (v: unknown) => (typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`);

let planNumber = 0;
/** The plan PostgreSQL makes for the public list's statement, as the catalogue prepares it. */
async function plan(f: PublicEventFilter, fields: 'card' | 'full', generic: boolean): Promise<string> {
  const statement = publicListStatement(t.database.db, f, { limit: 12, offset: 0 }, fields);
  const name = `catalogue_plan_${++planNumber}`;
  return t.database.db.transaction(async (tx) => {
    await tx.execute(sql.raw(`SET LOCAL plan_cache_mode = ${generic ? 'force_generic_plan' : 'force_custom_plan'}`));
    await tx.execute(sql.raw(`PREPARE ${name} AS ${statement.sql}`));
    const rows = await queryRows<{ 'QUERY PLAN': string }>(
      tx,
      sql.raw(`EXPLAIN EXECUTE ${name}(${statement.params.map(literal).join(', ')})`),
    );
    await tx.execute(sql.raw(`DEALLOCATE ${name}`));
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  });
}

/**
 * The part of a plan that picks the page: the subtrees of the page's `Limit` and of a search's
 * `matches`. Joining the page's events back may rightly be a scan at 5,000 events: a generic plan
 * guesses that `LIMIT $n` keeps a tenth of the rows.
 */
function pickingThePage(plan: string): string {
  const lines = plan.split('\n');
  const depth = (line: string) => line.search(/\S/);
  const picked: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!/^\s*(->\s+)?(Limit|CTE matches)\b/.test(lines[i]!)) continue;
    const root = depth(lines[i]!);
    picked.push(lines[i]!);
    while (i + 1 < lines.length && depth(lines[i + 1]!) > root) picked.push(lines[++i]!);
  }
  expect(picked, plan).not.toEqual([]);
  return picked.join('\n');
}

const now = () => new Date();
const filters: [string, () => PublicEventFilter, RegExp][] = [
  ['the home list', () => ({ endsAfter: now(), words: [] }), /events_listed_idx/],
  ['a search', () => ({ endsAfter: now(), words: ['blockchain'] }), /events_search_text_idx/],
  ['a search of two words', () => ({ endsAfter: now(), words: ['big', 'day'] }), /events_search_text_idx/],
  // A word in a quarter of the events: the matches are many, but still only they are read.
  ['a search for a common word', () => ({ endsAfter: now(), words: ['agritech'] }), /events_search_text_idx/],
  ['a category', () => ({ endsAfter: now(), categoryId, words: [] }), /events_listed_category_idx/],
  [
    'a category and the next 30 days',
    () => ({ endsAfter: now(), startsBefore: new Date(Date.now() + 31 * DAY), categoryId, words: [] }),
    /events_listed_category_idx/,
  ],
];

describe('the public lists at 5,000 events', () => {
  for (const [what, filter, index] of filters)
    for (const generic of [false, true])
      for (const fields of ['card', 'full'] as const)
        it(`reads ${what} from its index, not a scan of events (${fields}, ${generic ? 'generic' : 'custom'} plan)`, async () => {
          const p = pickingThePage(await plan(filter(), fields, generic));
          expect(p).not.toMatch(/Seq Scan on events/);
          expect(p).toMatch(index);
        });

  async function search(words: string) {
    const res = await t.app.inject({ url: `/v1/event/view?fields=card&filter=${encodeURIComponent(words)}` });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ data: { data: { id: number }[]; total: number } }>();
    return { ids: body.data.data.map((e) => e.id), total: body.data.total };
  }

  it('still finds a word of the full description, whatever its case, and no draft', async () => {
    expect(await search('blockchain')).toEqual({ ids: [ids.blockchain], total: 1 });
    expect(await search('Settlement PAYMENTS')).toEqual({ ids: [ids.blockchain], total: 1 });
  });

  it('still takes % and _ literally, and a word never spans two fields', async () => {
    expect(await search('100%')).toEqual({ ids: [ids.percent], total: 1 });
    expect(await search('big_data')).toEqual({ ids: [ids.underscore], total: 1 });
    // The titles end in "Summit" and the short descriptions begin with "A": no word holds both.
    expect((await search('summita')).total).toBe(0);
    expect((await search('summit short')).ids.sort()).toEqual([ids.percent, ids.hundreds].sort());
  });

  it('counts every match of the home list and of a category, past the page', async () => {
    const endsAfter = now();
    const startsBefore = new Date(endsAfter.getTime() + 31 * DAY);
    const [expected] = await queryRows<{ listed: number; inCategory: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS listed,
                 (count(*) FILTER (WHERE category_id = ${categoryId}::int AND start_time < ${startsBefore.toISOString()}::timestamptz))::int AS "inCategory"
            FROM events WHERE status = 1 AND end_time > ${endsAfter.toISOString()}::timestamptz`,
    );
    const page = { limit: 12, offset: 0 };
    const home = await findPublicCardPage(t.database.db, { endsAfter, words: [] }, page);
    expect(home.total).toBe(expected!.listed);
    expect(home.total).toBeGreaterThan(3000);
    const inCategory = await findPublicCardPage(
      t.database.db,
      { endsAfter, startsBefore, categoryId, words: [] },
      page,
    );
    expect(inCategory.total).toBe(expected!.inCategory);
    expect(inCategory.total).toBeGreaterThan(12);
    expect(inCategory.events).toHaveLength(12);
  });
});
