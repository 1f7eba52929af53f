import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { media } from '../db/schema.ts';

export async function getMedia(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ contentType: media.contentType, bytes: media.bytes })
    .from(media)
    .where(eq(media.id, id))
    .limit(1);
  return row ?? null;
}
