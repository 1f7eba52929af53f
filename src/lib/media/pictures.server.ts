/**
 * Pictures people upload — after-sale photos, chat pictures, home banners, the shop's logo and
 * consultation QR code — go through one path: checked (an accepted format by its bytes, within
 * the size and pixel limits, not too small), limited per uploader and day, cut or shrunk by the
 * caller's `encode`, re-encoded (which drops a photo's metadata: a phone's photo carries where it
 * was taken) and stored in `media`, public or private to the uploader.
 */
import sharp, { type Metadata, type OutputInfo, type Sharp } from 'sharp';
import { and, eq, gte, sql } from 'drizzle-orm';
import { appError, type ErrorEntry } from '#lib/platform/errors.ts';
import { Errors } from '#lib/errors.ts';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { media } from '#lib/platform/db/schema.ts';
import { LockClass, lockForTransaction } from '#lib/platform/db/locks.server.ts';
import { MAX_UPLOAD_BYTES } from '#lib/platform/upload.ts';
import { MAX_INPUT_PIXELS, SHARP_INPUT } from './images.server.ts';

export interface PictureRules {
  /** sharp's format names accepted. */
  formats: ReadonlySet<string>;
  /** Public pictures are served to anyone; private ones only where their area allows. */
  isPublic: boolean;
  /** Pictures of this kind (public or private) the uploader may store in 24 hours. */
  dailyLimit: number;
  /** The refusal of anything that is not an accepted picture. */
  notPicture: ErrorEntry;
  /** The refusal past the daily limit. */
  overLimit: ErrorEntry;
  /** The shorter side a picture needs at least (a logo or QR code must stay legible). */
  minSide?: number;
}

/** How an accepted picture is cut and encoded; the caller's shape, sharp's pipeline. */
export type PictureEncoding = (
  picture: Sharp,
  meta: Metadata,
) => { pipeline: Sharp; contentType: string };

export interface EncodedPicture {
  output: { data: Buffer; info: OutputInfo };
  contentType: string;
}

export interface StoredPicture {
  id: number;
  width: number;
  height: number;
}

/** Turned upright, shrunk to fit `maxSide` (never enlarged), JPEG on white. */
export const shrunkJpeg =
  (maxSide: number, quality = 82): PictureEncoding =>
  (picture) => ({
    pipeline: picture
      .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality, mozjpeg: true }),
    contentType: 'image/jpeg',
  });

/** The upload's metadata once it is an accepted picture; its refusal otherwise. */
export async function checkPicture(upload: Uint8Array, rules: PictureRules): Promise<Metadata> {
  if (upload.byteLength === 0) throw appError(rules.notPicture);
  if (upload.byteLength > MAX_UPLOAD_BYTES) throw appError(Errors.UPLOAD_TOO_LARGE);
  const meta = await Promise.resolve()
    .then(() => sharp(upload, { ...SHARP_INPUT, limitInputPixels: false }).metadata())
    .catch(() => null);
  if (!meta?.format || !rules.formats.has(meta.format)) throw appError(rules.notPicture);
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (width * height > MAX_INPUT_PIXELS) throw appError(Errors.UPLOAD_TOO_MANY_PIXELS);
  if (rules.minSide !== undefined && Math.min(width, height) < rules.minSide) {
    throw appError(Errors.PICTURE_TOO_SMALL);
  }
  return meta;
}

/**
 * Refuses the upload when the uploader already stored `dailyLimit` such pictures in 24 hours. A
 * cheap early answer before the picture is encoded; insertPicture counts again under a lock.
 */
export async function limitPictures(
  db: DbOrTx,
  userId: number,
  rules: Pick<PictureRules, 'isPublic' | 'dailyLimit' | 'overLimit'>,
  now: Date,
): Promise<void> {
  const [recent] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(media)
    .where(
      and(
        eq(media.ownerUserId, userId),
        eq(media.isPublic, rules.isPublic),
        gte(media.createdAt, new Date(now.getTime() - 24 * 3_600_000)),
      ),
    );
  if ((recent?.n ?? 0) >= rules.dailyLimit) throw appError(rules.overLimit);
}

/** Checks, limits and encodes; nothing is stored yet (the caller may store it in its transaction). */
export async function preparePicture(
  db: DbOrTx,
  userId: number,
  upload: Uint8Array,
  rules: PictureRules,
  encode: PictureEncoding,
  now: Date,
): Promise<EncodedPicture> {
  const meta = await checkPicture(upload, rules);
  await limitPictures(db, userId, rules, now);
  const { pipeline, contentType } = encode(sharp(upload, SHARP_INPUT), meta);
  try {
    return { output: await pipeline.toBuffer({ resolveWithObject: true }), contentType };
  } catch {
    throw appError(rules.notPicture);
  }
}

/**
 * Stores the picture once the daily limit allows it: counted and stored in one transaction that
 * holds the uploader's lock for this kind of picture (decision 036), so of many uploads at once
 * exactly the limit are stored and the rest refused. Inside the caller's transaction when given one.
 */
export async function insertPicture(
  db: DbOrTx,
  userId: number,
  picture: EncodedPicture,
  rules: Pick<PictureRules, 'isPublic' | 'dailyLimit' | 'overLimit'>,
  now: Date,
): Promise<StoredPicture> {
  return db.transaction(async (tx) => {
    await lockForTransaction(tx, LockClass.pictures, `${userId}:${rules.isPublic}`);
    await limitPictures(tx, userId, rules, now);
    return storeEncoded(tx, userId, picture, rules, now);
  });
}

async function storeEncoded(
  db: DbOrTx,
  userId: number,
  picture: EncodedPicture,
  rules: Pick<PictureRules, 'isPublic'>,
  now: Date,
): Promise<StoredPicture> {
  const { data, info } = picture.output;
  const [row] = await db
    .insert(media)
    .values({
      contentType: picture.contentType,
      bytes: new Uint8Array(data),
      width: info.width,
      height: info.height,
      isPublic: rules.isPublic,
      ownerUserId: userId,
      createdAt: now,
    })
    .returning({ id: media.id });
  return { id: row!.id, width: info.width, height: info.height };
}

/** The whole path: checked, limited, encoded, stored. */
export async function storePicture(
  db: DbOrTx,
  userId: number,
  upload: Uint8Array,
  rules: PictureRules,
  encode: PictureEncoding,
  now = new Date(),
): Promise<StoredPicture> {
  const picture = await preparePicture(db, userId, upload, rules, encode, now);
  return insertPicture(db, userId, picture, rules, now);
}
