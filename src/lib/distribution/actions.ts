/**
 * The browser side of the wallet pages: each call is one distribution contract. Errors are toasted
 * by the request client.
 */
import { call } from '#lib/platform/client.ts';
import * as DistributionEndpoints from './endpoints.ts';
/** The page's shop, named explicitly: inside the messaging app the client adds no shopBizCode. */
const shopQuery = () => ({ shopBizCode: document.body.dataset.shopId ?? '' });

export async function applyWithdrawal(input: {
  amountCents: number;
  destination: 'wechat' | 'card';
  bankCardId?: number;
  idempotencyKey: string;
}): Promise<{ withdrawalNo: string }> {
  return call(DistributionEndpoints.cash, { query: shopQuery(), body: input });
}

export async function bindCardCode(input: {
  cardNo: string;
  bankCode?: string;
  phone: string;
}): Promise<{ phone: string }> {
  return call(DistributionEndpoints.bindCardCode, { query: shopQuery(), body: input });
}

export async function bindCard(input: {
  cardNo: string;
  bankCode?: string;
  phone: string;
  verifyCode: string;
}): Promise<{ id: number }> {
  return call(DistributionEndpoints.bindCard, { query: shopQuery(), body: input });
}

export async function removeCard(cardId: number): Promise<void> {
  await call(DistributionEndpoints.removeCard, { query: shopQuery(), body: { cardId } });
}

export async function bindEnterpriseCard(input: {
  companyName: string;
  accountNo: string;
  bankCode: string;
}): Promise<{ id: number }> {
  return call(DistributionEndpoints.bindEnterpriseCard, { query: shopQuery(), body: input });
}

export async function verifyEnterpriseCard(cardId: number, amount: string): Promise<void> {
  await call(
    DistributionEndpoints.verifyEnterpriseCard,
    { query: shopQuery(), body: { cardId, amount } },
    { silent: true },
  );
}

export async function reviewWithdrawal(input: {
  withdrawalNo: string;
  approve: boolean;
  reason?: string;
}): Promise<void> {
  await call(DistributionEndpoints.review, { query: shopQuery(), body: input });
}

/** The answer of WeChat's confirm-receipt sheet: `requestMerchantTransfer:ok|cancel|fail`. */
interface TransferAnswer {
  err_msg?: string;
  err_desc?: string;
}
interface TransferBridge {
  invoke(
    name: 'requestMerchantTransfer',
    params: { mchId: string; appId: string; package: string },
    callback: (answer: TransferAnswer) => void,
  ): void;
}

/** The app's bridge, now or once it says it is ready; null when it does not come in 3 s. */
function transferBridge(): Promise<TransferBridge | null> {
  const found = () =>
    (window as unknown as { WeixinJSBridge?: TransferBridge }).WeixinJSBridge ?? null;
  if (found()) return Promise.resolve(found());
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      document.removeEventListener('WeixinJSBridgeReady', done);
      resolve(found());
    };
    const timer = setTimeout(done, 3000);
    document.addEventListener('WeixinJSBridgeReady', done);
  });
}

export type ReceiptOutcome = 'paid' | 'waiting' | 'cancel' | 'fail' | 'no-bridge';

/**
 * 确认收款: WeChat's confirm-receipt sheet for a 待确认收款 withdrawal (requestMerchantTransfer
 * with the bill's package_info), then the bill is asked about, so the page can say 已到账 at once.
 */
export async function confirmReceipt(withdrawalNo: string): Promise<ReceiptOutcome> {
  const params = { query: shopQuery(), params: { withdrawalNo } };
  const [request, bridge] = await Promise.all([
    call(DistributionEndpoints.receipt, params),
    transferBridge(),
  ]);
  if (!bridge) return 'no-bridge';
  const answer = await new Promise<TransferAnswer>((resolve) => {
    try {
      bridge.invoke('requestMerchantTransfer', request, resolve);
    } catch (error) {
      resolve({ err_msg: 'requestMerchantTransfer:fail', err_desc: (error as Error).message });
    }
  });
  if (answer.err_msg === 'requestMerchantTransfer:cancel') return 'cancel';
  if (answer.err_msg !== 'requestMerchantTransfer:ok') {
    // Commerce §8: the bridge's failures go to error reporting, not as they are to the keeper.
    const error = new Error(`[withdrawal] requestMerchantTransfer: ${JSON.stringify(answer)}`);
    if (typeof globalThis.reportError === 'function') globalThis.reportError(error);
    return 'fail';
  }
  const checked = await call(DistributionEndpoints.receiptCheck, params, { silent: true }).catch(
    () => null,
  );
  return checked?.status === 30 ? 'paid' : 'waiting';
}

/** 取消收款: the unconfirmed transfer is cancelled; the amount returns to the wallet. */
export async function cancelReceipt(withdrawalNo: string): Promise<void> {
  await call(DistributionEndpoints.receiptCancel, { query: shopQuery(), params: { withdrawalNo } });
}
