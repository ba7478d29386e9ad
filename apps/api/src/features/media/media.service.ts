import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { LIMITS } from '@tikiti/contract';
import type { AppContext } from '../../app-context.js';
import type { Db, Tx } from '../../db/client.js';
import { AppError, notFound, tooLarge, unsupportedType } from '../../http/errors.js';
import { enqueueJob } from '../../jobs/queue.js';
import type { ImageStore, ImageVariant, MediaStorage, RowBytes } from './image-store.js';
import { imageStores } from './image-stores.js';
import { deleteMediaIfUnused, findMediaAccess, insertMedia, type ImageHolder } from './media.repo.js';
import { signatureValid } from './media-urls.js';
import { DELETE_OBJECTS_JOB, type DeleteObjectsPayload } from './s3-store.js';

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

const notAnImage = () => unsupportedType('The image must be a JPEG or PNG file', 'image.wrong_type');

/** An image checked, re-encoded, and its bytes put in the store: ready for its row. */
export type PreparedImage = {
  key: string;
  width: number;
  height: number;
  storage: MediaStorage;
} & RowBytes;

const CONTENT_TYPE = 'image/jpeg';

/**
 * Checks an uploaded file (size, then type by content), renders what is kept (a JPEG at most
 * 2160 px on its largest side and an 800x400 card, both auto-rotated, metadata stripped) and
 * hands the bytes to the image store under a new random key. Callers do it before opening
 * the transaction that saves the image's row (`savePreparedImage`), so no lock is held while
 * sharp works or bytes travel to S3.
 */
export async function prepareImage(images: ImageStore, bytes: Buffer): Promise<PreparedImage> {
  if (bytes.length > LIMITS.imageMaxBytes) {
    throw tooLarge(`The image is larger than ${LIMITS.imageMaxBytes / (1024 * 1024)} MB`, undefined, 'image.too_large');
  }
  const type = bytes.length ? sniffType(bytes) : undefined;
  if (!type) throw notAnImage();
  const rendered = await renderVariants(bytes, type);
  const key = randomBytes(16).toString('base64url');
  const rowBytes = await images.put(key, { full: rendered.bytes, card: rendered.cardBytes }, CONTENT_TYPE);
  return { key, width: rendered.width, height: rendered.height, storage: images.storage, ...rowBytes };
}

/**
 * Saves a prepared image's row. Pass the transaction of the change that uses it, so a failed
 * change leaves no image behind (bytes already on S3 are swept, see s3-store.ts).
 */
export function savePreparedImage(db: Db | Tx, image: PreparedImage): Promise<{ id: number; key: string }> {
  return insertMedia(db, { contentType: CONTENT_TYPE, ...image });
}

/** Checks, renders and saves an uploaded image in the app's current store (`prepareImage` then `savePreparedImage`). */
export async function storeImage(ctx: Pick<AppContext, 'config' | 'db'>, bytes: Buffer) {
  return savePreparedImage(ctx.db, await prepareImage(imageStores(ctx).current, bytes));
}

/**
 * An event let go of its image, or an organisation of its logo (docs/product.md#organiser-page):
 * the image's row is deleted unless another event or organisation shows it. Bytes on S3 go after
 * the transaction commits, through a job queued in it (a rolled-back change keeps its image and
 * queues nothing).
 */
async function release(tx: Tx, imageId: number, holder: ImageHolder) {
  const deleted = await deleteMediaIfUnused(tx, imageId, holder);
  if (deleted && deleted.storage !== 'database') {
    await enqueueJob<DeleteObjectsPayload>(tx, DELETE_OBJECTS_JOB, { key: deleted.key });
  }
}

/** An event let go of its image (`release`). */
export const releaseImage = (tx: Tx, imageId: number, eventId: number) => release(tx, imageId, { eventId });

/** An organisation let go of its logo (`release`). */
export const releaseLogo = (tx: Tx, imageId: number, organisationId: number) =>
  release(tx, imageId, { organisationId });

interface Rendered {
  width: number;
  height: number;
  bytes: Buffer;
  cardBytes: Buffer;
}

/** Decodes and re-encodes; any decoding failure means the file is not a usable image (415). */
async function renderVariants(bytes: Buffer, type: 'jpeg' | 'png'): Promise<Rendered> {
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
  if (found?.published) return { id: found.id, key, storage: found.storage, public: true };
  if (found && (await signatureValid(db, key, sig)))
    return { id: found.id, key, storage: found.storage, public: false };
  throw notFound('Image');
}

/** Recently made WebP renditions, so a busy event's picture is encoded once, not per visitor. */
const renditions = new Map<string, Buffer>();
const MAX_RENDITIONS = 200;

/** An image the caller may see, as `imageAccess` answers. */
export interface ImageRef {
  id: number;
  key: string;
  storage: MediaStorage;
}

/**
 * An image variant as WebP at `width` pixels wide (never wider than the stored picture), for
 * `<img srcset>`: made from the stored JPEG on first use and kept in a small in-memory cache.
 */
export async function loadWebp(stores: ImageStoresOf, db: Db, image: ImageRef, variant: ImageVariant, width: number) {
  // By the image's key, unique across databases (ids repeat: two apps in one process, the tests).
  const cacheKey = `${image.key}:${variant}:${width}`;
  const cached = renditions.get(cacheKey);
  if (cached) {
    // Most recently used last: the oldest entry is the first one dropped.
    renditions.delete(cacheKey);
    renditions.set(cacheKey, cached);
    return cached;
  }
  const found = await loadImage(stores, db, image, variant);
  const bytes = await sharp(found.bytes).resize({ width, withoutEnlargement: true }).webp({ quality: 74 }).toBuffer();
  renditions.set(cacheKey, bytes);
  if (renditions.size > MAX_RENDITIONS) renditions.delete(renditions.keys().next().value!);
  return bytes;
}

/** Picks the store of an existing image by its row's `storage` (image-stores.ts). */
type ImageStoresOf = (storage: MediaStorage) => ImageStore;

/** The bytes to serve for an image variant, from the store its row names. */
export async function loadImage(stores: ImageStoresOf, db: Db, image: ImageRef, variant: ImageVariant) {
  const bytes = await stores(image.storage).get(db, image.key, variant);
  if (!bytes) throw notFound('Image');
  return { contentType: CONTENT_TYPE, bytes };
}
