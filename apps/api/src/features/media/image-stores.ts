import type { AppContext } from '../../app-context.js';
import type { Db } from '../../db/client.js';
import { serviceUnavailable } from '../../http/errors.js';
import { databaseImageStore, type ImageStore, type MediaStorage } from './image-store.js';
import { s3ImageStore } from './s3-store.js';

const NOT_CONFIGURED = 'This image is on S3, which is not configured (S3_BUCKET)';

/** An image on S3 when S3 is no longer configured: it cannot be read or deleted until it is again. */
const s3NotConfigured: ImageStore = {
  storage: 's3',
  put: () => Promise.reject(new Error(NOT_CONFIGURED)),
  get: () => Promise.reject(Object.assign(serviceUnavailable('This image is unavailable'), { cause: NOT_CONFIGURED })),
  delete: () => Promise.reject(new Error(NOT_CONFIGURED)),
};

export interface ImageStores {
  /** Where new images go: S3 when S3_BUCKET is set, else the database. */
  current: ImageStore;
  /** The store that holds an existing image's bytes, by its row's `storage`. */
  of(storage: MediaStorage): ImageStore;
}

const made = new WeakMap<Db, ImageStores>();

/** This app's image stores, made on first use: one S3 client per database handle, like the card provider. */
export function imageStores(ctx: Pick<AppContext, 'config' | 'db'>): ImageStores {
  let found = made.get(ctx.db);
  if (!found) {
    const s3 = ctx.config.s3 ? s3ImageStore(ctx.config.s3, ctx.db) : undefined;
    found = {
      current: s3 ?? databaseImageStore,
      of: (storage) => (storage === 'database' ? databaseImageStore : (s3 ?? s3NotConfigured)),
    };
    made.set(ctx.db, found);
  }
  return found;
}
