/**
 * Resized pictures for /img/{id}?w=400|800 (issue 4 item 7). Stored media never changes, so a
 * rendered variant is computed once per process and kept in a byte-bounded LRU.
 */
import sharp, { type Sharp, type SharpOptions } from 'sharp';
import { IMAGE_WIDTHS, type ImageWidth } from './images.ts';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { ByteLru, memoize } from '#lib/platform/lru.ts';
import { getPublicMedia } from './media.server.ts';
import { pictureInput } from './svg-text.server.ts';

/**
 * Decoding options for every stored or uploaded picture: a damaged file renders as far as it
 * can instead of failing, and a decompression bomb is refused before its pixels are allocated.
 */
export const MAX_INPUT_PIXELS = 40_000_000;
export const SHARP_INPUT = {
  failOn: 'none',
  limitInputPixels: MAX_INPUT_PIXELS,
  autoOrient: true,
} as const satisfies SharpOptions;

export interface RenderedImage {
  /** A copy on its own ArrayBuffer, as a Response body needs. */
  bytes: Uint8Array<ArrayBuffer>;
  contentType: string;
}

/** Key overhead and object headers, so many tiny entries still count against the bound. */
const ENTRY_OVERHEAD = 200;
const rendered = memoize(
  new ByteLru<RenderedImage>(64 * 1024 * 1024),
  (image) => image.bytes.byteLength + ENTRY_OVERHEAD,
);

/** The width of a `w` query value: exactly "400" or "800", nothing else. */
export function parseImageWidth(value: string | null): ImageWidth | null {
  return IMAGE_WIDTHS.find((w) => String(w) === value) ?? null;
}

/** True when the Accept header lists the type with a non-zero quality. */
function accepts(accept: string, type: string): boolean {
  return accept.split(',').some((part) => {
    const [name, ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    if (name !== type) return false;
    const q = params.find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/** The modern format the browser takes, best first; null means the source's own kind. */
export function preferredFormat(accept: string | null | undefined): 'avif' | 'webp' | null {
  if (!accept) return null;
  if (accepts(accept, 'image/avif')) return 'avif';
  if (accepts(accept, 'image/webp')) return 'webp';
  return null;
}

/**
 * The stored picture `id` resized to `width` (never enlarged) in the best format the Accept
 * header allows; null when the media is unknown or not public. Throws when the stored file cannot
 * be decoded.
 */
export async function renderImage(
  db: DbOrTx,
  id: number,
  width: ImageWidth,
  accept: string | null | undefined,
): Promise<RenderedImage | null> {
  const format = preferredFormat(accept);
  // The key holds what the request decides; the fallback format follows from the stored file,
  // which never changes, so a cached variant answers without a database read.
  return rendered(`${id}:${width}:${format ?? 'fallback'}`, async () => {
    const media = await getPublicMedia(db, id);
    return media ? drawVariant(media, width, format) : null;
  });
}

/**
 * One variant of a stored picture: resized to `width` (never enlarged) in `format`, or in the
 * source's own kind (PNG for drawings and transparency, JPEG for photographs) for null. An SVG's
 * text is outlined first, so every variant draws the same glyphs (svg-text.server.ts).
 */
export async function drawVariant(
  media: { contentType: string; bytes: Uint8Array },
  width: ImageWidth,
  format: 'avif' | 'webp' | null,
): Promise<RenderedImage> {
  const input = pictureInput(media);
  const pipeline = sharp(input, SHARP_INPUT).resize({ width, withoutEnlargement: true });
  if (format === 'avif')
    // Effort 2 encodes an 800 px picture about 7× faster than the default for ~6% more bytes.
    return encoded(pipeline.avif({ quality: 55, effort: 2 }), 'image/avif');
  if (format === 'webp') return encoded(pipeline.webp({ quality: 78 }), 'image/webp');
  const { format: source, hasAlpha } = await sharp(input, SHARP_INPUT).metadata();
  if (source === 'svg' || hasAlpha) return encoded(pipeline.png(), 'image/png');
  return encoded(pipeline.jpeg({ quality: 80, mozjpeg: true }), 'image/jpeg');
}

async function encoded(pipeline: Sharp, contentType: string): Promise<RenderedImage> {
  return { bytes: new Uint8Array(await pipeline.toBuffer()), contentType };
}
