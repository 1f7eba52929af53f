import { ShopSettingContracts } from '#lib/shop/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { readUpload } from '#lib/platform/upload.server.ts';
import { requireRole } from '#lib/membership/index.server.ts';
import { uploadShopLogo, requireShopOwner } from '#lib/shop/index.server.ts';

/** A logo picture (raw bytes) by the shop's owner: stored as a square, the shop's on 保存. */
export const POST = endpoint(ShopSettingContracts.uploadLogo, async ({ query, user, context }) => {
  // The body first (size checked, the rest drained): a refused client reads the refusal.
  const upload = await readUpload(context.request);
  // Role D in the shop and its owner, before the picture is decoded.
  await requireRole(context, query.shopBizCode, ['D']);
  await requireShopOwner(context.locals.database.db, query.shopBizCode, user.id);
  return uploadShopLogo(context.locals.database.db, {
    shopId: query.shopBizCode,
    userId: user.id,
    upload,
  });
});
