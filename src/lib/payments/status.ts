/**
 * Payment statuses (payments.status): one attempt to pay some orders at the gateway; refund
 * statuses (refunds.status): money going back through the gateway; and what became of each order
 * a payment covered (payment_orders.outcome).
 */
import { transitions } from '#lib/platform/transitions.ts';

export const PaymentStatus = {
  Created: 0,
  Paid: 1,
  /** Closed unpaid: expired, superseded, or its orders cancelled. */
  Closed: 2,
} as const;
export type PaymentStatus = (typeof PaymentStatus)[keyof typeof PaymentStatus];

export const paymentTransitions = transitions<PaymentStatus>({
  // The gateway's notification (or its query answer) settles it once; paid is never reopened.
  [PaymentStatus.Created]: [PaymentStatus.Paid, PaymentStatus.Closed],
  [PaymentStatus.Paid]: [],
  // The gateway's word wins: money taken for an attempt given up here is taken (then refunded).
  [PaymentStatus.Closed]: [PaymentStatus.Paid],
});

/** The pay channels (commerce §7 channels): where the page is open decides which one. */
export const PAY_CHANNELS = ['jsapi', 'h5', 'native'] as const;
export type PayChannel = (typeof PAY_CHANNELS)[number];

/**
 * What a paid payment did for one of its orders: paid it, or (the order had been cancelled or
 * paid by another payment meanwhile) its share is refunded.
 */
export const PaymentOrderOutcome = {
  PaidOrder: 1,
  Refunded: 2,
} as const;
export type PaymentOrderOutcome = (typeof PaymentOrderOutcome)[keyof typeof PaymentOrderOutcome];

export const RefundState = {
  /** Saved with its out_refund_no before the gateway is asked, so a retry asks with the same. */
  Requested: 0,
  /** The gateway accepted it and is paying it back. */
  Processing: 1,
  Succeeded: 2,
  /** The gateway closed it or reported it abnormal: the shop settles it by hand. */
  Failed: 3,
} as const;
export type RefundState = (typeof RefundState)[keyof typeof RefundState];

export const refundStateTransitions = transitions<RefundState>({
  [RefundState.Requested]: [RefundState.Processing, RefundState.Succeeded, RefundState.Failed],
  [RefundState.Processing]: [RefundState.Succeeded, RefundState.Failed],
  [RefundState.Succeeded]: [],
  [RefundState.Failed]: [],
});
