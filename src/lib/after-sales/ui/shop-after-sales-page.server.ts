/**
 * 售后审核's one read: the shop's after-sales of the tab with the count waiting, and on
 * 运费险赔付 the freight insurance compensations. Null when the viewer does not own the shop.
 */
import { Errors } from '#lib/errors.ts';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { listShopClaims } from '#lib/insurance/index.server.ts';
import { listShopAfterSales } from '../after-sales.server.ts';

export const SHOP_AFTER_SALES_TABS = ['waiting', 'all', 'claims'] as const;
export type ShopAfterSalesTab = (typeof SHOP_AFTER_SALES_TABS)[number];

export async function readShopAfterSalesPage(
  db: DbOrTx,
  input: { shopId: string; ownerId: number; status: ShopAfterSalesTab },
) {
  const { shopId, ownerId, status } = input;
  try {
    const [result, claims] = await Promise.all([
      listShopAfterSales(db, {
        shopId,
        ownerId,
        status: status === 'claims' ? 'waiting' : status,
      }),
      status === 'claims'
        ? listShopClaims(db, { shopId, ownerId, pageNum: 1, pageSize: 50 })
        : null,
    ]);
    return { status, result, claims };
  } catch (error) {
    if ((error as { code?: number }).code === Errors.NOT_SHOP_AFTER_SALE.code) return null;
    throw error;
  }
}
