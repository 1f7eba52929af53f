/** What im-index offers to send as cards: the product the shopper came from, their recent orders. */
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { orderLines, orders } from '#lib/platform/db/schema.ts';
import { productCardsByNo } from '#lib/catalog/index.server.ts';
import { orderStatusText } from '#lib/orders/index.ts';

/** Orders the picker lists, newest first. */
export const RECENT_ORDERS = 10;

export interface ProductChoice {
  productNo: string;
  name: string;
  imageUrl: string | null;
  priceCents: number;
}

export interface OrderChoice {
  orderNo: string;
  statusText: string;
  payCents: number;
  imageUrl: string | null;
  /** The first line's product, "等N件" when there are more. */
  title: string;
}

/** The shop's published product by number, priced, or null. */
export async function productChoice(
  db: DbOrTx,
  shopId: string,
  productNo: string | null,
): Promise<ProductChoice | null> {
  if (!productNo || !/^[A-Za-z0-9-]{1,40}$/.test(productNo)) return null;
  const [card] = await productCardsByNo(db, shopId, [productNo]);
  return card
    ? {
        productNo: card.productNo,
        name: card.name,
        imageUrl: card.imageUrl,
        priceCents: card.priceCents,
      }
    : null;
}

/** The shopper's latest orders in the shop (not removed from their list). */
export async function recentOrderChoices(
  db: DbOrTx,
  shopId: string,
  userId: number,
): Promise<OrderChoice[]> {
  const rows = await db
    .select({
      id: orders.id,
      orderNo: orders.orderNo,
      status: orders.status,
      payCents: orders.payCents,
    })
    .from(orders)
    .where(
      and(eq(orders.userId, userId), eq(orders.shopId, shopId), eq(orders.hiddenByUser, false)),
    )
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(RECENT_ORDERS);
  if (rows.length === 0) return [];
  const lines = await db
    .select({
      orderId: orderLines.orderId,
      productName: orderLines.productName,
      imageUrl: orderLines.imageUrl,
    })
    .from(orderLines)
    .where(
      inArray(
        orderLines.orderId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(orderLines.id));
  return rows.map((row) => {
    const own = lines.filter((line) => line.orderId === row.id);
    const first = own[0];
    return {
      orderNo: row.orderNo,
      statusText: orderStatusText(row.status),
      payCents: row.payCents,
      imageUrl: first?.imageUrl ?? null,
      title: first
        ? `${first.productName}${own.length > 1 ? ` 等${own.length}件` : ''}`
        : `订单 ${row.orderNo}`,
    };
  });
}
