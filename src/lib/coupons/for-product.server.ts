/**
 * Coupons for a product: the coupon centre's coupons that apply to it, with the caller's button
 * (the product page's 领券 sheet, queryCouponListByUserProduct), and the caller's own coupons
 * usable now in the shop, on one product or any (selectUserTicketlist).
 */
import { and, asc, eq, gt, lte } from 'drizzle-orm';
import { appError } from '#lib/platform/errors.ts';
import { Errors } from '#lib/errors.ts';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { activities, products, userCoupons } from '#lib/platform/db/schema.ts';
import { productPublished } from '#lib/catalog/index.server.ts';
import { couponCondition, couponFace, couponScopeText, inScope, type ScopeLine } from './rules.ts';
import { UserCouponStatus } from './status.ts';
import { centerCoupons } from './center.server.ts';
import type { CenterCoupon, MyCoupon } from './contracts.ts';
import { MY_COUPON_LIMIT } from './mine.server.ts';
import { PRODUCT_COUPON_PAGE_MAX } from './rules.ts';

/** One page of the centre's coupons for a product. */
export interface ProductCouponsPage {
  list: CenterCoupon[];
  total: number;
  pageNum: number;
  pageSize: number;
}

/**
 * A published product of the shop as a coupon's scope sees it (its brand, its sale, itself);
 * 40401 商品不存在或已下架 otherwise.
 */
export async function productScopeLine(
  db: DbOrTx,
  input: { shopId: string; productNo: string },
): Promise<ScopeLine> {
  const [row] = await db
    .select({ brandId: products.brandId, activityNo: activities.activityNo })
    .from(products)
    .leftJoin(activities, eq(activities.id, products.activityId))
    .where(and(productPublished(input.shopId), eq(products.productNo, input.productNo)))
    .limit(1);
  if (!row) throw appError(Errors.PRODUCT_GONE);
  return { ...row, productNo: input.productNo, goodsCents: 0 };
}

/** The coupon centre's coupons on offer that apply to the product, for the caller (null: none). */
export async function productCoupons(
  db: DbOrTx,
  input: {
    shopId: string;
    productNo: string;
    userId: number | null;
    pageNum?: number;
    pageSize?: number;
    now?: Date;
  },
): Promise<ProductCouponsPage> {
  const scopeLine = await productScopeLine(db, input);
  const all = await centerCoupons(db, {
    shopId: input.shopId,
    userId: input.userId,
    scopeLine,
    ...(input.now ? { now: input.now } : {}),
  });
  const pageNum = input.pageNum ?? 1;
  const pageSize = input.pageSize ?? PRODUCT_COUPON_PAGE_MAX;
  const start = (pageNum - 1) * pageSize;
  return { list: all.slice(start, start + pageSize), total: all.length, pageNum, pageSize };
}

/** How many coupons the product page's 领券 row names. */
export const PRODUCT_COUPON_TAGS = 3;

/**
 * What the product page's 领券 row names: the conditions (满199减20 …) of the centre's coupons
 * on offer for the product, those still left first; none when no coupon applies (no row). Read
 * for no shopper: the page is shared (decision 015).
 */
export async function productCouponTags(
  db: DbOrTx,
  input: { shopId: string; scopeLine: ScopeLine; now?: Date },
): Promise<string[]> {
  const offered = await centerCoupons(db, { ...input, userId: null });
  const left = (c: CenterCoupon) => Number(c.state === 'soldOut');
  return [...new Set(offered.sort((a, b) => left(a) - left(b)).map((c) => c.condition))].slice(
    0,
    PRODUCT_COUPON_TAGS,
  );
}

/**
 * The caller's coupons in the shop usable now — unused, within their validity — and, for a
 * product, applying to it; the soonest to expire first, at most MY_COUPON_LIMIT.
 */
export async function usableCoupons(
  db: DbOrTx,
  input: { shopId: string; userId: number; productNo?: string | undefined; now?: Date },
): Promise<MyCoupon[]> {
  const now = input.now ?? new Date();
  const scopeLine =
    input.productNo === undefined
      ? null
      : await productScopeLine(db, { shopId: input.shopId, productNo: input.productNo });
  const rows = await db
    .select()
    .from(userCoupons)
    .where(
      and(
        eq(userCoupons.userId, input.userId),
        eq(userCoupons.shopId, input.shopId),
        eq(userCoupons.status, UserCouponStatus.Unused),
        lte(userCoupons.validFrom, now),
        gt(userCoupons.validTo, now),
      ),
    )
    .orderBy(asc(userCoupons.validTo), asc(userCoupons.id));
  return rows
    .filter((row) => scopeLine === null || inScope(row.rules, scopeLine))
    .slice(0, MY_COUPON_LIMIT)
    .map((row) => ({
      userCouponId: row.id,
      name: row.rules.name,
      description: row.rules.description,
      face: couponFace(row.rules),
      condition: couponCondition(row.rules),
      scopeText: couponScopeText(row.rules),
      validFrom: row.validFrom.toISOString(),
      validTo: row.validTo.toISOString(),
    }));
}
