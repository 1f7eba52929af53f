/** How an after-sale reads (isomorphic): its kind, its status as the shopper reads it now. */
import { RefundStatus } from '#lib/orders/status.ts';
import type { AfterSaleKind, RefundProgress } from './contracts.ts';

export const AFTER_SALE_KIND_TEXT: Record<AfterSaleKind, string> = {
  refund: '仅退款',
  return: '退货退款',
};

/** The audit channel (shell §9): 2 inside the messaging app, else 6. */
export function auditChannel(inApp: boolean): 2 | 6 {
  return inApp ? 2 : 6;
}

/**
 * The status text: the specification's refund texts for 10 (under review) and 60 (failed), and
 * for an approved one where its money stands (a return first waits for the goods).
 */
export function afterSaleStatusText(input: {
  status: number;
  kind: AfterSaleKind;
  returnShippedAt: unknown;
  returnReceivedAt: unknown;
  refund: RefundProgress;
}): string {
  if (input.status === RefundStatus.UnderReview) return '退款审核中';
  if (input.status === RefundStatus.Failed) return '退款失败';
  if (input.refund === 'refunded') return '退款成功';
  if (input.refund === 'failed') return '退款异常，请联系客服';
  if (input.kind === 'return' && !input.returnShippedAt) return '审核通过，请寄回商品';
  if (input.kind === 'return' && !input.returnReceivedAt) return '商品寄回中，等待商家收货';
  return '审核通过，退款中';
}
