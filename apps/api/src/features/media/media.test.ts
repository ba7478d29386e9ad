import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '@tikiti/contract';
import { AppError } from '../../http/errors.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { eq, inArray } from 'drizzle-orm';
import { events, media, organisations } from '../../db/schema/index.js';
import { createCategory, createEvent, createOrganiser } from '../../test-support/fixtures.js';
import { startFakeS3, type FakeS3 } from '../../test-support/fake-s3.js';
import { releaseImage, releaseLogo, storeImage } from './media.service.js';
import { imageUrlSigner } from './media-urls.js';

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: { r: 15, g: 118, b: 110, alpha: 0.5 } } })
    .png()
    .toBuffer();
const jpeg = (width: number, height: number, orientation?: number) => {
  const img = sharp({ create: { width, height, channels: 3, background: '#f59e0b' } }).jpeg();
  return (orientation ? img.withMetadata({ orientation }) : img).toBuffer();
};

/**
 * Every behaviour of images holds wherever their bytes are: in PostgreSQL (the default) and on
 * S3-compatible storage (a local fake of the S3 HTTP API, checking SigV4 signatures).
 */
describe.each(['database', 's3'] as const)('images stored in %s', (storage) => {
  let t: TestApp;
  let s3: FakeS3 | undefined;
  beforeAll(async () => {
    if (storage === 's3') s3 = await startFakeS3();
    t = await createTestApp(s3?.env() ?? {});
  });
  afterAll(async () => {
    await t.close();
    await s3?.close();
  });
  const ctx = () => ({ config: t.config, db: t.database.db });

  it(`keeps new images' bytes in ${storage}`, async () => {
    const before = s3?.objects.size ?? 0;
    const { key } = await storeImage(ctx(), await jpeg(40, 20));
    const [row] = await t.database.db.select().from(media).where(eq(media.key, key));
    expect(row!.storage).toBe(storage);
    if (storage === 's3') {
      expect(row!.bytes).toBeNull();
      expect(row!.cardBytes).toBeNull();
      expect(s3!.objects.size).toBe(before + 2);
    } else {
      expect(row!.bytes!.length).toBeGreaterThan(0);
      expect(row!.cardBytes!.length).toBeGreaterThan(0);
    }
  });

  async function statusOf(promise: Promise<unknown>): Promise<number> {
    try {
      await promise;
      return 0;
    } catch (err) {
      return err instanceof AppError ? err.status : -1;
    }
  }

  /** Stores an image and signs its addresses, as an organiser's own views do. */
  async function signedUrls(bytes: Buffer) {
    const { key } = await storeImage(ctx(), bytes);
    return (await imageUrlSigner(t.database.db))(key);
  }

  describe('storeImage', () => {
    it('stores a PNG resized to at most 2160 px with an 800x400 card, both served as JPEG', async () => {
      const urls = await signedUrls(await png(3000, 1500));
      const full = await t.app.inject({ method: 'GET', url: urls.image });
      expect(full.statusCode).toBe(200);
      expect(full.headers['content-type']).toBe('image/jpeg');
      const fullMeta = await sharp(full.rawPayload).metadata();
      expect(fullMeta).toMatchObject({ format: 'jpeg', width: 2160, height: 1080 });
      expect(fullMeta.exif).toBeUndefined();

      const card = await t.app.inject({ method: 'GET', url: urls.image_card });
      expect(card.statusCode).toBe(200);
      expect(await sharp(card.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 800, height: 400 });
    });

    it('keeps a small JPEG at its size, turned upright by its EXIF orientation', async () => {
      const urls = await signedUrls(await jpeg(300, 150, 6));
      const full = await t.app.inject({ method: 'GET', url: urls.image });
      const meta = await sharp(full.rawPayload).metadata();
      expect(meta).toMatchObject({ width: 150, height: 300 });
      expect(meta.orientation).toBeUndefined();
    });

    it('refuses a text file with 415', async () => {
      expect(await statusOf(storeImage(ctx(), Buffer.from('hello, this is not an image')))).toBe(415);
    });

    it('refuses an empty file with 415', async () => {
      expect(await statusOf(storeImage(ctx(), Buffer.alloc(0)))).toBe(415);
    });

    it('refuses a file that starts like a PNG but does not decode with 415', async () => {
      const fake = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(500, 7)]);
      expect(await statusOf(storeImage(ctx(), fake))).toBe(415);
    });

    it('refuses a GIF with 415', async () => {
      const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
        .gif()
        .toBuffer();
      expect(await statusOf(storeImage(ctx(), gif))).toBe(415);
    });

    it('refuses a file over 10 MB with 413', async () => {
      const big = Buffer.alloc(11 * 1024 * 1024, 0);
      big.set([0xff, 0xd8, 0xff], 0);
      expect(big.length).toBeGreaterThan(LIMITS.imageMaxBytes);
      expect(await statusOf(storeImage(ctx(), big))).toBe(413);
    });
  });

  describe('GET /media', () => {
    /** An image shown by an event of a fresh organisation, published or draft. */
    async function eventImage(status: 1 | 2) {
      const db = t.database.db;
      const org = await createOrganiser(db);
      const category = await createCategory(db);
      const { event } = await createEvent(db, { organisationId: org.organisationId, categoryId: category.id, status });
      const stored = await storeImage(ctx(), await jpeg(400, 200));
      await db.update(events).set({ imageId: stored.id }).where(eq(events.id, event.id));
      return { ...stored, eventId: event.id, urls: (await imageUrlSigner(db))(stored.key) };
    }

    it('serves a published event’s image to anyone, cached for a year, and answers 304 to its ETag', async () => {
      const { key } = await eventImage(1);
      const res = await t.app.inject({ method: 'GET', url: `/media/${key}.jpg` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const etag = res.headers.etag as string;
      expect(etag).toBeTruthy();
      const again = await t.app.inject({ method: 'GET', url: `/media/${key}.jpg`, headers: { 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      const card = await t.app.inject({ method: 'GET', url: `/media/${key}/card.jpg` });
      expect(card.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(card.headers.etag).not.toBe(etag);
    });

    it('names images by unguessable keys, never by their sequential ids', async () => {
      const a = await storeImage(ctx(), await jpeg(40, 20));
      const b = await storeImage(ctx(), await jpeg(40, 20));
      expect(b.id).toBe(a.id + 1);
      for (const k of [a.key, b.key]) expect(k).toMatch(/^[\w-]{22}$/);
      expect(a.key).not.toBe(b.key);
      const byId = await t.app.inject({ method: 'GET', url: `/media/${a.id}.jpg` });
      expect(byId.statusCode).toBe(400);
      expect(byId.json()).toMatchObject({ status: 400, data: { errors: [{ path: 'key' }] } });
    });

    it('serves a draft’s image only through the signed address the organisation is given', async () => {
      const { key, urls } = await eventImage(2);
      for (const url of [`/media/${key}.jpg`, `/media/${key}/card.jpg`]) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ status: 404, status_description: 'Image not found' });
      }
      const forged = urls.image.replace(/.{4}$/, 'AAAA');
      expect((await t.app.inject({ method: 'GET', url: forged })).statusCode).toBe(404);
      const expired = (await imageUrlSigner(t.database.db, Date.now() - 3 * 86_400_000))(key);
      expect((await t.app.inject({ method: 'GET', url: expired.image })).statusCode).toBe(404);
      for (const url of [urls.image, urls.image_card]) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(200);
        expect(res.headers['cache-control']).toBe('private, max-age=3600');
      }
    });

    it('serves each width of the srcset as WebP, no wider than asked or than the picture, and no other widths', async () => {
      const db = t.database.db;
      const org = await createOrganiser(db);
      const category = await createCategory(db);
      const { event } = await createEvent(db, {
        organisationId: org.organisationId,
        categoryId: category.id,
        status: 1,
      });
      const stored = await storeImage(ctx(), await jpeg(1200, 900));
      await db.update(events).set({ imageId: stored.id }).where(eq(events.id, event.id));
      const urls = (await imageUrlSigner(db))(stored.key);
      const entries = (srcset: string) =>
        srcset.split(', ').map((entry) => {
          const [url, w] = entry.split(' ');
          return { url: url!.replace(/\?sig=.*$/, ''), width: Number(w!.slice(0, -1)) };
        });
      const full = entries(urls.image_srcset);
      const card = entries(urls.image_card_srcset);
      expect(full.map((e) => e.width)).toEqual([640, 1080, 1600]);
      expect(card.map((e) => e.width)).toEqual([400, 800]);
      for (const { url, width } of [...full, ...card]) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type']).toBe('image/webp');
        expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        const meta = await sharp(res.rawPayload).metadata();
        expect(meta.format).toBe('webp');
        expect(meta.width).toBe(Math.min(width, url.includes('/card/') ? 800 : 1200));
      }
      const small = await t.app.inject({ method: 'GET', url: full[0]!.url });
      const big = await t.app.inject({ method: 'GET', url: full[1]!.url });
      expect(small.rawPayload.length).toBeLessThan(big.rawPayload.length);
      for (const url of [`/media/${stored.key}/999.webp`, `/media/${stored.key}/card/1600.webp`]) {
        expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
      }
    });

    it('serves a draft’s WebP widths only through the signed srcset', async () => {
      const { key, urls } = await eventImage(2);
      expect((await t.app.inject({ method: 'GET', url: `/media/${key}/640.webp` })).statusCode).toBe(404);
      const signed = urls.image_card_srcset.split(', ')[0]!.split(' ')[0]!;
      expect(signed).toContain('?sig=');
      const res = await t.app.inject({ method: 'GET', url: signed });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, max-age=3600');
    });

    it('answers a missing image with a 404 envelope', async () => {
      for (const url of ['/media/aaaaaaaaaaaaaaaaaaaaaa.jpg', '/media/aaaaaaaaaaaaaaaaaaaaaa/card.jpg']) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({
          status: 404,
          data: { code: 'not_found' },
          status_description: 'Image not found',
        });
      }
    });
  });
});

