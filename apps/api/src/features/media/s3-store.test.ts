import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_STATUS } from '@tikiti/contract';
import { events, jobs, media } from '../../db/schema/index.js';
import { seedDemoData } from '../../db/seed/seed.js';
import { runDueJobs } from '../../jobs/worker.js';
import { FAKE_S3, startFakeS3, type FakeS3 } from '../../test-support/fake-s3.js';
import { createCategory, createEvent, createOrganiser } from '../../test-support/fixtures.js';
import { eventFields, jpegImage, pngImage, sendEventForm } from '../../test-support/organiser-events.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { imageStores } from './image-stores.js';
import { mediaJobs } from './media.jobs.js';
import { prepareImage, storeImage } from './media.service.js';
import { DELETE_OBJECTS_JOB, objectKey } from './s3-store.js';

/**
 * Images on S3-compatible storage (docs/decisions/0014-image-storage.md), against a local fake
 * of the S3 HTTP API that checks every request's SigV4 signature.
 */
let s3: FakeS3;
let t: TestApp;
let organiser: Awaited<ReturnType<typeof createOrganiser>>;
let categoryId: number;

beforeAll(async () => {
  s3 = await startFakeS3();
  t = await createTestApp(s3.env());
  organiser = await createOrganiser(t.database.db);
  categoryId = (await createCategory(t.database.db)).id;
});
afterAll(async () => {
  await t.close();
  await s3.close();
});

