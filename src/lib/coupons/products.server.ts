/**
 * The products a coupon applies to (可用商品, discountCoupon/queryPage and the coupon
 * recommendation): the shop's products on sale now within the coupon's scope — the whole shop, a
 * brand, a sale or one product — read through the catalogue's one product-card query, so they
 * show the same picture, price and stock as every other list. The SQL form of the scope is
 * `scopeWhere`, tested against the pure `inScope` the checkout weighs coupons with.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { appError } from '#lib/platform/errors.ts';
import { Errors } from '#lib/errors.ts';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { activities, coupons, products, userCoupons } from '#lib/platform/db/schema.ts';
import {
  CardOrder,
  countProducts,
  productSortKey,
  readProductCards,
  type ProductCard,
} from '#lib/catalog/index.server.ts';
import { productSaleOpenAt } from '#lib/catalog/index.server.ts';
import { couponCondition, couponFace, couponScopeText, type CouponRules } from './rules.ts';
import { rulesOf } from './draw.server.ts';
import { COUPON_RECOMMEND_LIMIT, type RecommendType } from './calls.ts';

/** A coupon as the top of 可用商品 shows it. */
export interface CouponOffer {
  /** The template's id. */
  couponId: number;
  /** The shopper's own coupon, when the page is opened from 我的优惠券. */
  userCouponId: number | null;
  name: string;
  description: string;
  face: string;
  condition: string;
  scopeText: string;
  /** A held coupon's validity; null for a template (its validity starts when claimed). */
  validFrom: string | null;
  validTo: string | null;
}

/** One page of the products a coupon applies to. */
export interface CouponProductsPage {
  coupon: CouponOffer;
  list: ProductCard[];
  total: number;
  pageNum: number;
  pageSize: number;
}

function offerOf(
  rules: CouponRules,
  ids: { couponId: number; userCouponId: number | null },
  validity: { validFrom: Date; validTo: Date } | null,
): CouponOffer {
  return {
    ...ids,
    name: rules.name,
    description: rules.description,
    face: couponFace(rules),
    condition: couponCondition(rules),
    scopeText: couponScopeText(rules),
    validFrom: validity?.validFrom.toISOString() ?? null,
    validTo: validity?.validTo.toISOString() ?? null,
  };
}

/** A coupon template of the shop, whatever its state; 40415 when the shop has no such coupon. */
export async function templateOffer(
  db: DbOrTx,
  input: { shopId: string; couponId: number },
): Promise<{ offer: CouponOffer; rules: CouponRules }> {
  const [template] = await db
    .select()
    .from(coupons)
    .where(and(eq(coupons.id, input.couponId), eq(coupons.shopId, input.shopId)));
  if (!template) throw appError(Errors.COUPON_NOT_FOUND);
  const rules = rulesOf(template);
  return { offer: offerOf(rules, { couponId: template.id, userCouponId: null }, null), rules };
}

/**
 * A coupon the shopper holds in the shop, with the rules it was claimed with (a later edit of the
 * template does not change what it applies to); 40415 when it is not theirs.
 */
export async function heldOffer(
  db: DbOrTx,
  input: { shopId: string; userId: number; userCouponId: number },
): Promise<{ offer: CouponOffer; rules: CouponRules }> {
  const [held] = await db
    .select()
    .from(userCoupons)
    .where(
      and(
        eq(userCoupons.id, input.userCouponId),
        eq(userCoupons.userId, input.userId),
        eq(userCoupons.shopId, input.shopId),
      ),
    );
  if (!held) throw appError(Errors.COUPON_NOT_FOUND);
  return {
    offer: offerOf(held.rules, { couponId: held.couponId, userCouponId: held.id }, held),
    rules: held.rules,
  };
}

/** The products a coupon's scope covers, as SQL over products and their sale (inScope's twin). */
export function scopeWhere(rules: Pick<CouponRules, 'scope' | 'scopeRef'>): SQL | undefined {
  switch (rules.scope) {
    case 'shop':
      return undefined;
    case 'brand':
      return rules.scopeRef !== null && /^[1-9]\d{0,15}$/.test(rules.scopeRef)
        ? eq(products.brandId, Number(rules.scopeRef))
        : sql`false`;
    case 'activity':
      return rules.scopeRef === null ? sql`false` : eq(activities.activityNo, rules.scopeRef);
    case 'product':
      return rules.scopeRef === null ? sql`false` : eq(products.productNo, rules.scopeRef);
  }
}

/** The shop's products on sale now that the coupon applies to, in the shop's order, one page. */
export async function couponProducts(
  db: DbOrTx,
  input: { shopId: string; rules: CouponRules; pageNum: number; pageSize: number; now?: Date },
): Promise<{ list: ProductCard[]; total: number }> {
  const where = and(productSaleOpenAt(input.now ?? new Date()), scopeWhere(input.rules));
  const [list, total] = await Promise.all([
    readProductCards(db, input.shopId, where, {
      orderBy: CardOrder.shelf,
      limit: input.pageSize,
      offset: (input.pageNum - 1) * input.pageSize,
    }),
    countProducts(db, input.shopId, where),
  ]);
  return { list, total };
}

/**
 * A short list of the products on sale the coupon applies to: the best sellers (type 1), or the
 * cheapest first (type 2, to reach the threshold).
 */
export function couponRecommendation(
  db: DbOrTx,
  input: { shopId: string; rules: CouponRules; type: RecommendType; now?: Date },
): Promise<ProductCard[]> {
  const where = and(productSaleOpenAt(input.now ?? new Date()), scopeWhere(input.rules));
  const orderBy =
    input.type === '1'
      ? CardOrder.bestSelling
      : [productSortKey('price-asc'), ...CardOrder.bestSelling];
  return readProductCards(db, input.shopId, where, { orderBy, limit: COUPON_RECOMMEND_LIMIT });
}
