import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { media } from '../../db/schema/index.js';

export interface NewMedia {
  contentType: string;
  width: number;
  height: number;
  bytes: Buffer;
  cardBytes: Buffer;
}

export async function insertMedia(db: Db, row: NewMedia): Promise<{ id: number }> {
  const [inserted] = await db.insert(media).values(row).returning({ id: media.id });
  return inserted!;
}

/** The bytes of one variant of an image, or undefined when there is no such image. */
export async function findMediaBytes(db: Db, id: number, variant: 'full' | 'card') {
  const column = variant === 'card' ? media.cardBytes : media.bytes;
  const [row] = await db
    .select({ contentType: media.contentType, bytes: column })
    .from(media)
    .where(eq(media.id, id))
    .limit(1);
  return row;
}
