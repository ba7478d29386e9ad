import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { media } from '../../db/schema/index.js';

/** The two renditions every image has: the full-size JPEG and the 800x400 card. */
export type ImageVariant = 'full' | 'card';
/** Where an image's bytes are, as its media row records it (`media.storage`). */
export type MediaStorage = 'database' | 's3';

/** What a new image's row itself carries: its bytes (the database store) or none (they are elsewhere). */
export type RowBytes = { bytes: Buffer; cardBytes: Buffer } | { bytes: null; cardBytes: null };

/**
 * Where image bytes go (docs/decisions/0014-image-storage.md). The image's row (key, size,
 * type, which event shows it) is always in PostgreSQL; only the bytes differ.
 */
export interface ImageStore {
  /** Written on each new media row, so an image is always read from where its bytes went. */
  readonly storage: MediaStorage;
  /**
   * Saves a new image's two variants before its row is written, outside any transaction (no
   * lock is held while bytes travel). Answers what the row must carry.
   */
  put(key: string, variants: Record<ImageVariant, Buffer>, contentType: string): Promise<RowBytes>;
  /** One variant's bytes, or undefined when the store has none. */
  get(db: Db, key: string, variant: ImageVariant): Promise<Buffer | undefined>;
  /** Deletes both variants for good: called once the image's row is gone and that has committed. */
  delete(key: string): Promise<void>;
}

/**
 * The default: bytes in the media row's own columns, so they are written in the transaction
 * that inserts the row (an image exists exactly when the change using it commits), every API
 * instance serves them and pg_dump backs them up. Deleting the row deletes the bytes, so
 * `delete` has nothing left to do.
 */
export const databaseImageStore: ImageStore = {
  storage: 'database',
  put: async (_key, variants) => ({ bytes: variants.full, cardBytes: variants.card }),
  async get(db, key, variant) {
    const [row] = await db
      .select({ bytes: variant === 'card' ? media.cardBytes : media.bytes })
      .from(media)
      .where(eq(media.key, key))
      .limit(1);
    return row?.bytes ?? undefined;
  },
  async delete() {},
};
