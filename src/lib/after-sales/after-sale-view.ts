/**
 * How an after-sale reads (isomorphic): which kind a line may ask for, its amount, its status as
 * the shopper reads it now and its timeline.
 */
import { OrderStatus, RefundStatus, canApplyForRefund } from '#lib/orders/index.ts';
import type { AfterSaleKind, AfterSaleView, RefundProgress } from './contracts.ts';

/** A completed order may still be returned this long after it completed (七天无理由). */
export const RETURN_WINDOW_MS = 7 * 24 * 3_600_000;

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

/**
 * The after-sale a line of an order in `status` may ask for now: 仅退款 while paid and unshipped,
 * 退货退款 once shipped or within seven days of completion; none while the line has one under
 * review or approved (a refused one may be asked for again).
 */
export function afterSaleKindFor(
  order: { status: number; completedAt: Date | string | null },
  refundStatus: number | null,
  now: Date,
): AfterSaleKind | null {
  if (!canApplyForRefund(refundStatus as RefundStatus | null)) return null;
  if (order.status === OrderStatus.Paid) return 'refund';
  if (order.status === OrderStatus.Shipped) return 'return';
  if (order.status !== OrderStatus.Completed) return null;
  const completed = order.completedAt === null ? null : new Date(order.completedAt).getTime();
  return completed === null || now.getTime() - completed <= RETURN_WINDOW_MS ? 'return' : null;
}

/**
 * What comes back: before shipping the line's whole payment; after it, less its shares of the
 * freight and of the insurance premium, which were used.
 */
export function afterSaleAmount(
  kind: AfterSaleKind,
  line: { paidCents: number; freightCents: number; insuranceCents: number },
): number {
  return kind === 'refund'
    ? line.paidCents
    : line.paidCents - line.freightCents - line.insuranceCents;
}

export interface AfterSaleStep {
  text: string;
  at: string;
}

/** The after-sale's progress from its timestamps, newest first. */
export function afterSaleTimeline(
  view: Pick<
    AfterSaleView,
    | 'createdAt'
    | 'reviewedAt'
    | 'status'
    | 'refusal'
    | 'kind'
    | 'returnCompany'
    | 'returnTrackingNo'
    | 'returnShippedAt'
    | 'returnReceivedAt'
    | 'refundedAt'
  >,
): AfterSaleStep[] {
  const steps: (AfterSaleStep | null | '')[] = [
    { text: `提交了${AFTER_SALE_KIND_TEXT[view.kind]}申请`, at: view.createdAt },
    view.reviewedAt && {
      text:
        view.status === RefundStatus.Failed
          ? `商家拒绝了申请${view.refusal ? `：${view.refusal}` : ''}`
          : view.kind === 'return'
            ? '商家同意了申请，请寄回商品'
            : '商家同意了申请，退款处理中',
      at: view.reviewedAt,
    },
    view.returnShippedAt && {
      text: `已寄回商品：${[view.returnCompany, view.returnTrackingNo].filter(Boolean).join(' ')}`,
      at: view.returnShippedAt,
    },
    view.returnReceivedAt && {
      text: '商家已收到退回的商品，退款处理中',
      at: view.returnReceivedAt,
    },
    view.refundedAt && { text: '退款成功，款项已原路退回', at: view.refundedAt },
  ];
  // The steps can only happen in this order.
  return steps.filter((step): step is AfterSaleStep => Boolean(step)).reverse();
}
