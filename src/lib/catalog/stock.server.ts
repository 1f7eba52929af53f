/**
 * Stock coming back to the catalog (its skus table): the goods of a cancelled order, of a line
 * refunded before shipping, or returned by the shopper. Taking stock is platform's `takeStock`.
 */
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '#lib/platform/db/client.server.ts';
import { skus } from '#lib/platform/db/schema.ts';

/** Puts `quantity` pieces of a SKU back on hand, in the caller's transaction. */
export async function returnStock(tx: Tx, skuId: number, quantity: number): Promise<void> {
  // Zero or fewer pieces would take stock instead: a caller's bug.
  if (!Number.isInteger(quantity) || quantity < 1) {
    throw new RangeError(`A quantity of pieces must be a positive integer, not ${quantity}`);
  }
  await tx
    .update(skus)
    .set({ stock: sql`${skus.stock} + ${quantity}` })
    .where(eq(skus.id, skuId));
}
