/** The shopper's cart, one per user and shop, on the server. */
import { and, asc, desc, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import { appError } from '#lib/platform/errors.ts';
import { MAX_PIECES_PER_SKU } from './limits.ts';
import { Errors } from '#lib/errors.ts';
import { saleState } from '#lib/catalog/index.ts';
import { isActiveKeeper } from '#lib/attribution/index.server.ts';
import { priceOf, skuPriceColumns } from '#lib/catalog/index.server.ts';
import { asNpieceRule } from '#lib/catalog/index.ts';
import { ProductStatus, SaleStatus } from '#lib/catalog/index.ts';
import { imageUrl } from '#lib/media/index.ts';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import {
  activities,
  cartItems,
  productImages,
  products,
  shops,
  skus,
} from '#lib/platform/db/schema.ts';
import { buildCartView, selectedLines, type CartRow, type CartView } from './cart-view.ts';

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
  const sku = await buyableSku(db, input.shopId, input.skuNo, input.now ?? new Date());
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

/**
 * The SKU of a product on sale in this shop at `now`, with its stock; refuses (the cart's
 * errors) a SKU of a product withdrawn, of another shop, or of a sale withdrawn or not running.
 */
async function buyableSku(
  db: DbOrTx,
  shopId: string,
  skuNo: string,
  now: Date,
): Promise<{ id: number; stock: number }> {
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
    .where(and(eq(skus.skuNo, skuNo), eq(products.shopId, shopId)))
    .limit(1);
  if (
    !sku ||
    sku.productStatus !== ProductStatus.Published ||
    // A sale hidden by the manager (hideProduct) or withdrawn: not for sale.
    (sku.activityStatus !== null && sku.activityStatus !== SaleStatus.Published)
  ) {
    throw appError(Errors.PRODUCT_GONE);
  }
  if (sku.startAt && sku.endAt) {
    const state = saleState({ startAt: sku.startAt, endAt: sku.endAt }, now);
    if (state === 'upcoming') throw appError(Errors.SALE_NOT_STARTED);
    if (state === 'ended') throw appError(Errors.SALE_ENDED);
  }
  return { id: sku.id, stock: sku.stock };
}

async function shopDistributor(db: DbOrTx, shopId: string, userId: number): Promise<number | null> {
  return (await isActiveKeeper(db, shopId, userId)) ? userId : null;
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

/** The product's cover: its first main picture. */
const coverUrl = sql<string | null>`(
  select ${productImages.url} from ${productImages}
  where ${productImages.productId} = ${products.id} and ${productImages.kind} = 'main'
  order by ${productImages.sort}, ${productImages.id} limit 1)`;

/**
 * The cart page's read model (cart-view.ts): the user's lines in the shop, newest first, priced
 * now, grouped by sale, the ones no longer for sale apart, the selected lines' totals.
 */
export async function readCart(
  db: DbOrTx,
  shopId: string,
  userId: number,
  now = new Date(),
): Promise<CartView> {
  const rows = await db
    .select({
      skuNo: skus.skuNo,
      productNo: products.productNo,
      name: products.name,
      color: skus.color,
      size: skus.size,
      skuImage: skus.imageUrl,
      cover: coverUrl,
      quantity: cartItems.quantity,
      stock: skus.stock,
      selected: cartItems.selected,
      productStatus: products.status,
      activityNo: activities.activityNo,
      title: activities.title,
      rule: activities.rule,
      startAt: activities.startAt,
      endAt: activities.endAt,
      activityStatus: activities.status,
      ...skuPriceColumns,
    })
    .from(cartItems)
    .innerJoin(skus, eq(skus.id, cartItems.skuId))
    .innerJoin(products, eq(products.id, skus.productId))
    .innerJoin(shops, eq(shops.id, products.shopId))
    .leftJoin(activities, eq(activities.id, products.activityId))
    .where(and(eq(cartItems.shopId, shopId), eq(cartItems.userId, userId)))
    .orderBy(desc(cartItems.id));
  const cartRows = rows.map((row): CartRow => {
    const picture = row.skuImage ?? row.cover;
    return {
      skuNo: row.skuNo,
      productNo: row.productNo,
      name: row.name,
      color: row.color,
      size: row.size,
      imageUrl: picture ? imageUrl(picture, 400) : null,
      ...priceOf(row),
      quantity: row.quantity,
      stock: row.stock,
      selected: row.selected,
      productPublished: row.productStatus === ProductStatus.Published,
      sale:
        row.activityNo !== null && row.startAt && row.endAt
          ? {
              activityNo: row.activityNo,
              title: row.title ?? '',
              rule: asNpieceRule(row.rule),
              startAt: row.startAt,
              endAt: row.endAt,
              published: row.activityStatus === SaleStatus.Published,
            }
          : null,
    };
  });
  return buildCartView(cartRows, now);
}

const ownLines = (shopId: string, userId: number) =>
  and(eq(cartItems.shopId, shopId), eq(cartItems.userId, userId))!;

export interface SetCartQuantity {
  shopId: string;
  userId: number;
  skuNo: string;
  quantity: number;
  now?: Date;
}

/**
 * The stepper: the user's line of this SKU holds exactly `quantity` pieces, in one conditional
 * statement (never above the SKU's stock or 99). Answers the cart's new read model.
 */
export async function setCartQuantity(db: DbOrTx, input: SetCartQuantity): Promise<CartView> {
  const now = input.now ?? new Date();
  if (input.quantity > MAX_PIECES_PER_SKU) throw appError(Errors.CART_LIMIT);
  const sku = await buyableSku(db, input.shopId, input.skuNo, now);
  const [line] = await db
    .update(cartItems)
    .set({ quantity: input.quantity })
    .from(skus)
    .where(
      and(
        ownLines(input.shopId, input.userId),
        eq(cartItems.skuId, sku.id),
        eq(skus.id, cartItems.skuId),
        gte(skus.stock, input.quantity),
      ),
    )
    .returning({ quantity: cartItems.quantity });
  if (!line) {
    const [held] = await db
      .select({ id: cartItems.id })
      .from(cartItems)
      .where(and(ownLines(input.shopId, input.userId), eq(cartItems.skuId, sku.id)));
    throw appError(held ? Errors.OUT_OF_STOCK : Errors.CART_LINE_GONE);
  }
  return readCart(db, input.shopId, input.userId, now);
}

/** Which of the user's lines a command concerns: the SKUs named, one sale's, or all. */
export type CartTarget = { skuNos: readonly string[] } | { activityNo: string } | { all: true };

function targetLines(db: DbOrTx, target: CartTarget): SQL | undefined {
  if ('all' in target) return undefined;
  if ('skuNos' in target) {
    return inArray(
      cartItems.skuId,
      db
        .select({ id: skus.id })
        .from(skus)
        .where(inArray(skus.skuNo, [...target.skuNos])),
    );
  }
  return inArray(
    cartItems.skuId,
    db
      .select({ id: skus.id })
      .from(skus)
      .innerJoin(products, eq(products.id, skus.productId))
      .innerJoin(activities, eq(activities.id, products.activityId))
      .where(eq(activities.activityNo, target.activityNo)),
  );
}

/**
 * Selects or unselects the user's lines (the `selected` column: what 去结算 takes, kept per shop
 * on the server). Lines no longer for sale stay out of the totals whatever their column says.
 */
export async function selectCartLines(
  db: DbOrTx,
  input: { shopId: string; userId: number; selected: boolean; target: CartTarget; now?: Date },
): Promise<CartView> {
  await db
    .update(cartItems)
    .set({ selected: input.selected })
    .where(and(ownLines(input.shopId, input.userId), targetLines(db, input.target)));
  return readCart(db, input.shopId, input.userId, input.now);
}

/**
 * Removes the user's lines of these SKUs (no one else's), in one statement; answers how many.
 * Also for placing an order, inside its transaction: the bought lines leave the cart.
 */
export async function removeCartLines(
  db: DbOrTx,
  input: { shopId: string; userId: number; skuNos: readonly string[] },
): Promise<number> {
  if (input.skuNos.length === 0) return 0;
  const removed = await db
    .delete(cartItems)
    .where(and(ownLines(input.shopId, input.userId), targetLines(db, { skuNos: input.skuNos })))
    .returning({ id: cartItems.id });
  return removed.length;
}

/** Deletes the user's lines of these SKUs (others' carts untouched); answers the new read model. */
export async function deleteCartLines(
  db: DbOrTx,
  input: { shopId: string; userId: number; skuNos: readonly string[]; now?: Date },
): Promise<CartView> {
  await removeCartLines(db, input);
  return readCart(db, input.shopId, input.userId, input.now);
}

/**
 * What 去结算 takes to confirmationOrder (?from=cart): the user's selected lines that can be
 * bought now, newest first, as SKU numbers and quantities. The order prices them itself.
 */
export async function selectedCartSkus(
  db: DbOrTx,
  shopId: string,
  userId: number,
  now = new Date(),
): Promise<{ skuNo: string; quantity: number }[]> {
  return selectedLines(await readCart(db, shopId, userId, now)).map(({ skuNo, quantity }) => ({
    skuNo,
    quantity,
  }));
}
