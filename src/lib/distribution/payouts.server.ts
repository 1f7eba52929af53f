/**
 * Paying shop keepers out. Two destinations (decision 033):
 *
 * - 银行卡: `PayoutProvider` is the one place a real payout service (a bank's or a payment
 *   institution's transfer-to-card API) plugs in. Its contract: a transfer is named by our
 *   out_bill_no, saved before the call, and asking again with the same number answers the same
 *   bill — never a second payment. Only the sandbox exists (sandbox_payout_bills; every card is
 *   paid except those ending 0000, refused as a closed account), so cards are offered in demo
 *   mode only.
 * - 微信零钱: `WalletPayouts`, WeChat Pay 商家转账 (transfer-bills) on the payment adapter and
 *   its merchant settings, against the sandbox gateway in demo mode. The keeper confirms the
 *   receipt inside WeChat; until then the bill waits (WAIT_USER_CONFIRM).
 *
 * Both answer a PayoutResult; what it does to the withdrawal is decided in withdrawals.server.ts.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { env, type Env } from '#lib/platform/env.server.ts';
import { sandboxPayoutBills } from '#lib/platform/db/schema.ts';
import { paymentGateway, type PaymentGateway } from '#lib/payments/index.server.ts';
import { GatewayError } from '#lib/payments/index.server.ts';
import type { TransferBillState } from '#lib/payments/index.ts';
import { yunzhanghuPayouts } from './yunzhanghu/payouts.server.ts';
import { YUNZHANGHU_BASE_URL, yunzhanghuClient } from './yunzhanghu/client.server.ts';

export interface PayoutRequest {
  outBillNo: string;
  amountCents: number;
  cardNo: string;
  cardNoHash: string;
  holderName: string;
  bankCode: string;
  /** A keeper's own card, or a company's account (kind enterprise). */
  kind?: 'personal' | 'enterprise';
  /** The keeper, whose verified name and ID number a person's payout names. */
  userId?: number;
}

/**
 * A provider's answer about a bill: paid, refused (or cancelled: the money comes back), waiting
 * for the payee to confirm (with what the confirm sheet is opened with), or not final yet.
 */
export interface PayoutResult {
  state: 'SUCCESS' | 'FAIL' | 'WAIT_USER_CONFIRM' | 'PENDING';
  billId: string | null;
  failReason: string | null;
  packageInfo?: string | null;
}

