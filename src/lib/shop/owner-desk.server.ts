/**
 * The owner's desk on the my page (店铺管理): what waits for the shop's owner — paid orders to
 * ship, after-sales to review, withdrawals to review, invoices that failed or wait to be mailed — in one query. Null for anybody who does not
 * own the shop, so the page shows the group to the owner only.
 */
import { and, eq, ne, sql, type SQLWrapper } from 'drizzle-orm';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { afterSales, invoices, orders, shops, withdrawals } from '#lib/platform/db/schema.ts';
import { OrderStatus, RefundStatus } from '#lib/orders/index.ts';
import { WithdrawalStatus } from '#lib/distribution/index.ts';
import { InvoiceStatus } from '#lib/invoices/index.ts';
import { ShopStatus } from './status.ts';

export interface OwnerDesk {
  /** Paid orders of the shop waiting for 发货 (待发货), whoever shared them. */
  toShip: number;
  /** After-sales waiting for the owner's decision (as waitingAuditCount counts them). */
  afterSales: number;
  /** Withdrawals of the shop's other keepers waiting for review (the owner's own go to managers). */
  withdrawals: number;
  /** Invoices waiting for the owner: those the provider could not issue (手动开票), and paper ones
   * issued but not yet mailed (寄出). */
  invoicesToHandle: number;
}

export async function readOwnerDesk(
  db: DbOrTx,
  shopId: string,
  userId: number,
): Promise<OwnerDesk | null> {
  const count = (query: SQLWrapper) => sql<number>`(${query})`;
  const [row] = await db
    .select({
      toShip: count(
        db
          .select({ n: sql`count(*)::int` })
          .from(orders)
          .where(and(eq(orders.shopId, shopId), eq(orders.status, OrderStatus.Paid))),
      ),
      afterSales: count(
        db
          .select({ n: sql`count(*)::int` })
          .from(afterSales)
          .where(
            and(eq(afterSales.shopId, shopId), eq(afterSales.status, RefundStatus.UnderReview)),
          ),
      ),
      withdrawals: count(
        db
          .select({ n: sql`count(*)::int` })
          .from(withdrawals)
          .where(
            and(
              eq(withdrawals.shopId, shopId),
              ne(withdrawals.userId, userId),
              eq(withdrawals.status, WithdrawalStatus.Applied),
            ),
          ),
      ),
      invoicesToHandle: count(
        db
          .select({ n: sql`count(*)::int` })
          .from(invoices)
          .where(
            and(
              eq(invoices.shopId, shopId),
              sql`(${invoices.status} = ${InvoiceStatus.Failed} or (${invoices.status} = ${InvoiceStatus.Issued}
                and ${invoices.kind} = 'blue' and ${invoices.form} like 'paper-%' and ${invoices.mailedAt} is null))`,
            ),
          ),
      ),
    })
    .from(shops)
    .where(
      and(eq(shops.id, shopId), eq(shops.ownerUserId, userId), eq(shops.status, ShopStatus.Open)),
    );
  return row ?? null;
}
