/**
 * Reading an uploaded file's raw body (image search, after-sale photos): bounded, never held whole
 * past the cap, the refusal reaching the client instead of a reset connection.
 */
import { appError } from './errors.ts';
import { Errors } from '#lib/errors.ts';
import { MAX_UPLOAD_BYTES } from './upload.ts';

/**
 * Beyond the cap, what a client still sends is read and thrown away, so the refusal reaches it
 * instead of a reset connection; past this much more, the connection is given up.
 */
const DRAIN_BYTES = 4 * MAX_UPLOAD_BYTES;

/** Discards the rest of a refused body in the background, up to DRAIN_BYTES. */
function drain(reader: ReadableStreamDefaultReader<Uint8Array>): void {
  void (async () => {
    let discarded = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      discarded += value.byteLength;
      if (discarded > DRAIN_BYTES) return reader.cancel();
    }
  })().catch(() => {});
}

/**
 * The raw body, at most MAX_UPLOAD_BYTES: a declared length above it is refused before anything is
 * read, and a body that turns out longer (chunked, or lying about its length) is refused as soon
 * as it passes the cap, never held whole.
 */
export async function readUpload(request: Request): Promise<Uint8Array> {
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > MAX_UPLOAD_BYTES) throw appError(Errors.UPLOAD_TOO_LARGE);
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > MAX_UPLOAD_BYTES) {
      drain(reader);
      throw appError(Errors.UPLOAD_TOO_LARGE);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
