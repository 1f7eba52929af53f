/**
 * The view rules of 订单详情: the banner's words for each status, the times worth a row, which
 * amount the total is. The statuses and their texts are order-view.ts's; this file only places
 * them on the detail screen.
 */
import type { LinkTarget } from '#lib/platform/links.ts';
import type { OrderDetail } from '../contracts.ts';
import { orderTime } from '../order-view.ts';
import { OrderStatus, PAY_WINDOW_MS } from '../status.ts';

/** What a line offers besides itself: its after-sale's state and links (the after-sales area fills it). */
export interface LineExtra {
  refundText?: string | undefined;
  links: { to: LinkTarget; label: string; ariaLabel: string }[];
}

/** The 12-minute hint of an unpaid order. */
export const PAY_MINUTES = PAY_WINDOW_MS / 60_000;

const BANNER: Record<number, string> = {
  [OrderStatus.Paid]: '商家正在备货，请耐心等待',
  [OrderStatus.Shipped]: '商品已发出，请注意查收',
  [OrderStatus.Completed]: '交易完成，感谢您的购买',
  [OrderStatus.Cancelled]: '订单已取消',
};

/** The banner's line under the status (not for an unpaid order: it shows its countdown). */
export function bannerHint(order: OrderDetail): string | undefined {
  return order.status === OrderStatus.Cancelled && order.cancelReason
    ? `取消原因：${order.cancelReason}`
    : BANNER[order.status];
}

/** When a shipped order confirms itself, to the minute; null when it does not. */
export function autoCompleteText(order: OrderDetail): string | null {
  return order.status === OrderStatus.Shipped && order.autoCompleteAt
    ? orderTime(order.autoCompleteAt).slice(0, 16)
    : null;
}

/** The order's times that have happened, as 订单信息 rows. */
export function timeRows(order: OrderDetail): [label: string, at: string][] {
  const rows: [string, string | null][] = [
    ['下单时间', order.createdAt],
    ['支付时间', order.paidAt],
    ['发货时间', order.shippedAt],
    ['完成时间', order.completedAt],
    ['取消时间', order.cancelledAt],
  ];
  return rows.filter((r): r is [string, string] => r[1] !== null);
}

/** 应付 while nothing was paid (also once cancelled unpaid), else 实付 (also once refunded). */
export function totalLabel(order: Pick<OrderDetail, 'paidAt'>): string {
  return order.paidAt === null ? '应付' : '实付';
}

/** The footer's actions (申请退款 is per line, not in the footer). */
export function footerActions(order: OrderDetail): OrderDetail['actions'] {
  return order.actions.filter((a) => a !== 'refund');
}
