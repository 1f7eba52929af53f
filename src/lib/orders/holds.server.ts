/**
 * What holds an order back: an after-sale under way (completion and commission settlement wait)
 * or a 仅退款 waiting (shipping waits). The orders area owns the rule; it reads the after-sales
 * and refunds tables, which their areas write.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { afterSales, refunds } from '#lib/platform/db/schema.ts';
import { RefundStatus } from './status.ts';
import { RefundState } from '#lib/payments/index.ts';

/**
 * Whether an order has an after-sale still under way: under review, or approved and not yet
 * refunded. Such an order does not complete (orders/commands and timers use it).
 */
export function openAfterSaleOf(orderId: AnyPgColumn): SQL {
  return sql`exists (select 1 from ${afterSales} where ${afterSales.orderId} = ${orderId} and (${afterSales.status} = ${RefundStatus.UnderReview} or (${afterSales.status} = ${RefundStatus.Approved} and not exists (select 1 from ${refunds} where ${refunds.afterSaleId} = ${afterSales.id} and ${refunds.status} = ${RefundState.Succeeded}))))`;
}

/** Whether an order has a 仅退款 under review: its goods must not be shipped until it is decided. */
export function refundUnderReviewOf(orderId: AnyPgColumn): SQL {
  return sql`exists (select 1 from ${afterSales} where ${afterSales.orderId} = ${orderId} and ${afterSales.kind} = 'refund' and ${afterSales.status} = ${RefundStatus.UnderReview})`;
}
