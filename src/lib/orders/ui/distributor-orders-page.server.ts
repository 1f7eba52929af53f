/**
 * 推广订单's read: the orders by tab or by search; for the owner, the whole shop on request and
 * the after-sales waiting for review; the count behind the unpaid guide.
 */
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { Errors } from '#lib/errors.ts';
import { isShopOwner } from '#lib/shop/index.server.ts';
import { waitingAuditCount } from '#lib/after-sales/index.server.ts';
import { ORDER_PAGE_SIZE, type OrderTab } from '../contracts.ts';
import { listDistributorOrders, searchDistributorOrders } from '../queries.server.ts';

export async function readDistributorOrdersPage(
  db: DbOrTx,
  input: {
    shopId: string;
    userId: number;
    tab: OrderTab;
    keyword: string;
    page: number;
    scope: 'mine' | 'shop';
  },
) {
  const isOwner = await isShopOwner(db, input.shopId, input.userId);
  // Only the owner sees the whole shop; anyone else asking for it gets their own orders.
  const shopWide = isOwner && input.scope === 'shop';
  const scope = {
    distributorId: input.userId,
    shopId: input.shopId,
    pageNum: input.page,
    pageSize: ORDER_PAGE_SIZE,
    shopWide,
  };
  const result = input.keyword
    ? await searchDistributorOrders(db, { ...scope, keyword: input.keyword })
    : await listDistributorOrders(db, { ...scope, tab: input.tab });
  // The unpaid guide (shell §4) points at 待付款 only while some wait for payment: the keeper's
  // own promotion orders only, since others' unpaid orders are not theirs to chase.
  const unpaid =
    input.tab === 'unpaid' && !input.keyword && !shopWide
      ? result.total
      : (
          await listDistributorOrders(db, {
            ...scope,
            shopWide: false,
            pageNum: 1,
            pageSize: 1,
            tab: 'unpaid',
          })
        ).total;
  // The owner's after-sales waiting for review; null for a keeper who does not own the shop.
  const waitingAudits = await waitingAuditCount(db, {
    shopId: input.shopId,
    ownerId: input.userId,
  }).catch((error: unknown) => {
    if ((error as { code?: number }).code === Errors.NOT_SHOP_AFTER_SALE.code) return null;
    throw error;
  });
  return { result, isOwner, shopWide, unpaid, waitingAudits };
}
