/**
 * The sandbox gateway against a WeChat Pay v3 client none of us wrote: wechatpay-axios-plugin
 * (npm) signs the requests and verifies the signed answers itself, over real HTTP (a node:http
 * server handing requests to handleSandboxRequest). Its own crypto helpers (Rsa, Aes.AesGcm,
 * Formatter, Hash) check the notifications the sandbox's notifier posts to a merchant endpoint.
 */
import { generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Aes, Formatter, Hash, Rsa, Wechatpay } from 'wechatpay-axios-plugin';
import { memoryDatabase } from '#tests/fixtures/db.ts';
import type { Database } from '#lib/platform/db/client.server.ts';
import { chinaTime } from '#lib/payments/wechatpay/protocol.ts';
import type { Notification } from '#lib/payments/wechatpay/protocol.ts';
import type {
  H5PrepayAnswer,
  JsapiPrepayAnswer,
  NativePrepayAnswer,
  Refund,
  Transaction,
  TransferBill,
  TransferBillAnswer,
  TransferCancelAnswer,
} from '#lib/payments/wechatpay/resources.ts';
import { sandboxKeys, type SandboxKeys } from './keys.server.ts';
import {
  handleSandboxRequest,
  sandboxConfirm,
  sandboxConfirmReceipt,
  startSandboxNotifier,
} from './gateway.server.ts';

const APP_ID = 'wxsandbox0000000';

let database: Database;
let keys: SandboxKeys;
let server: Server;
let origin: string;
let platformPem: string;
let merchantPem: string;

/** What the merchant endpoint received, checked the library's way. */
const received: { verified: boolean; notification: Notification; resource: unknown }[] = [];

