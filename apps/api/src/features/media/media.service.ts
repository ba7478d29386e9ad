import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { LIMITS } from '@tikiti/contract';
import type { Db, Tx } from '../../db/client.js';
import { AppError, notFound, tooLarge, unsupportedType } from '../../http/errors.js';
import { deleteMediaIfUnused, findMediaAccess, findMediaBytes, insertMedia } from './media.repo.js';
import { signatureValid } from './media-urls.js';

/** Largest side of the stored full-size image (docs/product.md). */
export const IMAGE_MAX_SIDE = 2160;
/** The card variant: 2:1 like the cards of the event grid. */
export const CARD_SIZE = { width: 800, height: 400 } as const;

const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** JPEG or PNG, judged by the file's first bytes, never by its name or declared type. */
function sniffType(bytes: Buffer): 'jpeg' | 'png' | undefined {
  if (bytes.subarray(0, JPEG_MAGIC.length).equals(JPEG_MAGIC)) return 'jpeg';
  if (bytes.subarray(0, PNG_MAGIC.length).equals(PNG_MAGIC)) return 'png';
  return undefined;
}

const notAnImage = () => unsupportedType('The image must be a JPEG or PNG file');

/** An image checked and re-encoded, ready to be saved. */
export interface PreparedImage {
  width: number;
  height: number;
  bytes: Buffer;
  cardBytes: Buffer;
}

/**
 * Checks an uploaded file (size, then type by content) and renders what is kept: a JPEG at
 * most 2160 px on its largest side and an 800x400 card, both auto-rotated, metadata stripped.
 * Pure CPU work, so callers can do it before opening a transaction.
 */
export async function prepareImage(bytes: Buffer): Promise<PreparedImage> {
  if (bytes.length > LIMITS.imageMaxBytes) {
    throw tooLarge(`The image is larger than ${LIMITS.imageMaxBytes / (1024 * 1024)} MB`);
  }
  const type = bytes.length ? sniffType(bytes) : undefined;
  if (!type) throw notAnImage();
  return renderVariants(bytes, type);
}

/**
 * Saves a prepared image under a new random key. Pass the transaction of the change that
 * uses it, so a failed change leaves no image behind.
 */
export function savePreparedImage(db: Db | Tx, image: PreparedImage): Promise<{ id: number; key: string }> {
  return insertMedia(db, { key: randomBytes(16).toString('base64url'), contentType: 'image/jpeg', ...image });
}

/** Checks, renders and saves an uploaded image (`prepareImage` then `savePreparedImage`). */
export async function storeImage(db: Db | Tx, bytes: Buffer): Promise<{ id: number; key: string }> {
  return savePreparedImage(db, await prepareImage(bytes));
}

/** An event let go of its image: the image is deleted unless another event shows it. */
export function releaseImage(tx: Tx, imageId: number, eventId: number) {
  return deleteMediaIfUnused(tx, imageId, eventId);
}

/** Decodes and re-encodes; any decoding failure means the file is not a usable image (415). */
async function renderVariants(bytes: Buffer, type: 'jpeg' | 'png'): Promise<PreparedImage> {
  try {
    const source = sharp(bytes, { failOn: 'error', limitInputPixels: 60_000_000 });
    const meta = await source.metadata();
    if (meta.format !== type || !meta.width || !meta.height) throw notAnImage();
    // Flatten puts PNG transparency on white, since everything is served as JPEG.
    const base = source.rotate().flatten({ background: '#ffffff' });
    const [full, card] = await Promise.all([
      base
        .clone()
        .resize({ width: IMAGE_MAX_SIDE, height: IMAGE_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
        .jpeg({ quality: 82, progressive: true })
        .toBuffer({ resolveWithObject: true }),
      base
        .clone()
        .resize({ ...CARD_SIZE, fit: 'cover', position: 'attention' })
        .jpeg({ quality: 80, progressive: true })
        .toBuffer(),
    ]);
    return { width: full.info.width, height: full.info.height, bytes: full.data, cardBytes: card };
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw notAnImage();
  }
}

/**
 * Who may see an image: anyone when a published event shows it; with a valid signature
 * (handed out to the organisation's own calls) otherwise; nobody else, who gets the 404 of
 * an image that does not exist.
 */
export async function imageAccess(db: Db, key: string, sig: string | undefined) {
  const found = await findMediaAccess(db, key);
  if (found?.published) return { id: found.id, public: true };
  if (found && (await signatureValid(db, key, sig))) return { id: found.id, public: false };
  throw notFound('Image');
}

/** Recently made WebP renditions, so a busy event's picture is encoded once, not per visitor. */
const renditions = new Map<string, Buffer>();
const MAX_RENDITIONS = 200;

/**
 * An image variant as WebP at `width` pixels wide (never wider than the stored picture), for
 * `<img srcset>`: made from the stored JPEG on first use and kept in a small in-memory cache.
 */
export async function loadWebp(db: Db, id: number, variant: 'full' | 'card', width: number) {
  const cacheKey = `${id}:${variant}:${width}`;
  const cached = renditions.get(cacheKey);
  if (cached) {
    // Most recently used last: the oldest entry is the first one dropped.
    renditions.delete(cacheKey);
    renditions.set(cacheKey, cached);
    return cached;
  }
  const found = await findMediaBytes(db, id, variant);
  if (!found) throw notFound('Image');
  const bytes = await sharp(found.bytes).resize({ width, withoutEnlargement: true }).webp({ quality: 74 }).toBuffer();
  renditions.set(cacheKey, bytes);
  if (renditions.size > MAX_RENDITIONS) renditions.delete(renditions.keys().next().value!);
  return bytes;
}

/** The bytes to serve for an image variant. */
export async function loadImage(db: Db, id: number, variant: 'full' | 'card') {
  const found = await findMediaBytes(db, id, variant);
  if (!found) throw notFound('Image');
  return found;
}
