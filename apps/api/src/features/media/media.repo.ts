import { and, eq, exists, ne, sql } from 'drizzle-orm';
import { EVENT_STATUS } from '@tikiti/contract';
import type { Db, Tx } from '../../db/client.js';
import { events, media } from '../../db/schema/index.js';

export interface NewMedia {
  key: string;
  contentType: string;
  width: number;
  height: number;
  bytes: Buffer;
  cardBytes: Buffer;
}

export async function insertMedia(db: Db | Tx, row: NewMedia): Promise<{ id: number; key: string }> {
  const [inserted] = await db.insert(media).values(row).returning({ id: media.id, key: media.key });
  return inserted!;
}

/** An image by key, and whether a published event shows it (then anyone may see it). */
export async function findMediaAccess(db: Db, key: string) {
  const [row] = await db
    .select({
      id: media.id,
      published: sql<boolean>`${exists(
        db
          .select({ one: sql`1` })
          .from(events)
          .where(and(eq(events.imageId, media.id), eq(events.status, EVENT_STATUS.published))),
      )}`,
    })
    .from(media)
    .where(eq(media.key, key))
    .limit(1);
  return row;
}

/** The bytes of one variant of an image. */
export async function findMediaBytes(db: Db, id: number, variant: 'full' | 'card') {
  const column = variant === 'card' ? media.cardBytes : media.bytes;
  const [row] = await db
    .select({ contentType: media.contentType, bytes: column })
    .from(media)
    .where(eq(media.id, id))
    .limit(1);
  return row;
}

/** Deletes an image no event shows any more (`exceptEventId` is the one letting go of it). */
export async function deleteMediaIfUnused(tx: Tx, id: number, exceptEventId: number) {
  await tx.delete(media).where(
    and(
      eq(media.id, id),
      sql`NOT ${exists(
        tx
          .select({ one: sql`1` })
          .from(events)
          .where(and(eq(events.imageId, id), ne(events.id, exceptEventId))),
      )}`,
    ),
  );
}
