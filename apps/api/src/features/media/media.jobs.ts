import type { JobHandler } from '../../jobs/queue.js';
import { imageStores } from './image-stores.js';
import { mediaKeyExists } from './media.repo.js';
import { DELETE_OBJECTS_JOB, type DeleteObjectsPayload } from './s3-store.js';

/**
 * Deletes an image's objects on S3 unless a media row with its key exists: queued by
 * `releaseImage` in the transaction that deleted the row, and by every S3 upload as a sweep
 * that finds the row there (nothing to do) unless the upload's change never committed.
 * Safe to repeat: deleting a missing object succeeds.
 */
export const deleteObjectsJob: JobHandler<DeleteObjectsPayload> = {
  kind: DELETE_OBJECTS_JOB,
  async run({ key }, { ctx, log }) {
    if (await mediaKeyExists(ctx.db, key)) return;
    await imageStores(ctx).of('s3').delete(key);
    log.debug('image objects deleted');
  },
};

export const mediaJobs: JobHandler[] = [deleteObjectsJob as JobHandler];
