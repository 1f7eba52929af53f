/**
 * Image search (issue 4 item 4): the shopper uploads a photo and gets the shop's products whose
 * main pictures look most alike. Computed here, no cloud service: each picture becomes a
 * perceptual fingerprint — a 64-bit difference hash for the outline, a 64-bin colour histogram
 * and a 16×16 grey thumbnail for near copies — and products are ranked by how close their
 * pictures' fingerprints are to the upload's.
 */
import { MAX_UPLOAD_BYTES, UploadMessages } from '#lib/platform/upload.ts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { appError } from '#lib/platform/errors.ts';
import { Errors } from '#lib/errors.ts';
import { mediaId } from '#lib/media/index.ts';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { activities, media, productImages, products } from '#lib/platform/db/schema.ts';
import { ByteLru } from '#lib/platform/lru.ts';
import { MAX_INPUT_PIXELS, SHARP_INPUT } from '#lib/media/index.server.ts';
import { productOnSaleAt } from './filters.server.ts';

export { MAX_UPLOAD_BYTES, UploadMessages };

/** Raster formats a phone sends (AVIF and HEIF report as heif). SVG is refused: it is code. */
const UPLOAD_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'heif', 'tiff']);

export interface Fingerprint {
  /** Difference hash: bit i says whether cell i of a 9×8 grey grid is brighter than the next. */
  dhash: bigint;
  /** Share of pixels per colour bin (4 levels per channel), summing to 1. */
  colours: Float32Array;
  /** 16×16 grey thumbnail: tells apart pictures that differ in detail only (a label, a pattern). */
  thumb: Uint8Array;
}

const LEVELS = 4;
/** dHash margin: neighbours closer than this are "equal", so noise cannot flip a flat area's bits. */
const FLAT = 3;
/**
 * Every picture is first brought to one 256×256 raster, and the measures are taken from that.
 * Shrinking in two steps keeps the way a picture was stored (an SVG drawn at any scale, a PNG, a
 * re-compressed JPEG) from outweighing what it shows: straight to 16 px, rendering noise alone
 * differed by more than two neighbouring products' labels.
 */
const NORMAL = 256;

async function shrink(rgb: Buffer, width: number, height: number, grey: boolean) {
  const image = sharp(rgb, { raw: { width: NORMAL, height: NORMAL, channels: 3 } }).resize(
    width,
    height,
    { fit: 'fill' },
  );
  return (grey ? image.greyscale() : image).raw().toBuffer();
}

/** The fingerprint of any picture sharp decodes; transparent parts count as white. */
export async function fingerprint(input: Uint8Array): Promise<Fingerprint> {
  const rgb = await sharp(input, SHARP_INPUT)
    .flatten({ background: '#ffffff' })
    .resize(NORMAL, NORMAL, { fit: 'fill' })
    .toColourspace('srgb')
    .removeAlpha()
    .raw()
    .toBuffer();
  const [small, grid, thumb] = await Promise.all([
    shrink(rgb, 32, 32, false),
    shrink(rgb, 9, 8, true),
    shrink(rgb, 16, 16, true),
  ]);

  const colours = new Float32Array(LEVELS ** 3);
  const bin = (v: number) => Math.floor((v * LEVELS) / 256);
  for (let i = 0; i < small.length; i += 3) {
    colours[(bin(small[i]!) * LEVELS + bin(small[i + 1]!)) * LEVELS + bin(small[i + 2]!)]! +=
      3 / small.length;
  }
  let dhash = 0n;
  for (let y = 0; y < 8; y++) {
    for (let x = 0; x < 8; x++) {
      dhash = (dhash << 1n) | (grid[y * 9 + x]! > grid[y * 9 + x + 1]! + FLAT ? 1n : 0n);
    }
  }
  return { dhash, colours, thumb: new Uint8Array(thumb) };
}

/** Re-encoding flips a few hash bits: up to this many, two pictures have the same outline. */
const SAME_BITS = 3;
/** Mean grey difference of the thumbnails at which two pictures stop counting as near copies. */
const DETAIL_SCALE = 8;

/**
 * 1 for the same picture, towards 0 for unrelated ones. Outline (dHash) and colours rank what
 * looks alike; the thumbnail term only scores near copies, and so decides between products whose
 * pictures share outline and colours (the demo draws a brand's bags alike, labels aside). Tuned on
 * the demo's pictures uploaded as PNG, WebP and JPEG q50: each ranks its own product first.
 */
export function similarity(a: Fingerprint, b: Fingerprint): number {
  let differing = 0;
  for (let bits = a.dhash ^ b.dhash; bits > 0n; bits &= bits - 1n) differing++;
  let shared = 0;
  for (let i = 0; i < a.colours.length; i++) shared += Math.min(a.colours[i]!, b.colours[i]!);
  let distance = 0;
  for (let i = 0; i < a.thumb.length; i++) distance += Math.abs(a.thumb[i]! - b.thumb[i]!);
  const outline = 1 - Math.max(0, differing - SAME_BITS) / (64 - SAME_BITS);
  const detail = Math.max(0, 1 - distance / a.thumb.length / DETAIL_SCALE);
  return 0.4 * outline + 0.3 * Math.min(1, shared) + 0.3 * detail;
}

