import { CatalogContracts } from '#lib/catalog/contracts.ts';
import { Errors } from '#lib/errors.ts';
import { appError } from '#lib/platform/errors.ts';
import { endpoint } from '#lib/platform/endpoint.server.ts';
import { MAX_UPLOAD_BYTES, searchSimilar } from '#lib/catalog/image-search.server.ts';
import { getShopDetail } from '#lib/shop/shops.server.ts';

const RESULTS = 20;
/**
 * Below this a product has nothing visible in common with the upload, and showing it as "similar"
 * would only mislead: on the demo's pictures, unrelated uploads (a photo, noise, a flat colour, a
 * gradient, the other shop's banners) score 0.27–0.41 against every product, while the products
 * that look like an uploaded product picture score 0.57 and more.
 */
const MIN_SCORE = 0.45;
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
async function readUpload(request: Request): Promise<Uint8Array> {
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

/**
 * Image search (photo → the shop's look-alike products): POST the picture's raw bytes, any image
 * content type, with shopBizCode in the query; answers { items }: the 20 closest products on
 * sale that look alike at all, best first, possibly none. What the bytes are is decided from the
 * bytes themselves (phones label HEIC and some camera files loosely), so a text or SVG body is
 * refused with 请上传图片文件 whatever its content type says. Open to everyone, like browsing.
 */
export const POST = endpoint(CatalogContracts.imageSearch, async ({ query, context }) => {
  const { shopBizCode } = query;
  if (!shopBizCode) throw appError(Errors.SHOP_ID_REQUIRED);
  const db = context.locals.database.db;
  // An unknown or closed shop answers 404 before the upload is read.
  await getShopDetail(db, shopBizCode);
  const upload = await readUpload(context.request);
  if (upload.byteLength === 0) throw appError(Errors.UPLOAD_NOT_IMAGE);
  const ranked = await searchSimilar(db, shopBizCode, upload, RESULTS);
  return { items: ranked.filter((item) => item.score >= MIN_SCORE) };
});
