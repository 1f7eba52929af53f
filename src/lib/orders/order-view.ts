/**
 * How an order reads (isomorphic, no I/O): its status text, the order list's tabs, the actions its
 * state allows (from the transition table), the timeline's texts and the buyer as a distributor
 * sees them.
 */
import type { DistributorOrderDetail, OrderAction, OrderAddress, OrderTab } from './contracts.ts';
import { shopDateParts } from '#lib/platform/time.ts';
import {
  OrderStatus,
  RefundStatus as RefundStatusValue,
  canApplyForRefund,
  orderTransitions,
  type RefundStatus,
} from './status.ts';

/** What the shopper reads for each status. */
export const ORDER_STATUS_TEXT: Record<OrderStatus, string> = {
  [OrderStatus.AwaitingPayment]: '待付款',
  [OrderStatus.Paid]: '待发货',
  [OrderStatus.Shipped]: '待收货',
  [OrderStatus.Completed]: '已完成',
  [OrderStatus.Cancelled]: '已取消',
};

export function orderStatusText(status: number): string {
  return ORDER_STATUS_TEXT[status as OrderStatus] ?? '处理中';
}

/** The status as the distributor reads it: the shop has shipped (已发货) what the buyer awaits. */
export function distributorStatusText(status: number): string {
  return status === OrderStatus.Shipped ? '已发货' : orderStatusText(status);
}

/** The order list's tabs, in the order they are shown. */
export const ORDER_TAB_LABELS: Record<OrderTab, string> = {
  all: '全部',
  unpaid: '待付款',
  unshipped: '待发货',
  shipped: '待收货',
  done: '已完成',
  refund: '售后',
};

/**
 * Which orders a tab holds: the statuses, `refund` (a line whose refund status is set) or every
 * order (null).
 */
export function tabFilter(tab: OrderTab): readonly OrderStatus[] | 'refund' | null {
  switch (tab) {
    case 'all':
      return null;
    case 'unpaid':
      return [OrderStatus.AwaitingPayment];
    case 'unshipped':
      return [OrderStatus.Paid];
    case 'shipped':
      return [OrderStatus.Shipped];
    case 'done':
      return [OrderStatus.Completed];
    case 'refund':
      return 'refund';
  }
}

const TAB_BY_STATUS: Record<string, OrderTab> = {
  [OrderStatus.AwaitingPayment]: 'unpaid',
  [OrderStatus.Paid]: 'unshipped',
  [OrderStatus.Shipped]: 'shipped',
  [OrderStatus.Completed]: 'done',
  refund: 'refund',
};

/**
 * The tab a page link selects: `tab=` by name, or `status=` as the my page links it
 * (10 | 20 | 30 | 40 | refund); anything else is 全部.
 */
export function tabFromQuery(query: {
  tab?: string | undefined;
  status?: string | undefined;
}): OrderTab {
  const named = Object.keys(ORDER_TAB_LABELS).find((t) => t === query.tab) as OrderTab | undefined;
  if (named) return named;
  return (query.status !== undefined && TAB_BY_STATUS[query.status]) || 'all';
}

export interface ActionInput {
  status: number;
  payDeadline: Date;
  /** The lines' refund statuses. */
  lines: readonly { refundStatus: number | null }[];
}

/** Whether a line of an order in `status` may be put under refund review (申请退款). */
export function lineCanRefund(status: number, refundStatus: number | null): boolean {
  // Paid and not yet shipped: the next step is shipping.
  return (
    orderTransitions.statuses.includes(status as OrderStatus) &&
    orderTransitions.canTransition(status as OrderStatus, OrderStatus.Shipped) &&
    canApplyForRefund(refundStatus as RefundStatus | null)
  );
}

/**
 * What the shopper may do with an order now, in the order the buttons read:
 * 10 pay, cancel, changeAddress (until the pay deadline passes; then only cancel);
 * 20 changeAddress (while picking), refund (a line that may still be refunded);
 * 30 logistics, confirmReceipt; 40 logistics, hide; 50 hide.
 */