/** Checks an upload and fingerprints it; refusals are AppError 400 with the shopper's message. */
export async function fingerprintUpload(upload: Uint8Array): Promise<Fingerprint> {
  if (upload.byteLength > MAX_UPLOAD_BYTES) throw appError(Errors.UPLOAD_TOO_LARGE);
  // The header alone tells format and size: no pixel is decoded (hence no pixel limit) yet.
  const meta = await Promise.resolve()
    .then(() => sharp(upload, { ...SHARP_INPUT, limitInputPixels: false }).metadata())
    .catch(() => null);
  if (!meta || !UPLOAD_FORMATS.has(meta.format)) throw appError(Errors.UPLOAD_NOT_IMAGE);
  if (meta.width * meta.height > MAX_INPUT_PIXELS) throw appError(Errors.UPLOAD_TOO_MANY_PIXELS);
  try {
    return await fingerprint(upload);
  } catch {
    // A header that promises a picture the body does not hold.
    throw appError(Errors.UPLOAD_NOT_IMAGE);
  }
}

/**
 * Fingerprints of stored pictures by media id. Media never changes, so each is computed once per
 * process; about 1 KB each, so 16 MB keeps some 16,000 pictures.
 */
const stored = new ByteLru<Fingerprint>(16 * 1024 * 1024);
const computing = new Map<number, Promise<Fingerprint | null>>();
const FINGERPRINT_BYTES = 1024;
/** Pictures loaded per query, so large photos are not all held in memory at once. */
const BATCH = 16;

async function computeStored(db: DbOrTx, ids: number[]): Promise<Map<number, Fingerprint>> {
  const found = new Map<number, Fingerprint>();
  for (let i = 0; i < ids.length; i += BATCH) {
    const rows = await db
      .select({ id: media.id, bytes: media.bytes })
      .from(media)
      .where(and(inArray(media.id, ids.slice(i, i + BATCH)), eq(media.isPublic, true)));
    await Promise.all(
      rows.map(async (row) => {
        try {
          const print = await fingerprint(row.bytes);
          stored.set(String(row.id), print, FINGERPRINT_BYTES);
          found.set(row.id, print);
        } catch (error) {
          // One undecodable picture leaves its product out of the ranking, not the search.
          console.error(`[image-search] cannot fingerprint media ${row.id}`, error);
        }
      }),
    );
  }
  return found;
}

/** Cached fingerprints, computing the missing ones in one shared run per id. */
async function storedFingerprints(db: DbOrTx, ids: number[]): Promise<Map<number, Fingerprint>> {
  const missing = ids.filter((id) => stored.get(String(id)) === undefined && !computing.has(id));
  if (missing.length > 0) {
    const run = computeStored(db, missing);
    for (const id of missing)
      computing.set(
        id,
        run.then((found) => found.get(id) ?? null),
      );
    const done = () => missing.forEach((id) => computing.delete(id));
    run.then(done, done);
  }
  const result = new Map<number, Fingerprint>();
  await Promise.all(
    ids.map(async (id) => {
      const print = stored.get(String(id)) ?? (await computing.get(id));
      if (print) result.set(id, print);
    }),
  );
  return result;
}

export interface SimilarProduct {
  productNo: string;
  name: string;
  /** The product's first main picture, for the result card. */
  imageUrl: string;
  /** 0…1, 1 being the same picture. */
  score: number;
}

/**
 * The shop's products on sale at `now` (published, in a running sale or in none), ranked by the
 * best similarity of any of their main pictures to the upload. Throws AppError 400 for an upload
 * that is not an acceptable picture.
 */
export async function searchSimilar(
  db: DbOrTx,
  shopId: string,
  upload: Uint8Array,
  limit = 20,
  now = new Date(),
): Promise<SimilarProduct[]> {
  const query = await fingerprintUpload(upload);
  const rows = await db
    .select({ productNo: products.productNo, name: products.name, url: productImages.url })
    .from(products)
    .innerJoin(
      productImages,
      and(eq(productImages.productId, products.id), eq(productImages.kind, 'main')),
    )
    .leftJoin(activities, eq(activities.id, products.activityId))
    .where(productOnSaleAt(shopId, now))
    .orderBy(asc(products.sort), asc(products.id), asc(productImages.sort));

  const prints = await storedFingerprints(db, [
    ...new Set(rows.map((r) => mediaId(r.url)).filter((id) => id !== null)),
  ]);
  const best = new Map<string, SimilarProduct>();
  for (const row of rows) {
    const id = mediaId(row.url);
    const print = id === null ? undefined : prints.get(id);
    const score = print ? similarity(query, print) : 0;
    const seen = best.get(row.productNo);
    if (!seen)
      best.set(row.productNo, {
        productNo: row.productNo,
        name: row.name,
        imageUrl: row.url,
        score,
      });
    else if (score > seen.score) seen.score = score;
  }
  // Stable sort: equal scores keep the shop's own product order.
  return [...best.values()].sort((a, b) => b.score - a.score).slice(0, limit);
}