export interface PayoutProvider {
  /** Pays the bill once; the same out_bill_no answers the same bill. Throws when unreachable. */
  transfer(db: DbOrTx, request: PayoutRequest): Promise<PayoutResult>;
  /** Sends a small random amount (1–99 cents) to an enterprise account to confirm it is theirs. */
  sendVerifyAmount(db: DbOrTx, request: Omit<PayoutRequest, 'amountCents'>): Promise<number>;
  /** The sandbox only: what a verification sent, so the demo can show it. Null elsewhere. */
  sandboxVerifyAmount?(db: DbOrTx, outBillNo: string): Promise<number | null>;
  /**
   * A paid bill's e-receipt (电子回单), where the provider makes them: its file, or null while
   * it is not made yet (or never will be). Throws when unreachable.
   */
  receipt?(db: DbOrTx, outBillNo: string): Promise<Uint8Array | null>;
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

/**
 * The bank-card payout provider of this server: a keeper's own card is paid through 云账户, the
 * flexible-employment platform (decision 055): its sandbox at this shop's own origin in a demo,
 * the configured platform (YUNZHANGHU_*) in production or wherever YUNZHANGHU_BASE_URL points. A
 * company's account, and the small amount that confirms one, go through the bank sandbox (a
 * demo's only: withdrawals.server.ts `enterpriseAccountsOn`).
 */
export function payoutProvider(config: Env = env()): PayoutProvider {
  if (config.SHOP_MODE === 'demo' && !config.YUNZHANGHU_BASE_URL) {
    return yunzhanghuPayouts(sandboxPayouts);
  }
  const client = yunzhanghuClient({
    dealerId: config.YUNZHANGHU_DEALER_ID!,
    brokerId: config.YUNZHANGHU_BROKER_ID!,
    appKey: config.YUNZHANGHU_APP_KEY!,
    des3Key: config.YUNZHANGHU_DES3_KEY!,
    baseUrl: config.YUNZHANGHU_BASE_URL ?? YUNZHANGHU_BASE_URL,
  });
  return yunzhanghuPayouts(sandboxPayouts, async () => client);
}

export interface WalletPayoutRequest {
  outBillNo: string;
  amountCents: number;
  openId: string;
  /** The keeper's verified real name; sent (encrypted) where the amount requires it. */
  userName: string | null;
}

/** 微信零钱: WeChat Pay transfer bills, each named by our out_bill_no. */
export interface WalletPayouts {
  /** The merchant and app the confirm-receipt sheet is opened with. */
  readonly mchId: string;
  readonly appId: string;
  transfer(request: WalletPayoutRequest): Promise<PayoutResult>;
  /** The bill's state now; null when the gateway has no such bill (never made). */
  query(outBillNo: string): Promise<PayoutResult | null>;
  /** Asks to cancel an unconfirmed bill: FAIL once cancelled, PENDING while cancelling. */
  cancel(outBillNo: string): Promise<PayoutResult>;
}

/** 1005 佣金报酬: the transfer scene of commission, and the facts it must report. */
export const TRANSFER_REMARK = '店铺推广佣金提现';
const SCENE_REPORT_INFOS: Readonly<Record<string, { info_type: string; info_content: string }[]>> =
  {
    '1005': [
      { info_type: '岗位类型', info_content: '店铺推广员' },
      { info_type: '报酬说明', info_content: '店铺推广佣金提现' },
    ],
  };
/** From ¥2,000.00 WeChat requires the payee's name (encrypted with the platform key). */
export const USER_NAME_FROM_CENTS = 200_000;

/** What a bill's state means for the withdrawal. */
export function payoutResultOf(bill: {
  state: TransferBillState;
  transfer_bill_no?: string;
  fail_reason?: string;
  package_info?: string;
}): PayoutResult {
  const billId = bill.transfer_bill_no ?? null;
  switch (bill.state) {
    case 'SUCCESS':
      return { state: 'SUCCESS', billId, failReason: null };
    case 'FAIL':
      return { state: 'FAIL', billId, failReason: bill.fail_reason ?? '转账失败' };
    case 'CANCELLED':
      return { state: 'FAIL', billId, failReason: bill.fail_reason ?? '转账已撤销' };
    case 'WAIT_USER_CONFIRM':
    case 'TRANSFERING':
      return {
        state: 'WAIT_USER_CONFIRM',
        billId,
        failReason: null,
        packageInfo: bill.package_info ?? null,
      };
    default:
      return { state: 'PENDING', billId, failReason: null };
  }
}

export function wechatTransfers(gateway: PaymentGateway, config: Env = env()): WalletPayouts {
  const { client, transferNotifyUrl } = gateway;
  const sceneId = config.WECHATPAY_TRANSFER_SCENE_ID;
  return {
    mchId: client.mchId,
    appId: client.appId,
    async transfer(request) {
      const answer = await client.createTransferBill({
        out_bill_no: request.outBillNo,
        transfer_scene_id: sceneId,
        openid: request.openId,
        transfer_amount: request.amountCents,
        transfer_remark: TRANSFER_REMARK,
        notify_url: transferNotifyUrl,
        user_recv_perception: '劳务报酬',
        transfer_scene_report_infos: SCENE_REPORT_INFOS[sceneId] ?? [],
        ...(request.amountCents >= USER_NAME_FROM_CENTS && request.userName
          ? { userName: request.userName }
          : {}),
      });
      return payoutResultOf(answer);
    },
    async query(outBillNo) {
      try {
        return payoutResultOf(await client.queryTransferBill(outBillNo));
      } catch (error) {
        if (error instanceof GatewayError && error.status === 404) return null;
        throw error;
      }
    },
    async cancel(outBillNo) {
      const answer = await client.cancelTransferBill(outBillNo);
      return answer.state === 'CANCELLED'
        ? { state: 'FAIL', billId: answer.transfer_bill_no, failReason: '转账已撤销' }
        : { state: 'PENDING', billId: answer.transfer_bill_no, failReason: null };
    },
  };
}

/** 微信零钱 payouts of this server (PAYOUT_PROVIDER=wechatpay), or null when off. */
export async function walletPayouts(
  db: DbOrTx,
  config: Env = env(),
): Promise<WalletPayouts | null> {
  if (config.PAYOUT_PROVIDER !== 'wechatpay') return null;
  return wechatTransfers(await paymentGateway(db), config);
}
