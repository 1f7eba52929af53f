/** The demo stream's segments in the media table (room-stream.ts). */
import { and, between, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { media } from '#lib/platform/db/schema.ts';

export const SEGMENT_TYPE = 'video/mp2t';

/** Whether media rows first .. first+count-1 are all public TS segments. */
export async function streamSegmentsExist(
  db: DbOrTx,
  stream: { first: number; count: number },
): Promise<boolean> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(media)
    .where(
      and(
        between(media.id, stream.first, stream.first + stream.count - 1),
        eq(media.contentType, SEGMENT_TYPE),
        eq(media.isPublic, true),
      ),
    );
  return row?.n === stream.count;
}
