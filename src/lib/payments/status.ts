/** Payment statuses (payments.status): one payment attempt of an order at the gateway. */
import { transitions } from '#lib/platform/transitions.ts';

export const PaymentStatus = {
  Created: 0,
  Paid: 1,
  /** Closed unpaid: cancelled at the cashier, superseded, or its order cancelled. */
  Closed: 2,
} as const;
export type PaymentStatus = (typeof PaymentStatus)[keyof typeof PaymentStatus];

export const paymentTransitions = transitions<PaymentStatus>({
  // The gateway's notification settles it once; a paid payment is never reopened.
  [PaymentStatus.Created]: [PaymentStatus.Paid, PaymentStatus.Closed],
  [PaymentStatus.Paid]: [],
  [PaymentStatus.Closed]: [],
});
