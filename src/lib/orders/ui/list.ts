/** The view rules of the 订单 tab: what an empty tab says. */
import type { OrderTab } from '../contracts.ts';

export const EMPTY_TAB_TEXT: Record<OrderTab, string> = {
  all: '您还没有订单，去挑选心仪的商品吧',
  unpaid: '没有待付款的订单',
  unshipped: '没有待发货的订单',
  shipped: '没有待收货的订单',
  done: '没有已完成的订单',
  refund: '没有售后中的订单',
};