export function orderActions(order: ActionInput, now: Date): OrderAction[] {
  const status = order.status as OrderStatus;
  if (!orderTransitions.statuses.includes(status)) return [];
  const can = (to: OrderStatus) => orderTransitions.canTransition(status, to);
  const actions: OrderAction[] = [];
  const unpaid = can(OrderStatus.Paid);
  const open = !unpaid || order.payDeadline.getTime() > now.getTime();
  if (unpaid && open) actions.push('pay');
  // Only an unpaid order is cancelled whole; a paid one through its lines' refunds.
  if (unpaid && can(OrderStatus.Cancelled)) actions.push('cancel');
  // Not yet shipped: the parcel can still go elsewhere.
  if ((unpaid || can(OrderStatus.Shipped)) && open) actions.push('changeAddress');
  if (can(OrderStatus.Shipped) && order.lines.some((l) => lineCanRefund(status, l.refundStatus)))
    actions.push('refund');
  const shipped = status === OrderStatus.Shipped || status === OrderStatus.Completed;
  if (shipped) actions.push('logistics');
  if (can(OrderStatus.Completed)) actions.push('confirmReceipt');
  // A finished order (nothing can happen to it any more) may be removed from the list.
  if (orderTransitions.isTerminal(status)) actions.push('hide');
  return actions;
}

export interface EventInput {
  kind: string;
  actor: string;
  note: string;
}

/** The timeline's text for an order event. */
export function eventText(event: EventInput): string {
  const note = event.note.trim();
  const withNote = (text: string) => (note ? `${text}：${note}` : text);
  switch (event.kind) {
    case 'created':
      return '订单已提交';
    case 'cancelled':
      if (event.actor === 'shopper') return withNote('您取消了订单');
      if (event.actor === 'timer') return '超时未支付，订单已自动取消';
      if (event.actor === 'shop') return withNote('商家取消了订单');
      return withNote('订单已取消');
    case 'paid':
      return '支付成功，等待商家发货';
    case 'shipped':
      return withNote('商家已发货');
    case 'completed':
      if (event.actor === 'shopper') return '您已确认收货';
      if (event.actor === 'timer') return '系统自动确认收货';
      return '订单已完成';
    case 'signed':
      return '快件已签收';
    case 'address_changed':
      return '收货地址已修改';
    case 'refund_applied':
      return withNote('已申请退款');
    case 'hidden':
      return '订单已删除';
    default:
      return withNote('订单已更新');
  }
}

/** A phone as 138****0001. */
export function maskPhone(phone: string): string {
  return phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : '****';
}

/** The buyer as their distributor sees them: the nickname's first character and **, else the masked phone. */
export function maskBuyer(buyer: { nickname: string | null; phone: string | null }): string {
  const first = [...(buyer.nickname ?? '').trim()][0];
  if (first) return `${first}**`;
  return buyer.phone ? maskPhone(buyer.phone) : '匿名用户';
}

/**
 * Where a promotion order goes, as its reader may see it: the one who ships it (the shop's owner,
 * as shipOrder checks) needs the receiver, phone, street and the buyer's remark to write the
 * waybill; a shop keeper reading an order they promoted sees the region only.
 */
export function deliveryView(
  order: { address: OrderAddress; remark: string },
  reader: { ships: boolean },
): Pick<DistributorOrderDetail, 'address' | 'delivery'> {
  const { name, phone, province, city, district, detail } = order.address;
  return {
    address: { province, city, district },
    delivery: reader.ships ? { name, phone, detail, remark: order.remark } : null,
  };
}

/** Why a shopper cancels an order or asks a line's refund (取消订单). */
export const CANCEL_REASONS = [
  '我不想买了',
  '信息填写错误，重新拍',
  '商品降价',
  '其他原因',
] as const;

/** A line's refund as the shopper reads it; nothing without one. */
export function refundStatusText(refundStatus: number | null): string | null {
  if (refundStatus === RefundStatusValue.UnderReview) return '退款审核中';
  if (refundStatus === RefundStatusValue.Failed) return '退款失败';
  if (refundStatus === RefundStatusValue.Approved) return '已退款';
  return null;
}

const orderTimeParts = /* @__PURE__ */ shopDateParts('zh-CN', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** "2026-11-23 14:05:09": an order's time in the shop's zone. */
export function orderTime(at: string | Date): string {
  const parts = Object.fromEntries(orderTimeParts(new Date(at)).map((p) => [p.type, p.value]));
  return `${parts['year']}-${parts['month']}-${parts['day']} ${parts['hour']}:${parts['minute']}:${parts['second']}`;
}