const ctx = () => ({ config: t.config, db: t.database.db });
const objectsOf = (key: string) => [objectKey(key, 'full'), objectKey(key, 'card')].map((k) => s3.objects.get(k));
const mediaRow = async (id: number) => (await t.database.db.select().from(media).where(eq(media.id, id)))[0];
const eventRow = async (id: number) => (await t.database.db.select().from(events).where(eq(events.id, id)))[0]!;
const count = async (table: typeof media | typeof events) =>
  (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;

/** Runs the media jobs that are due, after making the upload sweeps (due in two hours) due now. */
async function runMediaJobs({ sweepsToo }: { sweepsToo: boolean }) {
  if (sweepsToo) {
    await t.database.db
      .update(jobs)
      .set({ runAt: new Date() })
      .where(and(eq(jobs.kind, DELETE_OBJECTS_JOB), eq(jobs.state, 'queued')));
  }
  return runDueJobs(ctx(), mediaJobs);
}

/** An organiser's new event with an image, sent to `app` (the suite's own unless given). */
const registerWithImage = (image: Buffer, app = t.app, token = organiser.token, category = categoryId) =>
  sendEventForm(app, {
    method: 'POST',
    url: '/v1/event/register',
    token,
    fields: eventFields(category),
    file: { name: 'banner.png', bytes: image, type: 'image/png' },
  });

async function createDraft(image: Buffer) {
  const res = await registerWithImage(image);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as number;
}

const updateWithImage = (eventId: number, image: Buffer) =>
  sendEventForm(t.app, {
    method: 'PUT',
    url: `/v1/event/update/${eventId}`,
    token: organiser.token,
    fields: eventFields(categoryId),
    file: { name: 'new.jpg', bytes: image, type: 'image/jpeg' },
  });

describe('an event image on S3', () => {
  it('is uploaded as two signed objects, its row keeps no bytes, and its URLs serve the objects’ bytes', async () => {
    const sent = s3.requests.length;
    const eventId = await createDraft(await pngImage(1200, 600));
    const row = (await mediaRow((await eventRow(eventId)).imageId!))!;
    expect(row).toMatchObject({ storage: 's3', bytes: null, cardBytes: null, width: 1200, height: 600 });
    const [full, card] = objectsOf(row.key);
    expect(full?.contentType).toBe('image/jpeg');
    expect(card?.contentType).toBe('image/jpeg');
    // Each call is signed with the configured key (the fake also checked each signature).
    const puts = s3.requests.slice(sent).filter((r) => r.method === 'PUT');
    expect(puts.map((r) => r.key).sort()).toEqual([objectKey(row.key, 'card'), objectKey(row.key, 'full')]);
    for (const r of puts) expect(r.accessKeyId).toBe(FAKE_S3.accessKeyId);

    const view = await t.app.inject({
      method: 'GET',
      url: `/v1/client/event/${eventId}`,
      headers: { auth: organiser.token },
    });
    expect(view.statusCode, view.body).toBe(200);
    const { image, image_card } = view.json().data as { image: string; image_card: string };
    const served = await t.app.inject({ method: 'GET', url: image });
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toBe('private, max-age=3600');
    expect(served.rawPayload.equals(full!.body)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: image_card })).rawPayload.equals(card!.body)).toBe(true);
  });

  it('is deleted from S3 once a replacement commits, by the job the change queued; the new image stays', async () => {
    const eventId = await createDraft(await pngImage(800, 400));
    const old = (await mediaRow((await eventRow(eventId)).imageId!))!;
    const res = await updateWithImage(eventId, await jpegImage(900, 450));
    expect(res.statusCode, res.body).toBe(200);
    const replacement = (await mediaRow((await eventRow(eventId)).imageId!))!;
    expect(replacement.key).not.toBe(old.key);
    expect(await mediaRow(old.id)).toBeUndefined();
    // The old objects go after the commit, by the durable job, not inside the transaction.
    expect(objectsOf(old.key).every(Boolean)).toBe(true);
    const ran = await runMediaJobs({ sweepsToo: false });
    expect(ran.done).toBeGreaterThanOrEqual(1);
    expect(objectsOf(old.key)).toEqual([undefined, undefined]);
    // The upload sweeps find both images' rows (the old one's row is gone: its objects were
    // already deleted), and leave the replacement alone.
    await runMediaJobs({ sweepsToo: true });
    expect(objectsOf(replacement.key).every(Boolean)).toBe(true);
    const served = await t.app.inject({
      method: 'GET',
      url: (
        (
          await t.app.inject({ method: 'GET', url: `/v1/client/event/${eventId}`, headers: { auth: organiser.token } })
        ).json().data as { image: string }
      ).image,
    });
    expect(served.statusCode).toBe(200);
  });

  it('leaves no object behind when the change that uploaded it fails: the upload’s sweep deletes it', async () => {
    const eventId = await createDraft(await pngImage(400, 200));
    await t.database.db.update(events).set({ status: EVENT_STATUS.cancelled }).where(eq(events.id, eventId));
    const mediaBefore = await count(media);
    const keysBefore = new Set(s3.objects.keys());
    // The update is refused inside its transaction, after the new image was uploaded.
    const res = await updateWithImage(eventId, await jpegImage(500, 250));
    expect(res.statusCode).toBe(409);
    expect(await count(media)).toBe(mediaBefore);
    const orphans = [...s3.objects.keys()].filter((k) => !keysBefore.has(k));
    expect(orphans).toHaveLength(2);
    // Not before the sweep is due: a slow transaction may still commit its row.
    await runMediaJobs({ sweepsToo: false });
    expect(orphans.every((k) => s3.objects.has(k))).toBe(true);
    await runMediaJobs({ sweepsToo: true });
    expect(orphans.some((k) => s3.objects.has(k))).toBe(false);
    // The event's own image was never touched.
    expect(objectsOf((await mediaRow((await eventRow(eventId)).imageId!))!.key).every(Boolean)).toBe(true);
  });

  it('sweeps an upload whose row was never written (a process killed between the two)', async () => {
    const prepared = await prepareImage(imageStores(ctx()).current, await pngImage(300, 150));
    expect(objectsOf(prepared.key).every(Boolean)).toBe(true);
    await runMediaJobs({ sweepsToo: true });
    expect(objectsOf(prepared.key)).toEqual([undefined, undefined]);
  });
});

