/**
 * A private picture a person uploads (after-sale photos, chat pictures): checked (a picture of
 * an accepted format, not too large, not too many pixels), limited per day, turned upright,
 * shrunk to fit `maxSide` and re-encoded as JPEG on white — which also drops its metadata (a
 * phone's photo carries where it was taken) — and stored in `media`, private to its uploader.
 */
import sharp, { type OutputInfo } from 'sharp';
import { and, eq, gte, sql } from 'drizzle-orm';
import { appError, type ErrorEntry } from '#lib/platform/errors.ts';
import { Errors } from '#lib/errors.ts';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { media } from '#lib/platform/db/schema.ts';
import { MAX_UPLOAD_BYTES } from '#lib/catalog/upload.ts';
import { MAX_INPUT_PIXELS, SHARP_INPUT } from './images.server.ts';

export interface PrivatePictureRules {
  /** sharp's format names accepted. */
  formats: ReadonlySet<string>;
  maxSide: number;
  /** Private pictures the uploader may store in 24 hours. */
  dailyLimit: number;
  /** The refusal of anything that is not an accepted picture. */
  notPicture: ErrorEntry;
  /** The refusal past the daily limit. */
  overLimit: ErrorEntry;
}

export interface StoredPicture {
  id: number;
  width: number;
  height: number;
}

export async function storePrivatePicture(
  db: DbOrTx,
  userId: number,
  upload: Uint8Array,
  rules: PrivatePictureRules,
  now = new Date(),
): Promise<StoredPicture> {
  if (upload.byteLength === 0) throw appError(rules.notPicture);
  if (upload.byteLength > MAX_UPLOAD_BYTES) throw appError(Errors.UPLOAD_TOO_LARGE);
  const meta = await Promise.resolve()
    .then(() => sharp(upload, { ...SHARP_INPUT, limitInputPixels: false }).metadata())
    .catch(() => null);
  if (!meta?.format || !rules.formats.has(meta.format)) throw appError(rules.notPicture);
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
  if ((recent?.n ?? 0) >= rules.dailyLimit) throw appError(rules.overLimit);
  let output: { data: Buffer; info: OutputInfo };
  try {
    output = await sharp(upload, SHARP_INPUT)
      .resize({
        width: rules.maxSide,
        height: rules.maxSide,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw appError(rules.notPicture);
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
  return { id: row!.id, width: output.info.width, height: output.info.height };
}
