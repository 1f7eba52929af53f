/**
 * A page compressed once and finished per request with a short tail of its own (decision 045):
 * the long prefix every shopper shares is compressed with a flush, so it ends on a byte boundary
 * with nothing held back, and each answer appends its tail uncompressed — a stored deflate block
 * for gzip (then the CRC-32 and length, continued over the tail), an uncompressed meta-block for
 * brotli (RFC 7932 §9.2), then the stream's end. A tail of a hundred bytes costs the shopper a
 * few bytes more than compressing the whole page, and the server no compression at all.
 */
import { brotliCompressSync, constants, crc32, deflateRawSync } from 'node:zlib';

export type Encoding = 'br' | 'gzip' | 'identity';

/** Brotli for pages compressed while shoppers wait for them: fast, and close to the best. */
export const PAGE_BROTLI_QUALITY = 5;

export interface CompressedPrefix {
  plain: Buffer;
  /** A brotli stream flushed after the prefix, not ended. */
  br: Buffer;
  /** A raw deflate stream flushed after the prefix (sync flush), not ended. */
  deflate: Buffer;
  crc: number;
}

export function compressPrefix(plain: Buffer): CompressedPrefix {
  return {
    plain,
    br: brotliCompressSync(plain, {
      finishFlush: constants.BROTLI_OPERATION_FLUSH,
      params: {
        [constants.BROTLI_PARAM_QUALITY]: PAGE_BROTLI_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: plain.byteLength,
      },
    }),
    deflate: deflateRawSync(plain, { finishFlush: constants.Z_SYNC_FLUSH }),
    crc: crc32(plain),
  };
}

/** The most one uncompressed meta-block or stored block holds. */
const BLOCK = 65_535;

// gzip member header: magic, deflate, no flags, no time, no extra flags, OS unknown.
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
// Brotli: a last, empty meta-block (ISLAST = 1, ISLASTEMPTY = 1).
const BROTLI_END = Buffer.from([0x03]);

function brotliTail(tail: Buffer): Buffer[] {
  const parts: Buffer[] = [];
  for (let at = 0; at < tail.byteLength; at += BLOCK) {
    const chunk = tail.subarray(at, at + BLOCK);
    // ISLAST 0, MNIBBLES 0 (four nibbles), MLEN - 1 in 16 bits, ISUNCOMPRESSED 1; then the
    // bits are padded to the byte and the bytes follow as they are.
    const bits = ((chunk.byteLength - 1) << 3) | (1 << 19);
    parts.push(Buffer.from([bits & 0xff, (bits >>> 8) & 0xff, (bits >>> 16) & 0xff]), chunk);
  }
  parts.push(BROTLI_END);
  return parts;
}

function gzipTail(prefix: CompressedPrefix, tail: Buffer): Buffer[] {
  const parts: Buffer[] = [];
  let at = 0;
  do {
    const chunk = tail.subarray(at, at + BLOCK);
    at += BLOCK;
    const last = at >= tail.byteLength;
    const head = Buffer.alloc(5);
    head[0] = last ? 1 : 0; // BFINAL, BTYPE 00 (stored); the sync flush left us byte-aligned.
    head.writeUInt16LE(chunk.byteLength, 1);
    head.writeUInt16LE(~chunk.byteLength & 0xffff, 3);
    parts.push(head, chunk);
  } while (at < tail.byteLength);
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc32(tail, prefix.crc) >>> 0, 0);
  trailer.writeUInt32LE((prefix.plain.byteLength + tail.byteLength) >>> 0, 4);
  parts.push(trailer);
  return parts;
}

/** The whole body in the encoding, as the pieces to write one after the other. */
export function finishBody(prefix: CompressedPrefix, tail: Buffer, encoding: Encoding): Buffer[] {
  if (encoding === 'br') return [prefix.br, ...brotliTail(tail)];
  if (encoding === 'gzip') return [GZIP_HEADER, prefix.deflate, ...gzipTail(prefix, tail)];
  return [prefix.plain, tail];
}
