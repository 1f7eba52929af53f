/**
 * The pictures of a certification (the ID card's two sides, a licence): private media, seen only
 * by their uploader and by the owner of a shop whose certification names them. An upload is
 * checked, turned upright, shrunk to at most 1600 px and re-encoded as JPEG (dropping the phone's
 * metadata). Nothing is collected before the keeper's separate consent (PIPL §29).
 */
import { and, eq, or } from 'drizzle-orm';
import { appError } from '#lib/platform/errors.ts';
import { Errors } from '#lib/errors.ts';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { certifications, media, shops } from '#lib/platform/db/schema.ts';
import { shrunkJpeg, storePicture } from '#lib/media/index.server.ts';
import { requireConsent } from './consent.server.ts';

const MAX_SIDE = 1600;
const UPLOAD_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif', 'avif']);
/** A keeper re-takes a blurred photo a few times; far more in a day is not a person certifying. */
export const DAILY_CERTIFICATION_PHOTOS = 20;

export const certificationPhotoUrl = (photoId: number) =>
  `/api/member/xdwxh5/certification/photo/${photoId}`;

export async function storeCertificationPhoto(
  db: DbOrTx,
  input: { shopId: string; userId: number; upload: Uint8Array; now?: Date },
): Promise<{ photoId: number; url: string }> {
  const now = input.now ?? new Date();
  await requireConsent(db, { ...input, now });
  const stored = await storePicture(
    db,
    input.userId,
    input.upload,
    {
      formats: UPLOAD_FORMATS,
      isPublic: false,
      dailyLimit: DAILY_CERTIFICATION_PHOTOS,
      notPicture: Errors.UPLOAD_NOT_IMAGE,
      overLimit: Errors.PHOTO_LIMIT,
    },
    shrunkJpeg(MAX_SIDE),
    now,
  );
  return { photoId: stored.id, url: certificationPhotoUrl(stored.id) };
}

/** Refuses a photo id that is not a private picture this user uploaded. */
export async function requireOwnPhoto(db: DbOrTx, userId: number, photoId: number): Promise<void> {
  const [row] = await db
    .select({ id: media.id })
    .from(media)
    .where(and(eq(media.id, photoId), eq(media.isPublic, false), eq(media.ownerUserId, userId)));
  if (!row) throw appError(Errors.PHOTO_NOT_FOUND);
}

/** A photo's bytes for its uploader or the owner of a shop reviewing it; else null. */
export async function readCertificationPhoto(
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
  const ref = String(photoId);
  const [shown] = await db
    .select({ id: certifications.id })
    .from(certifications)
    .innerJoin(shops, eq(shops.id, certifications.shopId))
    .where(
      and(
        eq(shops.ownerUserId, viewerId),
        eq(certifications.userId, row.ownerUserId ?? 0),
        or(
          eq(certifications.idFrontImage, ref),
          eq(certifications.idBackImage, ref),
          eq(certifications.licenceImage, ref),
        ),
      ),
    )
    .limit(1);
  return shown ? row : null;
}
