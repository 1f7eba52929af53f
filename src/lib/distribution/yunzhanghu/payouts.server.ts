/**
 * Keepers' bank-card payouts through 云账户 (decision 055). A person's withdrawal is one
 * 银行卡实时支付 order named by the withdrawal's out_bill_no, paying what reaches the keeper (the
 * shop has withheld the tax already) to their card, in their verified name and ID number; then
 * the order is queried, and its state is the answer. Asked again (the timer, after a lost
 * answer), the API says it has the order and the query tells how it went: never a second payment.
 * A company's account is no person: it, and the small amount that confirms it, go to the bank
 * provider given.
 */
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { env, type Env } from '#lib/platform/env.server.ts';
import { selfOrigin } from '#lib/platform/self-origin.server.ts';
import { verifiedPayee } from '#lib/identity/index.server.ts';
import type { PayoutProvider, PayoutResult } from '../payouts.server.ts';
import {
  ORDER_EXISTS,
  YunzhanghuError,
  yunzhanghuClient,
  type YunzhanghuClient,
} from './client.server.ts';
import { open, orderOutcome, yuan } from './protocol.server.ts';
import {
  SANDBOX_BROKER_ID,
  SANDBOX_DEALER_ID,
  SANDBOX_ROOT,
  yunzhanghuSandboxKeys,
} from './sandbox.server.ts';

const PAY_REMARK = '店主推广佣金';
const NO_PAYEE = '请先完成实名认证';

/** The 云账户 client of a demo: the sandbox at this shop's own origin, with its keys. */
export async function demoYunzhanghu(
  db: DbOrTx,
  fetcher?: typeof fetch,
): Promise<YunzhanghuClient> {
  return yunzhanghuClient({
    ...(await yunzhanghuSandboxKeys(db)),
    dealerId: SANDBOX_DEALER_ID,
    brokerId: SANDBOX_BROKER_ID,
    baseUrl: `${selfOrigin()}${SANDBOX_ROOT}`,
    fetch: fetcher,
  });
}

export function yunzhanghuPayouts(
  bank: PayoutProvider,
  client: (db: DbOrTx) => Promise<YunzhanghuClient> = (db) => demoYunzhanghu(db),
): PayoutProvider {
  return {
    async transfer(db, request): Promise<PayoutResult> {
      if (request.kind === 'enterprise' || request.userId === undefined) {
        return bank.transfer(db, request);
      }
      const payee = await verifiedPayee(db, request.userId);
      if (!payee) return { state: 'FAIL', billId: null, failReason: NO_PAYEE };
      const api = await client(db);
      try {
        await api.bankpay({
          order_id: request.outBillNo,
          real_name: payee.name,
          card_no: request.cardNo,
          id_card: payee.idNumber,
          pay: yuan(request.amountCents),
          pay_remark: PAY_REMARK,
          notify_url: `${env().PUBLIC_ORIGIN ?? selfOrigin()}/api/payout/yunzhanghu/notify`,
        });
      } catch (error) {
        // Refused outright: nothing was made, the money goes back to the keeper with the reason.
        // An order id it already has: the query below tells how that order went.
        if (!(error instanceof YunzhanghuError)) throw error;
        if (error.code !== ORDER_EXISTS) {
          console.error(`[payouts] 云账户 refused ${request.outBillNo}: ${error.code}`);
          return { state: 'FAIL', billId: null, failReason: error.message.replace(/^\S+ /, '') };
        }
      }
      const order = await api.order(request.outBillNo);
      if (!order) return { state: 'PENDING', billId: null, failReason: null };
      const state = orderOutcome(order.status);
      return {
        state,
        billId: order.ref,
        failReason:
          state === 'FAIL' ? order.status_detail_message || order.status_message || null : null,
      };
    },
    /**
     * 查询电子回单, then its file: the link expires within minutes, so the file itself is what
     * the shop keeps. Any refusal (not paid, not made yet) is "not yet": asked again later.
     */
    async receipt(db, outBillNo) {
      const api = await client(db);
      try {
        return await api.download(await api.receipt(outBillNo));
      } catch (error) {
        if (error instanceof YunzhanghuError) return null;
        throw error;
      }
    },
    sendVerifyAmount: (db, request) => bank.sendVerifyAmount(db, request),
    ...(bank.sandboxVerifyAmount && { sandboxVerifyAmount: bank.sandboxVerifyAmount }),
  };
}

/** What a 云账户 order notification carries (decrypted): the order as a query would tell it. */
interface OrderNotification {
  notify_id: string;
  notify_time: string;
  data: {
    order_id: string;
    ref: string;
    status: string;
    status_message?: string;
    status_detail_message?: string;
  };
}

/**
 * A 云账户 order notification (a form: data, mess, timestamp, sign, sign_type): verified and
 * decrypted with the platform's keys before anything is read, then the withdrawal it names is
 * told the outcome (once, however often it is told). Answers `success` once it is handled, as
 * the platform expects; anything forged or unreadable is refused and nothing changes.
 */
export async function receiveOrderNotification(
  db: DbOrTx,
  form: URLSearchParams,
  apply: (outBillNo: string, result: PayoutResult) => Promise<void>,
  config: Env = env(),
): Promise<{ ok: boolean }> {
  // The platform's own keys where payouts go to it (as payouts.server.ts chooses), else the sandbox's.
  const keys =
    config.SHOP_MODE === 'demo' && !config.YUNZHANGHU_BASE_URL
      ? await yunzhanghuSandboxKeys(db)
      : { appKey: config.YUNZHANGHU_APP_KEY!, des3Key: config.YUNZHANGHU_DES3_KEY! };
  const notice = open<OrderNotification>(Object.fromEntries(form), keys);
  if (!notice?.data?.order_id) return { ok: false };
  const state = orderOutcome(notice.data.status);
  await apply(notice.data.order_id, {
    state,
    billId: notice.data.ref,
    failReason:
      state === 'FAIL'
        ? notice.data.status_detail_message || notice.data.status_message || null
        : null,
  });
  return { ok: true };
}
