/** The shopper's cart, one per user and shop, on the server. */
import { and, asc, eq, sql } from 'drizzle-orm';
import { appError } from '#lib/platform/errors.ts';
import { MAX_PIECES_PER_SKU } from './contracts.ts';
import { Errors } from '#lib/errors.ts';
import { saleState } from '#lib/catalog/sale.ts';
import { MemberRole } from '#lib/membership/roles.ts';
import { priceOf, skuPriceColumns } from '#lib/catalog/pricing.server.ts';
import { ProductStatus, SaleStatus } from '#lib/catalog/status.ts';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import {
  activities,
  cartItems,
  products,
  shopMembers,
  shops,
  skus,
} from '#lib/platform/db/schema.ts';

/** cartSkuNum: how many pieces are in the user's cart in this shop. */
export async function countCartSkus(db: DbOrTx, shopId: string, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${cartItems.quantity}), 0)::int` })
    .from(cartItems)
    .where(and(eq(cartItems.shopId, shopId), eq(cartItems.userId, userId)));
  return row?.n ?? 0;
}

export interface AddToCart {
  shopId: string;
  userId: number;
  skuNo: string;
  quantity: number;
  /** The distributor whose link the shopper came by, when they are one of this shop's. */
  distributorId?: number | undefined;
  now?: Date;
}

/**
 * Adds pieces of a SKU: only of a product on sale in this shop right now, never more than its
 * stock or 99 pieces in all. Returns the new cartSkuNum.
 */
export async function addToCart(db: DbOrTx, input: AddToCart): Promise<number> {
  const now = input.now ?? new Date();
  const [sku] = await db
    .select({
      id: skus.id,
      stock: skus.stock,
      productStatus: products.status,
      startAt: activities.startAt,
      endAt: activities.endAt,
      activityStatus: activities.status,
    })
    .from(skus)
    .innerJoin(products, eq(products.id, skus.productId))
    .leftJoin(activities, eq(activities.id, products.activityId))
    .where(and(eq(skus.skuNo, input.skuNo), eq(products.shopId, input.shopId)))
    .limit(1);
  if (
    !sku ||
    sku.productStatus !== ProductStatus.Published ||
    sku.activityStatus === SaleStatus.Withdrawn
  ) {
    throw appError(Errors.PRODUCT_GONE);
  }
  if (sku.startAt && sku.endAt) {
    const state = saleState({ startAt: sku.startAt, endAt: sku.endAt }, now);
    if (state === 'upcoming') throw appError(Errors.SALE_NOT_STARTED);
    if (state === 'ended') throw appError(Errors.SALE_ENDED);
  }

  const distributorId = input.distributorId
    ? await shopDistributor(db, input.shopId, input.distributorId)
    : null;
  const limit = Math.min(sku.stock, MAX_PIECES_PER_SKU);
  const tooMany = () =>
    sku.stock < MAX_PIECES_PER_SKU ? appError(Errors.OUT_OF_STOCK) : appError(Errors.CART_LIMIT);
  if (input.quantity > limit) throw tooMany();
  // One statement: the pieces already in the cart and the new ones are checked together.
  const [line] = await db
    .insert(cartItems)
    .values({
      shopId: input.shopId,
      userId: input.userId,
      skuId: sku.id,
      quantity: input.quantity,
      distributorId,
    })
    .onConflictDoUpdate({
      target: [cartItems.shopId, cartItems.userId, cartItems.skuId],
      set: { quantity: sql`${cartItems.quantity} + excluded.quantity`, selected: true },
      setWhere: sql`${cartItems.quantity} + excluded.quantity <= ${limit}`,
    })
    .returning({ quantity: cartItems.quantity });
  if (!line) throw tooMany();
  return countCartSkus(db, input.shopId, input.userId);
}

async function shopDistributor(db: DbOrTx, shopId: string, userId: number): Promise<number | null> {
  const [row] = await db
    .select({ userId: shopMembers.userId })
    .from(shopMembers)
    .where(
      and(
        eq(shopMembers.shopId, shopId),
        eq(shopMembers.userId, userId),
        eq(shopMembers.role, MemberRole.Distributor),
        eq(shopMembers.distributorDisable, false),
      ),
    )
    .limit(1);
  return row?.userId ?? null;
}

export interface CartLine {
  skuNo: string;
  quantity: number;
  /** What one piece costs now, priced by catalog/pricing.ts like every page shows it. */
  unitPriceCents: number;
}

/** The user's cart lines in this shop, each priced now (the cart keeps no prices). */
export async function listCartLines(
  db: DbOrTx,
  shopId: string,
  userId: number,
): Promise<CartLine[]> {
  const rows = await db
    .select({ skuNo: skus.skuNo, quantity: cartItems.quantity, ...skuPriceColumns })
    .from(cartItems)
    .innerJoin(skus, eq(skus.id, cartItems.skuId))
    .innerJoin(products, eq(products.id, skus.productId))
    .innerJoin(shops, eq(shops.id, products.shopId))
    .leftJoin(activities, eq(activities.id, products.activityId))
    .where(and(eq(cartItems.shopId, shopId), eq(cartItems.userId, userId)))
    .orderBy(asc(cartItems.id));
  return rows.map((row) => ({
    skuNo: row.skuNo,
    quantity: row.quantity,
    unitPriceCents: priceOf(row).priceCents,
  }));
}
