/**
 * Chat pictures (im-index 发送图片, the console's replies): JPEG, PNG or WebP by their bytes, at
 * most 5 MB, not a pixel bomb; turned upright, shrunk to at most 1280 px and re-encoded as JPEG
 * on white — which drops their metadata (a phone's photo carries where it was taken). Stored
 * private to the sender; read by them and by the sides of a conversation that shows it.
 */
import sharp, { type OutputInfo } from 'sharp';
import { and, eq, gte, sql } from 'drizzle-orm';
import { appError } from '#lib/platform/errors.ts';
import { Errors } from '#lib/errors.ts';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { media } from '#lib/platform/db/schema.ts';
import { MAX_INPUT_PIXELS, SHARP_INPUT } from '#lib/media/images.server.ts';
import { MAX_UPLOAD_BYTES } from '#lib/catalog/upload.ts';
import { DAILY_IMAGE_LIMIT } from './messages.ts';
import { serviceImageUrl } from './images.ts';
import { maySeeServiceImage } from './conversations.server.ts';

export const SERVICE_IMAGE_MAX_SIDE = 1280;
const FORMATS = new Set(['jpeg', 'png', 'webp']);

export interface StoredServiceImage {
  mediaId: number;
  url: string;
  width: number;
  height: number;
}

/** Stores an uploaded chat picture for its sender; the message that shows it is sent next. */
export async function storeServiceImage(
  db: DbOrTx,
  userId: number,
  upload: Uint8Array,
  now = new Date(),
): Promise<StoredServiceImage> {
  if (upload.byteLength === 0) throw appError(Errors.SERVICE_IMAGE_TYPE);
  if (upload.byteLength > MAX_UPLOAD_BYTES) throw appError(Errors.UPLOAD_TOO_LARGE);
  const meta = await Promise.resolve()
    .then(() => sharp(upload, { ...SHARP_INPUT, limitInputPixels: false }).metadata())
    .catch(() => null);
  if (!meta?.format || !FORMATS.has(meta.format)) throw appError(Errors.SERVICE_IMAGE_TYPE);
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
  if ((recent?.n ?? 0) >= DAILY_IMAGE_LIMIT) throw appError(Errors.SERVICE_IMAGES_TODAY);
  let output: { data: Buffer; info: OutputInfo };
  try {
    output = await sharp(upload, SHARP_INPUT)
      .resize({
        width: SERVICE_IMAGE_MAX_SIDE,
        height: SERVICE_IMAGE_MAX_SIDE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw appError(Errors.SERVICE_IMAGE_TYPE);
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
  return {
    mediaId: row!.id,
    url: serviceImageUrl(row!.id),
    width: output.info.width,
    height: output.info.height,
  };
}

/** A chat picture's bytes for a viewer allowed to see it, else null (as if it did not exist). */
export async function readServiceImage(
  db: DbOrTx,
  viewerId: number,
  mediaId: number,
): Promise<{ bytes: Uint8Array; contentType: string } | null> {
  const [row] = await db
    .select({ bytes: media.bytes, contentType: media.contentType, ownerUserId: media.ownerUserId })
    .from(media)
    .where(and(eq(media.id, mediaId), eq(media.isPublic, false)));
  if (!row) return null;
  if (row.ownerUserId === viewerId) return row;
  return (await maySeeServiceImage(db, viewerId, mediaId)) ? row : null;
}
