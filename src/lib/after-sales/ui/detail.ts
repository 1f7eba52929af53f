/** The view rules of 售后详情. */
import { formatYuan } from '#lib/platform/money.ts';
import { RefundStatus } from '#lib/orders/index.ts';
import type { AfterSaleView } from '../contracts.ts';

/** The line under the status: what happens next, or why it ended so. */
export function afterSaleHint(v: AfterSaleView): string {
  if (v.status === RefundStatus.UnderReview) return '商家审核中，请耐心等待';
  if (v.status === RefundStatus.Failed) return `拒绝原因：${v.refusal ?? ''}`;
  if (v.refund === 'refunded') return `¥${formatYuan(v.amountCents)} 已原路退回`;
  if (v.refund === 'failed') return '退款未能完成，请联系客服处理';
  if (v.kind === 'return' && !v.returnShippedAt) return '请将商品寄回，并填写退货物流';
  if (v.kind === 'return' && !v.returnReceivedAt) return '商家收到退回的商品后将为您退款';
  return '退款将原路退回，请留意到账';
}