async function readAll(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A merchant's notify endpoint written with the library's helpers only. */
function merchantNotify(req: IncomingMessage, body: string): number {
  const timestamp = String(req.headers['wechatpay-timestamp']);
  const nonce = String(req.headers['wechatpay-nonce']);
  const signature = String(req.headers['wechatpay-signature']);
  const serial = String(req.headers['wechatpay-serial']);
  const verified =
    serial === keys.platformKeyId &&
    Math.abs(Formatter.timestamp() - Number(timestamp)) <= 300 &&
    Rsa.verify(
      Formatter.response(timestamp, nonce, body),
      signature,
      Rsa.from(platformPem, Rsa.KEY_TYPE_PUBLIC),
    );
  const notification = JSON.parse(body) as Notification;
  const { ciphertext, nonce: iv, associated_data } = notification.resource;
  const plaintext = Aes.AesGcm.decrypt(
    ciphertext,
    Hash.keyObjectFrom(keys.apiV3Key),
    iv,
    associated_data,
  );
  received.push({ verified, notification, resource: JSON.parse(plaintext) });
  return verified ? 204 : 401;
}

beforeAll(async () => {
  database = await memoryDatabase({ seed: false });
  keys = await sandboxKeys(database.db);
  platformPem = keys.platformPublicKey.export({ type: 'spki', format: 'pem' }).toString();
  merchantPem = keys.merchantPrivateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  server = createServer((req, res) => {
    void (async () => {
      const body = await readAll(req);
      if (req.url === '/notify') {
        res.writeHead(merchantNotify(req, body.toString('utf8'))).end();
        return;
      }
      const headers = new Headers();
      for (let i = 0; i < req.rawHeaders.length; i += 2) {
        headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
      }
      const method = req.method ?? 'GET';
      const response = await handleSandboxRequest(
        database.db,
        new Request(`http://${req.headers.host}${req.url}`, {
          method,
          headers,
          body: method === 'GET' || method === 'HEAD' ? null : new Uint8Array(body),
        }),
      );
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(Buffer.from(await response.arrayBuffer()));
    })().catch((error: unknown) => {
      res.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await database.close();
});

function wechatpay(certs?: Record<string, string>) {
  return new Wechatpay({
    mchid: keys.mchId,
    serial: keys.merchantSerial,
    privateKey: merchantPem,
    certs: certs ?? { [keys.platformKeyId]: platformPem },
    baseURL: `${origin}/sandbox/wechatpay/`,
  });
}

/** The library's error: the HTTP answer it refused, or why it did not trust one. */
async function failure(promise: Promise<unknown>) {
  const error = (await promise.then(
    () => null,
    (e: unknown) => e,
  )) as { code?: string; response?: { status: number; data: unknown } } | null;
  expect(error).not.toBeNull();
  return error!;
}

/** An axios answer as far as these tests read it. */
interface Answer<T> {
  status: number;
  data: T;
  headers: Record<string, unknown>;
}

let count = 0;
const tradeNo = () => `LIB${Date.now().toString(36).toUpperCase()}${(count += 1)}`;

function order(outTradeNo: string) {
  return {
    appid: APP_ID,
    mchid: keys.mchId,
    description: '沙箱测试商品',
    out_trade_no: outTradeNo,
    time_expire: chinaTime(new Date(Date.now() + 15 * 60_000)),
    notify_url: `${origin}/notify`,
    amount: { total: 1999, currency: 'CNY' },
  };
}

describe('wechatpay-axios-plugin against the sandbox gateway', () => {
  it('opens native, h5 and jsapi transactions and trusts the signed answers', async () => {
    const wxpay = wechatpay();
    const native = await wxpay
      .chain('v3/pay/transactions/native')
      .post<object, Answer<NativePrepayAnswer>>(order(tradeNo()));
    expect(native.status).toBe(200);
    expect(native.data.code_url).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
    expect(native.headers['request-id']).toMatch(/^[0-9A-F]{40}$/);

    const h5 = await wxpay.chain('v3/pay/transactions/h5').post<object, Answer<H5PrepayAnswer>>({
      ...order(tradeNo()),
      scene_info: { payer_client_ip: '127.0.0.1', h5_info: { type: 'Wap' } },
    });
    expect(h5.data.h5_url).toMatch(
      new RegExp(`^${origin}/sandbox/wechatpay/cashier\\?prepay_id=wx\\d{14}[0-9a-f]{20}$`),
    );

    const jsapi = await wxpay
      .chain('v3/pay/transactions/jsapi')
      .post<object, Answer<JsapiPrepayAnswer>>({
        ...order(tradeNo()),
        payer: { openid: 'oLibraryPayer000000000000001' },
      });
    expect(jsapi.data.prepay_id).toMatch(/^wx\d{14}[0-9a-f]{20}$/);
  });

  it('queries, pays, refunds and queries the refund; closes an unpaid one (204)', async () => {
    const wxpay = wechatpay();
    const no = tradeNo();
    const { data: prepay } = await wxpay
      .chain('v3/pay/transactions/jsapi')
      .post<object, Answer<JsapiPrepayAnswer>>({
        ...order(no),
        payer: { openid: 'oLibraryPayer000000000000002' },
      });
    const query = () =>
      wxpay
        .chain('v3/pay/transactions/out-trade-no/{out_trade_no}')
        .get<unknown, Answer<Transaction>>({ params: { mchid: keys.mchId }, out_trade_no: no });
    expect((await query()).data.trade_state).toBe('NOTPAY');

    expect((await sandboxConfirm(database.db, prepay.prepay_id)).ok).toBe(true);
    const { data: paid } = await query();
    expect(paid).toMatchObject({
      trade_state: 'SUCCESS',
      trade_type: 'JSAPI',
      payer: { openid: 'oLibraryPayer000000000000002' },
      amount: { total: 1999, payer_total: 1999 },
    });

    const refundRequest = {
      out_trade_no: no,
      out_refund_no: `${no}R1`,
      reason: '退货',
      amount: { refund: 999, total: 1999, currency: 'CNY' },
    };
    const refunds = wxpay.chain('v3/refund/domestic/refunds');
    const { data: refund } = await refunds.post<object, Answer<Refund>>(refundRequest);
    expect(refund).toMatchObject({ status: 'PROCESSING', transaction_id: paid.transaction_id });
    const { data: again } = await refunds.post<object, Answer<Refund>>(refundRequest);
    expect(again.refund_id).toBe(refund.refund_id);
    const { data: queried } = await wxpay
      .chain('v3/refund/domestic/refunds/{out_refund_no}')
      .get<unknown, Answer<Refund>>({ out_refund_no: `${no}R1` });
    expect(queried).toMatchObject({ refund_id: refund.refund_id, status: 'SUCCESS' });
    expect((await query()).data.trade_state).toBe('REFUND');

    const tooMuch = await failure(
      wxpay.chain('v3/refund/domestic/refunds').post({
        ...refundRequest,
        out_refund_no: `${no}R2`,
        amount: { refund: 1001, total: 1999, currency: 'CNY' },
      }),
    );
    expect(tooMuch.response).toMatchObject({ status: 400, data: { code: 'NOT_ENOUGH' } });

    const open = tradeNo();
    await wxpay
      .chain('v3/pay/transactions/native')
      .post<object, Answer<NativePrepayAnswer>>(order(open));
    const closed = await wxpay
      .chain('v3/pay/transactions/out-trade-no/{out_trade_no}/close')
      .post({ mchid: keys.mchId }, { out_trade_no: open });
    expect([closed.status, closed.data]).toEqual([204, '']);
    const { data: closedState } = await wxpay
      .chain('v3/pay/transactions/out-trade-no/{out_trade_no}')
      .get<unknown, Answer<Transaction>>({ params: { mchid: keys.mchId }, out_trade_no: open });
    expect(closedState.trade_state).toBe('CLOSED');
  });

  it('gets the gateway refusals as its HTTP errors', async () => {
    const wxpay = wechatpay();
    const no = tradeNo();
    await wxpay
      .chain('v3/pay/transactions/native')
      .post<object, Answer<NativePrepayAnswer>>(order(no));
    const duplicate = await failure(
      wxpay
        .chain('v3/pay/transactions/native')
        .post({ ...order(no), amount: { total: 1, currency: 'CNY' } }),
    );
    expect(duplicate.response).toMatchObject({
      status: 400,
      data: { code: 'INVALID_REQUEST', message: '201 商户订单号重复' },
    });
    const missing = await failure(
      wxpay
        .chain('v3/pay/transactions/out-trade-no/{out_trade_no}')
        .get<unknown, Answer<Transaction>>({
          params: { mchid: keys.mchId },
          out_trade_no: 'NOSUCH000001',
        }),
    );
    expect(missing.response).toMatchObject({ status: 404, data: { code: 'ORDER_NOT_EXIST' } });

    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const impostor = new Wechatpay({
      mchid: keys.mchId,
      serial: keys.merchantSerial,
      privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      certs: { [keys.platformKeyId]: platformPem },
      baseURL: `${origin}/sandbox/wechatpay/`,
    });
    const unsigned = await failure(
      impostor
        .chain('v3/pay/transactions/native')
        .post<object, Answer<NativePrepayAnswer>>(order(tradeNo())),
    );
    expect(unsigned.response).toMatchObject({
      status: 401,
      data: { code: 'SIGN_ERROR', message: '签名错误' },
    });
  });

  it('refuses the answers when it holds another platform key', async () => {
    const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const otherPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();

    const wrongKey = await failure(
      wechatpay({ [keys.platformKeyId]: otherPem })
        .chain('v3/pay/transactions/native')
        .post(order(tradeNo())),
    );
    expect(wrongKey.code).toBe('EV3_RES_HEADER_SIGNATURE_DIGEST');

    const unknownSerial = await failure(
      wechatpay({ PUB_KEY_ID_0000OTHER: platformPem })
        .chain('v3/pay/transactions/native')
        .post(order(tradeNo())),
    );
    expect(unknownSerial.code).toBe('EV3_RES_HEADER_PLATFORM_SERIAL');
  });

  it('posts notifications that the library verifies and decrypts', async () => {
    const wxpay = wechatpay();
    const no = tradeNo();
    const { data } = await wxpay
      .chain('v3/pay/transactions/h5')
      .post<object, Answer<H5PrepayAnswer>>({
        ...order(no),
        scene_info: { payer_client_ip: '127.0.0.1', h5_info: { type: 'Wap' } },
      });
    const prepayId = new URL(data.h5_url).searchParams.get('prepay_id')!;
    expect((await sandboxConfirm(database.db, prepayId)).ok).toBe(true);
    await wxpay.chain('v3/refund/domestic/refunds').post({
      out_trade_no: no,
      out_refund_no: `${no}R1`,
      notify_url: `${origin}/notify`,
      amount: { refund: 1999, total: 1999, currency: 'CNY' },
    });

    // Earlier tests' payments are owed notifications too: this test looks at its own.
    const ours = () =>
      received.filter((r) => (r.resource as { out_trade_no?: string }).out_trade_no === no);
    const stop = startSandboxNotifier(database.db, { intervalMs: 20 });
    try {
      const deadline = Date.now() + 10_000;
      while (ours().length < 2 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      stop();
    }
    const [payment, refund] = ours();
    expect(ours().map((r) => [r.verified, r.notification.event_type])).toEqual([
      [true, 'TRANSACTION.SUCCESS'],
      [true, 'REFUND.SUCCESS'],
    ]);
    const { data: transaction } = await wxpay
      .chain('v3/pay/transactions/out-trade-no/{out_trade_no}')
      .get<unknown, Answer<Transaction>>({ params: { mchid: keys.mchId }, out_trade_no: no });
    expect(payment!.resource).toEqual({
      ...transaction,
      trade_state: 'SUCCESS',
      trade_state_desc: '支付成功',
    });
    expect(refund!.resource).toMatchObject({
      out_trade_no: no,
      out_refund_no: `${no}R1`,
      refund_status: 'SUCCESS',
      amount: { total: 1999, refund: 1999 },
    });
  });
});

describe('wechatpay-axios-plugin and the sandbox’s transfer bills (商家转账)', () => {
  const billNo = () => `LIBBILL${Date.now().toString(36).toUpperCase()}${(count += 1)}`;
  const bill = (outBillNo: string, extra: Record<string, unknown> = {}) => ({
    appid: APP_ID,
    out_bill_no: outBillNo,
    transfer_scene_id: '1005',
    openid: 'oLibraryPayee0000000000000001',
    transfer_amount: 200_000,
    transfer_remark: '店铺推广佣金提现',
    notify_url: `${origin}/notify`,
    transfer_scene_report_infos: [
      { info_type: '岗位类型', info_content: '店铺推广员' },
      { info_type: '报酬说明', info_content: '店铺推广佣金提现' },
    ],
    ...extra,
  });

  it('creates a bill with the payee’s name encrypted by the library, queries it, and its notification verifies', async () => {
    const wxpay = wechatpay();
    const no = billNo();
    const { data: made } = await wxpay
      .chain('v3/fund-app/mch-transfer/transfer-bills')
      .post<object, Answer<TransferBillAnswer>>(
        bill(no, {
          user_name: Rsa.encrypt('欧阳娜娜', Rsa.from(platformPem, Rsa.KEY_TYPE_PUBLIC)),
        }),
        { headers: { 'Wechatpay-Serial': keys.platformKeyId } },
      );
    expect(made).toMatchObject({ out_bill_no: no, state: 'WAIT_USER_CONFIRM' });
    expect(made.transfer_bill_no).toMatch(/^1330\d{28}$/);
    expect(made.package_info).toMatch(/^ABBQO\+/);

    const query = () =>
      wxpay
        .chain('v3/fund-app/mch-transfer/transfer-bills/out-bill-no/{out_bill_no}')
        .get<unknown, Answer<TransferBill>>({ out_bill_no: no });
    expect((await query()).data).toMatchObject({
      mch_id: keys.mchId,
      out_bill_no: no,
      transfer_bill_no: made.transfer_bill_no,
      appid: APP_ID,
      state: 'WAIT_USER_CONFIRM',
      transfer_amount: 200_000,
      openid: 'oLibraryPayee0000000000000001',
    });

    // The payee confirms; the final-state notification verifies with the library's helpers.
    const confirmed = await sandboxConfirmReceipt(database.db, {
      mchId: keys.mchId,
      appId: APP_ID,
      packageInfo: made.package_info!,
    });
    expect(confirmed.ok).toBe(true);
    expect((await query()).data.state).toBe('SUCCESS');
    const ours = () =>
      received.filter((r) => (r.resource as { out_bill_no?: string }).out_bill_no === no);
    const stop = startSandboxNotifier(database.db, { intervalMs: 20 });
    try {
      const deadline = Date.now() + 10_000;
      while (ours().length < 1 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      stop();
    }
    expect(ours().map((r) => [r.verified, r.notification.event_type])).toEqual([
      [true, 'MCHTRANSFER.BILL.FINISHED'],
    ]);
    expect(ours()[0]!.resource).toMatchObject({ out_bill_no: no, state: 'SUCCESS' });
  });

  it('refuses a name without the Wechatpay-Serial, and cancels an unconfirmed bill', async () => {
    const wxpay = wechatpay();
    const unnamed = await failure(
      wxpay.chain('v3/fund-app/mch-transfer/transfer-bills').post(
        bill(billNo(), {
          user_name: Rsa.encrypt('欧阳娜娜', Rsa.from(platformPem, Rsa.KEY_TYPE_PUBLIC)),
        }),
      ),
    );
    expect(unnamed.response).toMatchObject({ status: 400, data: { code: 'PARAM_ERROR' } });

    const no = billNo();
    await wxpay
      .chain('v3/fund-app/mch-transfer/transfer-bills')
      .post(bill(no, { transfer_amount: 300 }));
    const { data: cancelled } = await wxpay
      .chain('v3/fund-app/mch-transfer/transfer-bills/out-bill-no/{out_bill_no}/cancel')
      .post<object, Answer<TransferCancelAnswer>>({}, { out_bill_no: no } as object);
    expect(cancelled).toMatchObject({ out_bill_no: no, state: 'CANCELING' });
    const { data: after } = await wxpay
      .chain('v3/fund-app/mch-transfer/transfer-bills/out-bill-no/{out_bill_no}')
      .get<unknown, Answer<TransferBill>>({ out_bill_no: no });
    expect(after.state).toBe('CANCELLED');
  });
});
