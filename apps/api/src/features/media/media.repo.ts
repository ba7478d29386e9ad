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

/**
 * Deletes an image no event shows any more (`exceptEventId` is the one letting go of it).
 * Answers the deleted row's key and storage, or undefined when another event still shows it.
 */
export async function deleteMediaIfUnused(tx: Tx, id: number, exceptEventId: number) {
  const [deleted] = await tx
    .delete(media)
    .where(
      and(
        eq(media.id, id),
        sql`NOT ${exists(
          tx
            .select({ one: sql`1` })
            .from(events)
            .where(and(eq(events.imageId, id), ne(events.id, exceptEventId))),
        )}`,
      ),
    )
    .returning({ key: media.key, storage: media.storage });
  return deleted;
}

/**
 * Deletes an organisation's former logo unless something else shows it (an event, or another
 * organisation). Answers the deleted row's key and storage, or undefined when it was kept.
 */
export async function deleteLogoIfUnused(tx: Tx, id: number, exceptOrganisationId: number) {
  const [deleted] = await tx
    .delete(media)
    .where(
      and(
        eq(media.id, id),
        sql`NOT ${exists(
          tx
            .select({ one: sql`1` })
            .from(events)
            .where(eq(events.imageId, id)),
        )}`,
        sql`NOT ${exists(
          tx
            .select({ one: sql`1` })
            .from(organisations)
            .where(and(eq(organisations.logoMediaId, id), ne(organisations.id, exceptOrganisationId))),
        )}`,
      ),
    )
    .returning({ key: media.key, storage: media.storage });
  return deleted;
}
