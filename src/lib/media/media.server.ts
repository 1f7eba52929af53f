import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { media } from '#lib/platform/db/schema.ts';

/** A public media item; private uploads are never served by id. */
export async function getPublicMedia(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ contentType: media.contentType, bytes: media.bytes })
    .from(media)
    .where(and(eq(media.id, id), eq(media.isPublic, true)))
    .limit(1);
  return row ?? null;
}