it('never serves one database’s WebP rendition for another’s image with the same id', async () => {
  // Two apps in one process (as the test suites run them) whose first images share an id.
  const apps = [await createTestApp(), await createTestApp()];
  try {
    const widths = [300, 500];
    const webpWidths: number[] = [];
    for (const [i, app] of apps.entries()) {
      const db = app.database.db;
      const org = await createOrganiser(db);
      const category = await createCategory(db);
      const { event } = await createEvent(db, { organisationId: org.organisationId, categoryId: category.id });
      const stored = await storeImage({ config: app.config, db }, await jpeg(widths[i]!, 200));
      await db.update(events).set({ imageId: stored.id }).where(eq(events.id, event.id));
      const res = await app.app.inject({ method: 'GET', url: `/media/${stored.key}/640.webp` });
      expect(res.statusCode).toBe(200);
      webpWidths.push((await sharp(res.rawPayload).metadata()).width!);
    }
    expect(webpWidths).toEqual(widths);
  } finally {
    await Promise.all(apps.map((a) => a.close()));
  }
});

it('keeps an image while another event or an organisation’s logo shows it, and deletes it after the last', async () => {
  const t = await createTestApp();
  try {
    const db = t.database.db;
    const { organisationId } = await createOrganiser(db);
    const category = await createCategory(db);
    const [a, b] = await Promise.all([1, 2].map(() => createEvent(db, { organisationId, categoryId: category.id })));
    const stored = await storeImage({ config: t.config, db }, await jpeg(60, 30));
    await db
      .update(events)
      .set({ imageId: stored.id })
      .where(inArray(events.id, [a!.event.id, b!.event.id]));
    await db.update(organisations).set({ logoMediaId: stored.id }).where(eq(organisations.id, organisationId));
    const exists = async () => (await db.select().from(media).where(eq(media.id, stored.id))).length === 1;

    // Event a lets go: event b and the logo still show it.
    await db.update(events).set({ imageId: null }).where(eq(events.id, a!.event.id));
    await db.transaction((tx) => releaseImage(tx, stored.id, a!.event.id));
    expect(await exists()).toBe(true);
    // Event b lets go: the logo still shows it.
    await db.update(events).set({ imageId: null }).where(eq(events.id, b!.event.id));
    await db.transaction((tx) => releaseImage(tx, stored.id, b!.event.id));
    expect(await exists()).toBe(true);
    // The logo goes too: nothing shows it.
    await db.update(organisations).set({ logoMediaId: null }).where(eq(organisations.id, organisationId));
    await db.transaction((tx) => releaseLogo(tx, stored.id, organisationId));
    expect(await exists()).toBe(false);
  } finally {
    await t.close();
  }
});
