/** 售后详情's one read: the shopper's own after-sale, or null (another's is not found). */
import { Errors } from '#lib/errors.ts';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { readAfterSale } from '../after-sales.server.ts';
import type { AfterSaleView } from '../contracts.ts';

/** An after-sale number as shoppers type or paste it; anything else is no after-sale. */
const AFTER_SALE_NO = /^[A-Z0-9]{6,40}$/;

export async function readAfterSalePage(
  db: DbOrTx,
  input: { shopId: string; userId: number; afterSaleNo: string },
): Promise<AfterSaleView | null> {
  const afterSaleNo = input.afterSaleNo.trim().toUpperCase();
  if (!AFTER_SALE_NO.test(afterSaleNo)) return null;
  try {
    return await readAfterSale(db, { shopId: input.shopId, userId: input.userId, afterSaleNo });
  } catch (error) {
    if ((error as { code?: number }).code === Errors.AFTER_SALE_NOT_FOUND.code) return null;
    throw error;
  }
}
