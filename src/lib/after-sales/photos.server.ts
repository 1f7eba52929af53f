/**
 * The shopper's after-sale photos: private media. An upload is checked (a picture, not too large,
 * not too many pixels), turned upright, shrunk to at most 1600 px and re-encoded as JPEG — which
 * also drops its metadata (a phone's photo carries where it was taken). Only its uploader and the
 * owner of a shop whose after-sale shows it may read it.
 */
import { and, eq, sql } from 'drizzle-orm';
import { Errors } from '#lib/errors.ts';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { afterSales, media, shops } from '#lib/platform/db/schema.ts';
import { shrunkJpeg, storePicture } from '#lib/media/index.server.ts';
import { afterSalePhotoUrl } from './after-sales.server.ts';

const MAX_SIDE = 1600;
const UPLOAD_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif', 'avif', 'gif']);
/** Photos one shopper may upload in a day: six per request is plenty for a few requests. */
export const DAILY_PHOTO_LIMIT = 60;

export async function storeAfterSalePhoto(
  db: DbOrTx,
  userId: number,
  upload: Uint8Array,
  now = new Date(),
): Promise<{ photoId: number; url: string }> {
  const stored = await storePicture(
    db,
    userId,
    upload,
    {
      formats: UPLOAD_FORMATS,
      isPublic: false,
      dailyLimit: DAILY_PHOTO_LIMIT,
      notPicture: Errors.UPLOAD_NOT_IMAGE,
      overLimit: Errors.AFTER_SALE_PHOTO_LIMIT,
    },
    shrunkJpeg(MAX_SIDE),
    now,
  );
  return { photoId: stored.id, url: afterSalePhotoUrl(stored.id) };
}

/** A private photo's bytes for a viewer allowed to see it, else null (as if it did not exist). */
export async function readAfterSalePhoto(
  db: DbOrTx,
  viewerId: number,
  photoId: number,
): Promise<{ bytes: Uint8Array; contentType: string } | null> {
  const [row] = await db
    .select({ bytes: media.bytes, contentType: media.contentType, ownerUserId: media.ownerUserId })
    .from(media)
    .where(and(eq(media.id, photoId), eq(media.isPublic, false)));
  if (!row) return null;
  if (row.ownerUserId === viewerId) return row;
  const [shown] = await db
    .select({ id: afterSales.id })
    .from(afterSales)
    .innerJoin(shops, eq(shops.id, afterSales.shopId))
    .where(
      and(
        eq(shops.ownerUserId, viewerId),
        sql`${afterSales.photoIds} @> ${JSON.stringify([photoId])}::jsonb`,
      ),
    )
    .limit(1);
  return shown ? row : null;
}
