import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { organizerPageResponseSchema, slugify } from '@tikiti/contract';
import { organisations } from '../../db/schema/index.js';
import { createCategory, createEvent, createOrganiser } from '../../test-support/fixtures.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';

/** The organiser's public page and slug (docs/product.md#organiser-page). */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://tikiti.example.com' });
});
afterAll(() => t.close());

async function organisationNamed(displayName: string) {
  const [row] = await t.database.db
    .insert(organisations)
    .values({ organizationName: `${displayName} Ltd`, displayName, email: 'o@example.com', msisdn: '254700000000' })
    .returning();
  return row!;
}

describe('organiser slugs', () => {
  it('are made from the name as the contract slugifies it, and stay unique with -2, -3', async () => {
    const name = `Sauti Sol Events ${Date.now()} & Friends!`;
    const a = await organisationNamed(name);
    const b = await organisationNamed(name);
    const c = await organisationNamed(name);
    expect(a.slug).toBe(slugify(name));
    expect(b.slug).toBe(`${slugify(name)}-2`);
    expect(c.slug).toBe(`${slugify(name)}-3`);
    const blank = await organisationNamed('★★★');
    expect(blank.slug).toMatch(/^organiser(-\d+)?$/);
  });

  it('are on every public organiser answer: the event and the organisers list', async () => {
    const org = await createOrganiser(t.database.db);
    const [row] = await t.database.db.select().from(organisations).where(eq(organisations.id, org.organisationId));
    const categoryId = (await createCategory(t.database.db)).id;
    const { event } = await createEvent(t.database.db, { organisationId: org.organisationId, categoryId });
    const details = await t.app.inject({ method: 'GET', url: `/v1/event/details/${event.id}` });
    expect(details.json().data.organizer).toEqual({
      id: org.organisationId,
      display_name: row!.displayName,
      slug: row!.slug,
    });
    const list = await t.app.inject({ method: 'GET', url: '/v1/client/view' });
    expect(list.json().data).toContainEqual({
      id: org.organisationId,
      display_name: row!.displayName,
      slug: row!.slug,
    });
  });
});

describe('GET v1/organizers/{slug}', () => {
  it('answers the organiser with their published events, upcoming and past, never drafts; and lists the page in the sitemap', async () => {
    const db = t.database.db;
    const org = await createOrganiser(db);
    await db
      .update(organisations)
      .set({ description: 'Concerts in Nairobi' })
      .where(eq(organisations.id, org.organisationId));
    const [row] = await db.select().from(organisations).where(eq(organisations.id, org.organisationId));
    const categoryId = (await createCategory(db)).id;
    const later = await createEvent(db, { organisationId: org.organisationId, categoryId, startsInHours: 24 * 20 });
    const soon = await createEvent(db, { organisationId: org.organisationId, categoryId, startsInHours: 24 * 2 });
    const past = await createEvent(db, { organisationId: org.organisationId, categoryId, startsInHours: -24 * 10 });
    const draft = await createEvent(db, { organisationId: org.organisationId, categoryId, status: 2 });
    const other = await createOrganiser(db);
    await createEvent(db, { organisationId: other.organisationId, categoryId });

    const res = await t.app.inject({ method: 'GET', url: `/v1/organizers/${row!.slug}` });
    expect(res.statusCode).toBe(200);
    const page = organizerPageResponseSchema.parse(res.json()).data;
    expect(page.organizer).toEqual({
      id: org.organisationId,
      slug: row!.slug,
      display_name: row!.displayName,
      logo: null,
      description: 'Concerts in Nairobi',
    });
    expect(page.upcoming.map((e) => e.id)).toEqual([soon.event.id, later.event.id]);
    expect(page.past.map((e) => e.id)).toEqual([past.event.id]);
    expect([...page.upcoming, ...page.past].some((e) => e.id === draft.event.id)).toBe(false);

    const sitemap = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.body).toContain(`<loc>https://tikiti.example.com/o/${row!.slug}</loc>`);
  });

  it('answers 404 for an unknown slug and 400 for one that cannot be a slug', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/v1/organizers/no-such-organiser-anywhere' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().data.code).toBe('not_found');
    const bad = await t.app.inject({ method: 'GET', url: '/v1/organizers/%3Cscript%3E' });
    expect(bad.statusCode).toBe(400);
  });
});
