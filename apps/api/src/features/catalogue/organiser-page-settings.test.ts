import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { organiserPageSettingsResponseSchema, organizerPageResponseSchema } from '@tikiti/contract';
import { queryRows } from '../../db/client.js';
import { media, organisations } from '../../db/schema/index.js';
import { createBuyer, createOrganiser } from '../../test-support/fixtures.js';
import { jpegImage, multipartBody, pngImage, type FilePart } from '../../test-support/organiser-events.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';

/** An organiser sets their public page's description and logo (docs/product.md#organiser-page). */
let t: TestApp;

beforeAll(async () => {
  // The public cache on (as in production), so the test sees that a change clears it.
  t = await createTestApp({ CATALOGUE_CACHE_MS: '60000' });
});
afterAll(() => t.close());

async function putPage(token: string | undefined, fields: Record<string, string>, logo?: FilePart) {
  const body = await multipartBody(fields, logo, 'logo');
  return t.app.inject({
    method: 'PUT',
    url: '/v1/client/organisation/page',
    payload: body.payload,
    headers: { ...body.headers, ...(token ? { auth: token } : {}) },
  });
}

async function publicPage(organisationId: number) {
  const [row] = await t.database.db.select().from(organisations).where(eq(organisations.id, organisationId));
  const res = await t.app.inject({ method: 'GET', url: `/v1/organizers/${row!.slug}` });
  expect(res.statusCode).toBe(200);
  return organizerPageResponseSchema.parse(res.json()).data.organizer;
}

describe('PUT v1/client/organisation/page', () => {
  it('sets the description and logo; the public page shows them at once, the logo serves an image; another replaces and releases it; removing takes it off', async () => {
    const org = await createOrganiser(t.database.db);
    // The public page is read (and cached) before the change: the change must clear it.
    expect(await publicPage(org.organisationId)).toMatchObject({ logo: null, description: '' });

    const res = await putPage(
      org.token,
      { description: '  Concerts and festivals in Nairobi since 2015.  ' },
      { name: 'logo.png', bytes: await pngImage(400, 400), type: 'image/png' },
    );
    expect(res.statusCode).toBe(200);
    const saved = organiserPageSettingsResponseSchema.parse(res.json()).data;
    expect(saved.description).toBe('Concerts and festivals in Nairobi since 2015.');
    expect(saved.logo).toMatch(/\/media\/[\w-]+\.jpg$/);

    const page = await publicPage(org.organisationId);
    expect(page.description).toBe('Concerts and festivals in Nairobi since 2015.');
    expect(page.logo).toBe(saved.logo);
    // Anyone may load the logo (no signature): the organiser page is public.
    const image = await t.app.inject({ method: 'GET', url: new URL(page.logo!, 'http://x').pathname });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');

    const get = await t.app.inject({
      method: 'GET',
      url: '/v1/client/organisation/page',
      headers: { auth: org.token },
    });
    expect(organiserPageSettingsResponseSchema.parse(get.json()).data).toEqual(saved);

    // A new logo replaces the old, whose image row goes.
    const oldKey = /\/media\/([\w-]+)\.jpg$/.exec(saved.logo!)![1]!;
    const replaced = await putPage(
      org.token,
      { description: saved.description },
      { name: 'logo.jpg', bytes: await jpegImage(300, 300), type: 'image/jpeg' },
    );
    expect(replaced.statusCode).toBe(200);
    const next = organiserPageSettingsResponseSchema.parse(replaced.json()).data;
    expect(next.logo).not.toBe(saved.logo);
    expect(await t.database.db.select().from(media).where(eq(media.key, oldKey))).toEqual([]);
    expect((await publicPage(org.organisationId)).logo).toBe(next.logo);

    // Saving without a file keeps the logo; remove_logo takes it off.
    const kept = await putPage(org.token, { description: 'Shorter.' });
    expect(organiserPageSettingsResponseSchema.parse(kept.json()).data).toMatchObject({
      description: 'Shorter.',
      logo: next.logo,
    });
    const removed = await putPage(org.token, { description: 'Shorter.', remove_logo: 'true' });
    expect(organiserPageSettingsResponseSchema.parse(removed.json()).data.logo).toBeNull();
    expect((await publicPage(org.organisationId)).logo).toBeNull();

    const audit = await queryRows<{ action: string }>(
      t.database.db,
      sql`SELECT action FROM audit_entries WHERE organisation_id = ${org.organisationId}`,
    );
    const actions = audit.map((a) => a.action);
    expect(actions.filter((a) => a === 'organisation.page_updated')).toHaveLength(4);
  });

  it('refuses a description over 1,000 characters on its field, and a file that is not an image, changing nothing', async () => {
    const org = await createOrganiser(t.database.db);
    const long = await putPage(org.token, { description: 'a'.repeat(1001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().data.errors).toEqual([expect.objectContaining({ path: 'description' })]);

    const notImage = await putPage(
      org.token,
      { description: 'Fine' },
      { name: 'logo.png', bytes: Buffer.from('not an image at all'), type: 'image/png' },
    );
    expect(notImage.statusCode).toBe(415);
    expect(notImage.json().data.code).toBe('image.wrong_type');
    expect(await publicPage(org.organisationId)).toMatchObject({ description: '', logo: null });

    expect((await putPage(org.token, { description: 'a'.repeat(1000) })).statusCode).toBe(200);
  });

  it('changes only the caller organisation; refuses a door-only teammate (403), a buyer and nobody', async () => {
    const owner = await createOrganiser(t.database.db);
    const other = await createOrganiser(t.database.db);
    expect((await putPage(other.token, { description: 'Theirs' })).statusCode).toBe(200);
    expect((await publicPage(owner.organisationId)).description).toBe('');
    expect((await publicPage(other.organisationId)).description).toBe('Theirs');

    const door = await createOrganiser(t.database.db, { role: 'checkin', organisationId: owner.organisationId });
    expect((await putPage(door.token, { description: 'Door' })).statusCode).toBe(403);
    const admin = await createOrganiser(t.database.db, { role: 'admin', organisationId: owner.organisationId });
    expect((await putPage(admin.token, { description: 'Admin' })).statusCode).toBe(200);
    const buyer = await createBuyer(t.database.db);
    expect((await putPage(buyer.token, { description: 'Buyer' })).statusCode).toBe(406);
    expect((await putPage(undefined, { description: 'Nobody' })).statusCode).toBe(401);
    expect((await publicPage(owner.organisationId)).description).toBe('Admin');
  });
});
