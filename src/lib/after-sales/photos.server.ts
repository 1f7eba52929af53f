/**
 * The shopper's after-sale photos: private media. An upload is checked (a picture, not too large,
 * not too many pixels), turned upright, shrunk to at most 1600 px and re-encoded as JPEG — which
 * also drops its metadata (a phone's photo carries where it was taken). Only its uploader and the
 * owner of a shop whose after-sale shows it may read it.
 */
import sharp, { type OutputInfo } from 'sharp';
import { and, eq, gte, sql } from 'drizzle-orm';
import { appError } from '#lib/platform/errors.ts';
import { Errors } from '#lib/errors.ts';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { afterSales, media, shops } from '#lib/platform/db/schema.ts';
import { MAX_INPUT_PIXELS, SHARP_INPUT } from '#lib/media/images.server.ts';
import { MAX_UPLOAD_BYTES } from '#lib/catalog/upload.ts';
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
  if (upload.byteLength === 0) throw appError(Errors.UPLOAD_NOT_IMAGE);
  if (upload.byteLength > MAX_UPLOAD_BYTES) throw appError(Errors.UPLOAD_TOO_LARGE);
  const meta = await Promise.resolve()
    .then(() => sharp(upload, { ...SHARP_INPUT, limitInputPixels: false }).metadata())
    .catch(() => null);
  if (!meta?.format || !UPLOAD_FORMATS.has(meta.format)) throw appError(Errors.UPLOAD_NOT_IMAGE);
  if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_INPUT_PIXELS) {
    throw appError(Errors.UPLOAD_TOO_MANY_PIXELS);
  }
  const [recent] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(media)
    .where(
      and(
        eq(media.ownerUserId, userId),
        eq(media.isPublic, false),
        gte(media.createdAt, new Date(now.getTime() - 24 * 3_600_000)),
      ),
    );
  if ((recent?.n ?? 0) >= DAILY_PHOTO_LIMIT) throw appError(Errors.AFTER_SALE_PHOTO_LIMIT);
  let output: { data: Buffer; info: OutputInfo };
  try {
    output = await sharp(upload, SHARP_INPUT)
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw appError(Errors.UPLOAD_NOT_IMAGE);
  }
  const [row] = await db
    .insert(media)
    .values({
      contentType: 'image/jpeg',
      bytes: new Uint8Array(output.data),
      width: output.info.width,
      height: output.info.height,
      isPublic: false,
      ownerUserId: userId,
      createdAt: now,
    })
    .returning({ id: media.id });
  return { photoId: row!.id, url: afterSalePhotoUrl(row!.id) };
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
