/**
 * 申请售后's one read: what the line may ask for now (the kind and the amount), or why it cannot
 * (the server's words, with the line's after-sale when it has one already). Null when the order
 * or the line is none of this shopper's.
 */
import { Errors } from '#lib/errors.ts';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { listOrderAfterSales, readAfterSaleOffer } from '../after-sales.server.ts';

const ORDER_NO = /^[A-Z0-9]{6,40}$/;
const REFUSALS = [
  Errors.AFTER_SALE_NOT_ALLOWED,
  Errors.AFTER_SALE_OPEN,
  Errors.RETURN_WINDOW_CLOSED,
];

export async function readAfterSaleApplyPage(
  db: DbOrTx,
  input: { shopId: string; userId: number; orderNo: string; lineId: number | null },
) {
  const { lineId } = input;
  const scope = { shopId: input.shopId, userId: input.userId, orderNo: input.orderNo };
  if (!ORDER_NO.test(scope.orderNo) || lineId === null) return null;
  try {
    return { offer: await readAfterSaleOffer(db, { ...scope, lineId }), refused: null };
  } catch (error) {
    const code = (error as { code?: number }).code;
    const known = REFUSALS.find((e) => e.code === code);
    if (!known) {
      if (code === Errors.ORDER_NOT_FOUND.code) return null;
      throw error;
    }
    // A line that has an after-sale already leads to it.
    const existing = (await listOrderAfterSales(db, scope)).find((a) => a.lineId === lineId);
    return { offer: null, refused: known.message, existing };
  }
}
