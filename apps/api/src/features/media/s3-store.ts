import type * as S3 from '@aws-sdk/client-s3';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { serviceUnavailable } from '../../http/errors.js';
import { enqueueJob } from '../../jobs/queue.js';
import type { ImageStore, ImageVariant } from './image-store.js';

export type S3Config = NonNullable<Config['s3']>;

/** The job that deletes an image's S3 objects unless a media row with its key exists (media.jobs.ts). */
export const DELETE_OBJECTS_JOB = 'media.delete-objects';
export interface DeleteObjectsPayload {
  key: string;
}

/**
 * How long an upload's objects may stay without their row before the sweep deletes them: far
 * longer than any transaction can live (statements stop after DATABASE_STATEMENT_TIMEOUT_MS,
 * an idle transaction after DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS, both capped at an hour).
 */
export const ORPHAN_SWEEP_DELAY_MS = 2 * 3_600_000;

/** Where an image variant lives in the bucket. */
export const objectKey = (key: string, variant: ImageVariant) => `media/${key}/${variant}.jpg`;

const unavailable = (err: unknown) =>
  Object.assign(serviceUnavailable('Image storage is unavailable, please try again in a moment'), { cause: err });

const isNotFound = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};

/**
 * Image bytes as objects on any S3-compatible server, through the AWS SDK v3
 * (docs/decisions/0014-image-storage.md). The SDK is loaded on first use, so an install
 * without S3 never loads it.
 *
 * `put` runs before the transaction that inserts the image's row, and S3 is no part of that
 * transaction: so before the first object is written, a sweep job is queued (committed at
 * once) to delete the objects later unless the row exists by then. A rolled-back change, a
 * failed upload or a process killed mid-upload so leaves no object for good.
 */
export function s3ImageStore(config: S3Config, db: Db): ImageStore {
  let connecting: Promise<{ client: S3.S3Client; sdk: typeof S3 }> | undefined;
  const connect = () =>
    (connecting ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: config.region,
        endpoint: config.endpoint,
        forcePathStyle: config.forcePathStyle,
        credentials: config.credentials,
        // Many S3-compatible servers refuse the SDK's newer default checksum headers;
        // checksums only where the operation requires them work everywhere.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        maxAttempts: 2,
        requestHandler: { connectionTimeout: config.timeoutMs, requestTimeout: config.timeoutMs },
      }),
    })));

  return {
    storage: 's3',
    async put(key, variants, contentType) {
      // Queued (committed) before the first byte leaves: the objects never outlive their
      // upload unnoticed, even if this process dies right after writing them.
      await enqueueJob<DeleteObjectsPayload>(
        db,
        DELETE_OBJECTS_JOB,
        { key },
        { runAt: new Date(Date.now() + ORPHAN_SWEEP_DELAY_MS), dedupeKey: `sweep:${key}` },
      );
      const { client, sdk } = await connect();
      try {
        for (const variant of ['full', 'card'] as const) {
          await client.send(
            new sdk.PutObjectCommand({
              Bucket: config.bucket,
              Key: objectKey(key, variant),
              Body: variants[variant],
              ContentType: contentType,
              ContentLength: variants[variant].length,
            }),
          );
        }
      } catch (err) {
        throw unavailable(err);
      }
      return { bytes: null, cardBytes: null };
    },
    async get(_db, key, variant) {
      const { client, sdk } = await connect();
      try {
        const found = await client.send(
          new sdk.GetObjectCommand({ Bucket: config.bucket, Key: objectKey(key, variant) }),
        );
        return found.Body ? Buffer.from(await found.Body.transformToByteArray()) : undefined;
      } catch (err) {
        if (isNotFound(err)) return undefined;
        throw unavailable(err);
      }
    },
    async delete(key) {
      const { client, sdk } = await connect();
      // One call per object: DeleteObjects (plural) needs a checksum some servers do not take.
      for (const variant of ['full', 'card'] as const) {
        await client.send(new sdk.DeleteObjectCommand({ Bucket: config.bucket, Key: objectKey(key, variant) }));
      }
    },
  };
}
