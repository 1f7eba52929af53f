/**
 * Reconciliation (npm run payments:reconcile): every stored payment and refund is compared with
 * what the gateway answers for it — state, amount, transaction — and each disagreement is
 * reported. It changes nothing: the timers settle what is still open; a difference in anything
 * settled is for a person to look at.
 */
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { payments, refunds } from '#lib/platform/db/schema.ts';
import type { PaymentGateway } from './gateway.server.ts';
import { PaymentStatus, RefundState } from './status.ts';
import { GatewayError } from './wechatpay/client.server.ts';
import type { Refund, Transaction } from './wechatpay/resources.ts';

export interface Difference {
  kind: 'payment' | 'refund';
  /** out_trade_no or out_refund_no */
  no: string;
  field: 'state' | 'amount' | 'transaction' | 'missing' | 'query';
  ours: string;
  theirs: string;
}

/** The gateway's trade states that agree with each of our payment states. */
const PAYMENT_AGREES: Record<PaymentStatus, readonly string[]> = {
  [PaymentStatus.Created]: ['NOTPAY', 'USERPAYING'],
  [PaymentStatus.Paid]: ['SUCCESS', 'REFUND'],
  [PaymentStatus.Closed]: ['CLOSED', 'NOTPAY', 'REVOKED', 'PAYERROR', 'MISSING'],
};

const REFUND_AGREES: Record<RefundState, readonly string[]> = {
  [RefundState.Requested]: ['MISSING'],
  [RefundState.Processing]: ['PROCESSING'],
  [RefundState.Succeeded]: ['SUCCESS'],
  [RefundState.Failed]: ['CLOSED', 'ABNORMAL', 'MISSING'],
};

async function orMissing<T>(ask: () => Promise<T>): Promise<T | 'MISSING'> {
  try {
    return await ask();
  } catch (error) {
    if (
      error instanceof GatewayError &&
      (error.code === 'ORDER_NOT_EXIST' || error.code === 'RESOURCE_NOT_EXISTS')
    ) {
      return 'MISSING';
    }
    throw error;
  }
}

export async function reconcilePayments(
  db: DbOrTx,
  gateway: PaymentGateway,
): Promise<{ payments: number; refunds: number; differences: Difference[] }> {
  const differences: Difference[] = [];
  const stored = await db.select().from(payments).orderBy(asc(payments.id));
  for (const payment of stored) {
    const no = payment.paymentNo;
    let theirs: Transaction | 'MISSING';
    try {
      theirs = await orMissing(() => gateway.client.queryByOutTradeNo(no));
    } catch (error) {
      differences.push({ kind: 'payment', no, field: 'query', ours: '', theirs: String(error) });
      continue;
    }
    const state = theirs === 'MISSING' ? 'MISSING' : theirs.trade_state;
    const ours = payment.status as PaymentStatus;
    // An attempt the gateway never heard of is fine only while it never got its prepay.
    const agrees =
      PAYMENT_AGREES[ours].includes(state) || (state === 'MISSING' && payment.prepay === null);
    if (!agrees) {
      differences.push({ kind: 'payment', no, field: 'state', ours: String(ours), theirs: state });
    }
    if (theirs === 'MISSING') continue;
    if (theirs.amount.total !== payment.amountCents) {
      differences.push({
        kind: 'payment',
        no,
        field: 'amount',
        ours: String(payment.amountCents),
        theirs: String(theirs.amount.total),
      });
    }
    if (ours === PaymentStatus.Paid && theirs.transaction_id !== payment.transactionId) {
      differences.push({
        kind: 'payment',
        no,
        field: 'transaction',
        ours: payment.transactionId ?? '',
        theirs: theirs.transaction_id ?? '',
      });
    }
  }

  const storedRefunds = await db
    .select({
      refundNo: refunds.refundNo,
      amountCents: refunds.amountCents,
      status: refunds.status,
      paymentNo: payments.paymentNo,
    })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .orderBy(asc(refunds.id));
  for (const refund of storedRefunds) {
    const no = refund.refundNo;
    let theirs: Refund | 'MISSING';
    try {
      theirs = await orMissing(() => gateway.client.queryRefund(no));
    } catch (error) {
      differences.push({ kind: 'refund', no, field: 'query', ours: '', theirs: String(error) });
      continue;
    }
    const state = theirs === 'MISSING' ? 'MISSING' : theirs.status;
    const ours = refund.status as RefundState;
    if (!REFUND_AGREES[ours].includes(state)) {
      differences.push({ kind: 'refund', no, field: 'state', ours: String(ours), theirs: state });
    }
    if (theirs === 'MISSING') continue;
    if (theirs.amount.refund !== refund.amountCents || theirs.out_trade_no !== refund.paymentNo) {
      differences.push({
        kind: 'refund',
        no,
        field: 'amount',
        ours: `${refund.paymentNo} ${refund.amountCents}`,
        theirs: `${theirs.out_trade_no} ${theirs.amount.refund}`,
      });
    }
  }
  return { payments: stored.length, refunds: storedRefunds.length, differences };
}
