/**
 * 订单详情's one read: the shopper's order with, for each line, its newest after-sale and what
 * may be applied for now (申请退款 before shipping, 申请售后 after it). It lives here because it
 * joins the after-sales to the order; the order area reads the order.
 */
import { Errors } from '#lib/errors.ts';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import type { OrderDetail } from '#lib/orders/index.ts';
import { readOrderDetail } from '#lib/orders/index.server.ts';
import { orderInvoiceEntry } from '#lib/invoices/index.server.ts';
import type { LineExtra } from '#lib/orders/ui/detail.ts';
import { listOrderAfterSales } from '../after-sales.server.ts';
import { afterSaleKindFor } from '../after-sale-view.ts';
import type { AfterSaleView } from '../contracts.ts';

/** An order number as shoppers type or paste it; anything else is no order. */
const ORDER_NO = /^[A-Z0-9]{6,40}$/;

export interface OrderDetailPage {
  order: OrderDetail;
  lineExtras: Map<number, LineExtra>;
  /** 申请开票 or the invoice that stands, for a received order (invoices area). */
  invoice: Awaited<ReturnType<typeof orderInvoiceEntry>>;
}

/** The page's data, or null when the number names no order of this shopper. */
export async function readOrderDetailPage(
  db: DbOrTx,
  input: { shopId: string; userId: number; orderNo: string; now?: Date },
): Promise<OrderDetailPage | null> {
  const orderNo = input.orderNo.trim().toUpperCase();
  if (!ORDER_NO.test(orderNo)) return null;
  let order: OrderDetail;
  try {
    order = await readOrderDetail(db, { shopId: input.shopId, userId: input.userId, orderNo });
  } catch (error) {
    if ((error as { code?: number }).code === Errors.ORDER_NOT_FOUND.code) return null;
    throw error;
  }
  const afterSales = await listOrderAfterSales(db, {
    shopId: input.shopId,
    userId: input.userId,
    orderNo: order.orderNo,
  });
  const invoice = await orderInvoiceEntry(db, {
    shopId: input.shopId,
    userId: input.userId,
    orderNo: order.orderNo,
    status: order.status,
  });
  return { order, lineExtras: lineExtras(order, afterSales, input.now ?? new Date()), invoice };
}

function lineExtras(
  order: OrderDetail,
  afterSales: AfterSaleView[],
  now: Date,
): Map<number, LineExtra> {
  // Each line's newest after-sale (the list comes newest first).
  const newest = new Map<number, AfterSaleView>();
  for (const a of afterSales) if (!newest.has(a.lineId)) newest.set(a.lineId, a);
  const extras = new Map<number, LineExtra>();
  for (const line of order.lines) {
    const afterSale = newest.get(line.lineId);
    const kind = afterSaleKindFor(order, line.refundStatus, now);
    const links: LineExtra['links'] = [];
    if (afterSale)
      links.push({
        to: { name: 'afterSaleDetail', query: { afterSaleNo: afterSale.afterSaleNo } },
        label: '查看售后',
        ariaLabel: `查看售后：${line.productName}`,
      });
    if (kind) {
      const label = kind === 'refund' ? '申请退款' : '申请售后';
      links.push({
        to: { name: 'afterSale', query: { orderNo: order.orderNo, lineId: line.lineId } },
        label,
        ariaLabel: `${label}：${line.productName}`,
      });
    }
    extras.set(line.lineId, { refundText: afterSale?.statusText, links });
  }
  return extras;
}
