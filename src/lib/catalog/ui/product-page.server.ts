/**
 * The product page's one read: the product with its sale, and what the shop switched on around
 * it (feature-setting): 同场推荐 1011, the keeper's banner 1040, 领券 1006. Null when the number
 * names no product on sale here.
 */
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { productCouponTags } from '#lib/coupons/index.server.ts';
import { Feature } from '#lib/shop/index.ts';
import { shopFeatures } from '#lib/shop/index.server.ts';
import { readBrandSale, readProductDetail } from '../catalog.server.ts';
import { listBanners } from '../commodity.server.ts';

export async function readProductPage(
  db: DbOrTx,
  contentVersion: number,
  input: { shopId: string; productNo: string; isDistributor: boolean },
) {
  const { shopId, productNo } = input;
  const product = await readProductDetail(db, contentVersion, shopId, productNo);
  if (!product) return null;
  const sale = product.sale ?? null;
  const features = await shopFeatures(db, contentVersion, shopId);
  const [brandSale, profitBanners, couponTags] = await Promise.all([
    sale && features[Feature.Recommendations]
      ? readBrandSale(db, contentVersion, shopId, sale.activityNo)
      : null,
    // The distributor's banner (proDetailBanner) explains how sharing earns.
    input.isDistributor && features[Feature.KeeperBanner]
      ? listBanners(db, shopId, 'proDetailBanner')
      : [],
    // 领券: the coupon centre's coupons that apply to this product. Read with no shopper (this
    // page is shared by every signed-in shopper of a kind, decision 015); the sheet
    // (coupons/ui/CouponRow.astro) asks for the shopper's buttons when it opens.
    features[Feature.ProductCoupons]
      ? productCouponTags(db, {
          shopId,
          scopeLine: {
            brandId: product.brand.id,
            activityNo: sale?.activityNo ?? null,
            productNo: product.productNo,
            goodsCents: 0,
          },
        })
      : [],
  ]);
  const recommended = (brandSale?.products ?? [])
    .filter((p) => p.productNo !== productNo)
    .slice(0, 6);
  return { product, sale, recommended, profitBanners, couponTags };
}

export type ProductPage = NonNullable<Awaited<ReturnType<typeof readProductPage>>>;
