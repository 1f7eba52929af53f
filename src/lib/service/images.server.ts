/**
 * Chat pictures (im-index 发送图片, the console's replies): JPEG, PNG or WebP by their bytes, at
 * most 5 MB, not a pixel bomb; turned upright, shrunk to at most 1280 px and re-encoded as JPEG
 * on white — which drops their metadata (a phone's photo carries where it was taken). Stored
 * private to the sender; read by them and by the sides of a conversation that shows it.
 */
import { and, eq } from 'drizzle-orm';
import { Errors } from '#lib/errors.ts';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { media } from '#lib/platform/db/schema.ts';
import { shrunkJpeg, storePicture } from '#lib/media/index.server.ts';
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
  const stored = await storePicture(
    db,
    userId,
    upload,
    {
      formats: FORMATS,
      isPublic: false,
      dailyLimit: DAILY_IMAGE_LIMIT,
      notPicture: Errors.SERVICE_IMAGE_TYPE,
      overLimit: Errors.SERVICE_IMAGES_TODAY,
    },
    shrunkJpeg(SERVICE_IMAGE_MAX_SIDE),
    now,
  );
  return {
    mediaId: stored.id,
    url: serviceImageUrl(stored.id),
    width: stored.width,
    height: stored.height,
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
