/** 物流详情's one read: the parcel of the shopper's shipped order, or null (not shipped, or none). */
import { Errors } from '#lib/errors.ts';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import type { LogisticsView } from '../contracts.ts';
import { readLogistics } from '../queries.server.ts';

const ORDER_NO = /^[A-Z0-9]{6,40}$/;

export async function readLogisticsPage(
  db: DbOrTx,
  input: { shopId: string; userId: number; orderNo: string },
): Promise<LogisticsView | null> {
  if (!ORDER_NO.test(input.orderNo)) return null;
  try {
    return await readLogistics(db, input);
  } catch (error) {
    if ((error as { code?: number }).code === Errors.ORDER_NOT_FOUND.code) return null;
    throw error;
  }
}
