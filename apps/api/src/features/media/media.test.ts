import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '@tikiti/contract';
import { AppError } from '../../http/errors.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { cardUrl, imageUrl, storeImage } from './media.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: { r: 15, g: 118, b: 110, alpha: 0.5 } } })
    .png()
    .toBuffer();
const jpeg = (width: number, height: number, orientation?: number) => {
  const img = sharp({ create: { width, height, channels: 3, background: '#f59e0b' } }).jpeg();
  return (orientation ? img.withMetadata({ orientation }) : img).toBuffer();
};

async function statusOf(promise: Promise<unknown>): Promise<number> {
  try {
    await promise;
    return 0;
  } catch (err) {
    return err instanceof AppError ? err.status : -1;
  }
}

describe('storeImage', () => {
  it('stores a PNG resized to at most 2160 px with an 800x400 card, both served as JPEG', async () => {
    const { id } = await storeImage(t.database.db, await png(3000, 1500));
    const full = await t.app.inject({ method: 'GET', url: imageUrl(id) });
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('image/jpeg');
    const fullMeta = await sharp(full.rawPayload).metadata();
    expect(fullMeta).toMatchObject({ format: 'jpeg', width: 2160, height: 1080 });
    expect(fullMeta.exif).toBeUndefined();

    const card = await t.app.inject({ method: 'GET', url: cardUrl(id) });
    expect(card.statusCode).toBe(200);
    expect(await sharp(card.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 800, height: 400 });
  });

  it('keeps a small JPEG at its size, turned upright by its EXIF orientation', async () => {
    const { id } = await storeImage(t.database.db, await jpeg(300, 150, 6));
    const full = await t.app.inject({ method: 'GET', url: imageUrl(id) });
    const meta = await sharp(full.rawPayload).metadata();
    expect(meta).toMatchObject({ width: 150, height: 300 });
    expect(meta.orientation).toBeUndefined();
  });

  it('refuses a text file with 415', async () => {
    expect(await statusOf(storeImage(t.database.db, Buffer.from('hello, this is not an image')))).toBe(415);
  });

  it('refuses an empty file with 415', async () => {
    expect(await statusOf(storeImage(t.database.db, Buffer.alloc(0)))).toBe(415);
  });

  it('refuses a file that starts like a PNG but does not decode with 415', async () => {
    const fake = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(500, 7)]);
    expect(await statusOf(storeImage(t.database.db, fake))).toBe(415);
  });

  it('refuses a GIF with 415', async () => {
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    expect(await statusOf(storeImage(t.database.db, gif))).toBe(415);
  });

  it('refuses a file over 10 MB with 413', async () => {
    const big = Buffer.alloc(11 * 1024 * 1024, 0);
    big.set([0xff, 0xd8, 0xff], 0);
    expect(big.length).toBeGreaterThan(LIMITS.imageMaxBytes);
    expect(await statusOf(storeImage(t.database.db, big))).toBe(413);
  });
});

describe('GET /media', () => {
  it('serves with long cache headers and an ETag, and answers 304 to a matching If-None-Match', async () => {
    const { id } = await storeImage(t.database.db, await jpeg(400, 200));
    const res = await t.app.inject({ method: 'GET', url: `/media/${id}.jpg` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const etag = res.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await t.app.inject({ method: 'GET', url: `/media/${id}.jpg`, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const card = await t.app.inject({ method: 'GET', url: `/media/${id}/card.jpg` });
    expect(card.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(card.headers.etag).not.toBe(etag);
  });

  it('answers a missing image with a 404 envelope', async () => {
    for (const url of ['/media/999999.jpg', '/media/999999/card.jpg']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ status: 404, data: null, status_description: 'Image not found' });
    }
  });

  it('answers a non-numeric id with an envelope, not an image', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/media/abc.jpg' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, data: { errors: [{ path: 'id' }] } });
  });
});
