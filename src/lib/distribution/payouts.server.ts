/**
 * Paying shop keepers out to their bank cards. `PayoutProvider` is the one place a real payout
 * service (a bank's or a payment institution's transfer-to-card API) plugs in. Its contract: a
 * transfer is named by our out_bill_no, saved before the call, and asking again with the same
 * number answers the same bill — never a second payment. The sandbox keeps its bills in the
 * database (sandbox_payout_bills) and pays every card except those ending 0000, which it
 * refuses as a closed account, so both endings can be shown and tested.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { sandboxPayoutBills } from '#lib/platform/db/schema.ts';

export interface PayoutRequest {
  outBillNo: string;
  amountCents: number;
  cardNo: string;
  cardNoHash: string;
  holderName: string;
  bankCode: string;
}

export interface PayoutResult {
  state: 'SUCCESS' | 'FAIL';
  billId: string;
  failReason: string | null;
}

export interface PayoutProvider {
  /** Pays the bill once; the same out_bill_no answers the same bill. Throws when unreachable. */
  transfer(db: DbOrTx, request: PayoutRequest): Promise<PayoutResult>;
  /** Sends a small random amount (1–99 cents) to an enterprise account to confirm it is theirs. */
  sendVerifyAmount(db: DbOrTx, request: Omit<PayoutRequest, 'amountCents'>): Promise<number>;
  /** The sandbox only: what a verification sent, so the demo can show it. Null elsewhere. */
  sandboxVerifyAmount?(db: DbOrTx, outBillNo: string): Promise<number | null>;
}

const SANDBOX_FAIL_REASON = '收款账户状态异常，请更换银行卡';

export const sandboxPayouts: PayoutProvider = {
  async transfer(db, request) {
    const refused = request.cardNo.endsWith('0000');
    await db
      .insert(sandboxPayoutBills)
      .values({
        outBillNo: request.outBillNo,
        billId: `SB${randomBytes(10).toString('hex')}`,
        amountCents: request.amountCents,
        cardNoHash: request.cardNoHash,
        state: refused ? 'FAIL' : 'SUCCESS',
        failReason: refused ? SANDBOX_FAIL_REASON : null,
      })
      .onConflictDoNothing();
    const [bill] = await db
      .select()
      .from(sandboxPayoutBills)
      .where(eq(sandboxPayoutBills.outBillNo, request.outBillNo));
    return { state: bill!.state, billId: bill!.billId, failReason: bill!.failReason };
  },
  async sendVerifyAmount(db, request) {
    await db
      .insert(sandboxPayoutBills)
      .values({
        outBillNo: request.outBillNo,
        billId: `SB${randomBytes(10).toString('hex')}`,
        amountCents: randomInt(1, 100),
        cardNoHash: request.cardNoHash,
        state: 'SUCCESS',
      })
      .onConflictDoNothing();
    const [bill] = await db
      .select({ amountCents: sandboxPayoutBills.amountCents })
      .from(sandboxPayoutBills)
      .where(eq(sandboxPayoutBills.outBillNo, request.outBillNo));
    return bill!.amountCents;
  },
  async sandboxVerifyAmount(db, outBillNo) {
    const [bill] = await db
      .select({ amountCents: sandboxPayoutBills.amountCents })
      .from(sandboxPayoutBills)
      .where(eq(sandboxPayoutBills.outBillNo, outBillNo));
    return bill?.amountCents ?? null;
  },
};

/** The payout provider of this server: the sandbox until a real one is configured. */
export function payoutProvider(): PayoutProvider {
  return sandboxPayouts;
}
