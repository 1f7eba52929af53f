import { CatalogContracts } from '#lib/catalog/index.ts';
import { Errors } from '#lib/errors.ts';
import { appError } from '#lib/platform/errors.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { searchSimilar } from '#lib/catalog/index.server.ts';
import { readUpload } from '#lib/platform/upload.server.ts';
import { getShopDetail } from '#lib/shop/index.server.ts';

const RESULTS = 20;
/**
 * Below this a product has nothing visible in common with the upload, and showing it as "similar"
 * would only mislead: on the demo's pictures, unrelated uploads (a photo, noise, a flat colour, a
 * gradient, the other shop's banners) score 0.27–0.41 against every product, while the products
 * that look like an uploaded product picture score 0.57 and more.
 */
const MIN_SCORE = 0.45;
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
