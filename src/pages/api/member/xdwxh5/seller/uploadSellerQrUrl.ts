import { ShopSettingContracts } from '#lib/shop/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { readUpload } from '#lib/platform/upload.server.ts';
import { requireRole } from '#lib/membership/index.server.ts';
import { uploadSellerQr, requireShopOwner } from '#lib/shop/index.server.ts';

/** im-setting 上传/更换: the consultation QR code (raw bytes), the shop's at once. */
export const POST = endpoint(
  ShopSettingContracts.uploadSellerQr,
  async ({ query, user, context }) => {
    // The body first (size checked, the rest drained): a refused client reads the refusal.
    const upload = await readUpload(context.request);
    // Role D in the shop and its owner, before the picture is decoded.
    await requireRole(context, query.shopBizCode, ['D']);
    await requireShopOwner(context.locals.database.db, query.shopBizCode, user.id);
    return uploadSellerQr(context.locals.database.db, {
      shopId: query.shopBizCode,
      userId: user.id,
      upload,
    });
  },
);
