/**
 * Private files other services hand the shop for one person (a payout's e-receipt): kept as
 * that person's private media, read only through the area that names them. Pictures keep their
 * size; a PDF has none.
 */
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { media } from './tables.server.ts';
import { SHARP_INPUT } from './images.server.ts';

/** The kinds of file kept this way, with how to know one by its first bytes. */
const KINDS: Record<string, (bytes: Uint8Array) => boolean> = {
  'image/png': (b) => b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47,
  'image/jpeg': (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  'application/pdf': (b) => new TextDecoder().decode(b.subarray(0, 5)) === '%PDF-',
};

/** The largest file kept (a receipt is tens of kilobytes). */
export const MAX_PRIVATE_FILE_BYTES = 5 * 1024 * 1024;

/** The content type of a file as its bytes show it, of the kinds kept; null for anything else. */
export function privateFileType(bytes: Uint8Array): string | null {
  return Object.entries(KINDS).find(([, is]) => is(bytes))?.[0] ?? null;
}

/** Stores the file for its owner; throws on a kind not kept or a file too large. */
export async function storePrivateFile(
  db: DbOrTx,
  input: { ownerUserId: number; bytes: Uint8Array; now: Date },
): Promise<{ id: number }> {
  const contentType = privateFileType(input.bytes);
  if (!contentType || input.bytes.length > MAX_PRIVATE_FILE_BYTES) {
    throw new Error('not a PNG, JPEG or PDF file under 5 MB');
  }
  const size = contentType.startsWith('image/')
    ? await sharp(input.bytes, SHARP_INPUT).metadata()
    : { width: 0, height: 0 };
  const [row] = await db
    .insert(media)
    .values({
      contentType,
      bytes: input.bytes,
      width: size.width ?? 0,
      height: size.height ?? 0,
      isPublic: false,
      ownerUserId: input.ownerUserId,
      createdAt: input.now,
    })
    .returning({ id: media.id });
  return { id: row!.id };
}

/** A private file's bytes for its owner; null for anybody else or none. */
export async function readPrivateFile(
  db: DbOrTx,
  input: { id: number; ownerUserId: number },
): Promise<{ bytes: Uint8Array; contentType: string } | null> {
  const [row] = await db
    .select({ bytes: media.bytes, contentType: media.contentType })
    .from(media)
    .where(
      and(
        eq(media.id, input.id),
        eq(media.isPublic, false),
        eq(media.ownerUserId, input.ownerUserId),
      ),
    );
  return row ?? null;
}