describe('S3 that cannot be reached or refuses the key', () => {
  async function appAgainst(env: Record<string, string>) {
    const app = await createTestApp({ ...s3.env(), ...env });
    const org = await createOrganiser(app.database.db);
    const category = await createCategory(app.database.db);
    return { app, org, category };
  }

  it('answers an upload with a 503 envelope and saves neither the event nor its image', async () => {
    const down = await startFakeS3();
    const downUrl = down.url;
    await down.close();
    const { app, org, category } = await appAgainst({ S3_ENDPOINT: downUrl, S3_TIMEOUT_MS: '2000' });
    try {
      const res = await registerWithImage(await pngImage(), app.app, org.token, category.id);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        status: 503,
        data: { code: 'unavailable' },
        status_description: 'Image storage is unavailable, please try again in a moment',
      });
      const db = app.database.db;
      expect((await db.select({ id: events.id }).from(events)).length).toBe(0);
      expect((await db.select({ id: media.id }).from(media)).length).toBe(0);
    } finally {
      await app.close();
    }
  });

  it('serves an image whose bytes it cannot fetch as a 503 envelope, not a broken 200', async () => {
    const own = await startFakeS3();
    const { app, org, category } = await appAgainst({ ...own.env(), S3_TIMEOUT_MS: '2000' });
    try {
      const { event } = await createEvent(app.database.db, {
        organisationId: org.organisationId,
        categoryId: category.id,
        status: EVENT_STATUS.published,
      });
      const stored = await storeImage({ config: app.config, db: app.database.db }, await pngImage(400, 200));
      await app.database.db.update(events).set({ imageId: stored.id }).where(eq(events.id, event.id));
      expect((await app.app.inject({ method: 'GET', url: `/media/${stored.key}.jpg` })).statusCode).toBe(200);
      await own.close();
      for (const url of [`/media/${stored.key}/card.jpg`, `/media/${stored.key}/640.webp`]) {
        const res = await app.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(503);
        expect(res.json()).toMatchObject({ status: 503, data: { code: 'unavailable' } });
        // A public image's year-long caching must not stick to its outage.
        expect(res.headers['cache-control'] ?? '').not.toContain('immutable');
        expect(res.headers.etag).toBeUndefined();
      }
    } finally {
      await app.close();
    }
  });

  it('is refused by the fake when signed with a wrong secret, and the upload answers 503', async () => {
    const { app, org, category } = await appAgainst({ S3_SECRET_ACCESS_KEY: 'not-the-secret-of-this-key-0000000000' });
    try {
      const sent = s3.requests.length;
      const res = await registerWithImage(await pngImage(), app.app, org.token, category.id);
      expect(res.statusCode).toBe(503);
      expect(s3.requests.length).toBeGreaterThan(sent);
      expect((await app.database.db.select({ id: media.id }).from(media)).length).toBe(0);
    } finally {
      await app.close();
    }
  });
});

describe('the demo seed with S3 configured', () => {
  it('puts every cover on S3 and serves it', async () => {
    const seeded = await createTestApp(s3.env());
    try {
      const sctx = { config: seeded.config, db: seeded.database.db };
      expect(await seedDemoData(seeded.database.db, new Date(), undefined, imageStores(sctx).current)).toBe(true);
      const rows = await seeded.database.db.select().from(media);
      expect(rows.length).toBeGreaterThan(5);
      for (const row of rows) {
        expect(row).toMatchObject({ storage: 's3', bytes: null, cardBytes: null });
        expect(objectsOf(row.key).every(Boolean)).toBe(true);
      }
      const [published] = await seeded.database.db
        .select({ key: media.key })
        .from(events)
        .innerJoin(media, eq(media.id, events.imageId))
        .where(eq(events.status, EVENT_STATUS.published))
        .limit(1);
      const res = await seeded.app.inject({ method: 'GET', url: `/media/${published!.key}/card.jpg` });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(s3.objects.get(objectKey(published!.key, 'card'))!.body)).toBe(true);
    } finally {
      await seeded.close();
    }
  });
});
