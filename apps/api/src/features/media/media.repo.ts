import { and, eq, exists, ne, sql } from 'drizzle-orm';
import { EVENT_STATUS } from '@tikiti/contract';
import type { Db, Tx } from '../../db/client.js';
import { events, media, organisations } from '../../db/schema/index.js';
import type { MediaStorage, RowBytes } from './image-store.js';

export type NewMedia = {
  key: string;
  contentType: string;
  width: number;
  height: number;
  storage: MediaStorage;
} & RowBytes;

export async function insertMedia(db: Db | Tx, row: NewMedia): Promise<{ id: number; key: string }> {
  const [inserted] = await db.insert(media).values(row).returning({ id: media.id, key: media.key });
  return inserted!;
}

/**
 * An image by key, and whether a published event shows it or it is an organisation's logo
 * (then anyone may see it: the organiser page is public, docs/product.md#organiser-page).
 */
export async function findMediaAccess(db: Db, key: string) {
  const [row] = await db
    .select({
      id: media.id,
      storage: media.storage,
      published: sql<boolean>`(${exists(
        db
          .select({ one: sql`1` })
          .from(events)
          .where(and(eq(events.imageId, media.id), eq(events.status, EVENT_STATUS.published))),
      )} OR ${exists(
        db
          .select({ one: sql`1` })
          .from(organisations)
          .where(eq(organisations.logoMediaId, media.id)),
      )})`,
    })
    .from(media)
    .where(eq(media.key, key))
    .limit(1);
  return row;
}

/** True while a media row has this key (its upload committed and it is not deleted). */
export async function mediaKeyExists(db: Db, key: string): Promise<boolean> {
  const [row] = await db.select({ id: media.id }).from(media).where(eq(media.key, key)).limit(1);
  return row !== undefined;
}

/** Who lets go of an image: an event (its image) or an organisation (its logo). */
export type ImageHolder = { eventId: number } | { organisationId: number };

/**
 * Deletes an image unless something else shows it: an event's image or an organisation's logo,
 * other than `holder`, the one letting go of it. Answers the deleted row's key and storage, or
 * undefined when it was kept.
 */
export async function deleteMediaIfUnused(tx: Tx, id: number, holder: ImageHolder) {
  const otherEvents = 'eventId' in holder ? ne(events.id, holder.eventId) : undefined;
  const otherOrganisations = 'organisationId' in holder ? ne(organisations.id, holder.organisationId) : undefined;
  const [deleted] = await tx
    .delete(media)
    .where(
      and(
        eq(media.id, id),
        sql`NOT ${exists(
          tx
            .select({ one: sql`1` })
            .from(events)
            .where(and(eq(events.imageId, id), otherEvents)),
        )}`,
        sql`NOT ${exists(
          tx
            .select({ one: sql`1` })
            .from(organisations)
            .where(and(eq(organisations.logoMediaId, id), otherOrganisations)),
        )}`,
      ),
    )
    .returning({ key: media.key, storage: media.storage });
  return deleted;
}
