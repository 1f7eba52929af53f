/** The stock of a SKU: taken by the command that places an order, never below zero. */
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Tx } from '#lib/platform/db/client.server.ts';
import { skus } from '#lib/platform/db/schema.ts';

function assertPieces(quantity: number): void {
  // A zero or negative quantity would "take" nothing or give stock back: a caller's bug.
  if (!Number.isInteger(quantity) || quantity < 1) {
    throw new RangeError(`A quantity of pieces must be a positive integer, not ${quantity}`);
  }
}

/**
 * Takes `quantity` pieces of a SKU's stock if that many are left, in one conditional UPDATE, so
 * concurrent buyers can never take more than there is. Returns whether they were taken.
 */
export async function takeStock(tx: Tx, skuId: number, quantity: number): Promise<boolean> {
  assertPieces(quantity);
  const taken = await tx
    .update(skus)
    .set({ stock: sql`${skus.stock} - ${quantity}` })
    .where(and(eq(skus.id, skuId), gte(skus.stock, quantity)))
    .returning({ id: skus.id });
  return taken.length > 0;
}
