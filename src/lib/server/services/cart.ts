/** The shopper's cart. */
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { cartItems } from '../db/schema.ts';

/** cartSkuNum: how many pieces are in the user's cart in this shop. */
export async function countCartSkus(db: DbOrTx, shopId: string, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${cartItems.quantity}), 0)::int` })
    .from(cartItems)
    .where(and(eq(cartItems.shopId, shopId), eq(cartItems.userId, userId)));
  return row?.n ?? 0;
}
