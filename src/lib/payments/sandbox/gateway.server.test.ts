/**
 * The sandbox gateway through the shop's own WeChat Pay client (wechatpay/client.server.ts), its
 * fetch routed in-process to handleSandboxRequest on an in-memory database, on a fake clock.
 */
import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { memoryDatabase } from '#tests/fixtures/db.ts';
import type { Database, DbOrTx } from '#lib/platform/db/client.server.ts';
import { sandboxNotifications, sandboxTransactions } from '#lib/platform/db/schema.ts';
import { GatewayError, WechatPayClient } from '#lib/payments/wechatpay/client.server.ts';
import {
  authorization,
  chinaTime,
  decryptResource,
  jsapiPayParams,
  unixSeconds,
  verifySignedHeaders,
  type Notification,
} from '#lib/payments/wechatpay/protocol.ts';
import type { RefundNotice, Transaction } from '#lib/payments/wechatpay/resources.ts';
import { sandboxKeys, type SandboxKeys } from './keys.server.ts';
import {
  deliverDueNotifications,
  handleSandboxRequest,
  sandboxBridgePay,
  sandboxCancel,
  sandboxConfirm,
  startSandboxNotifier,
} from './gateway.server.ts';
import { MAX_TRIES, RETRY_BACKOFF_MS } from './notifications.server.ts';
import { handleCashierPost, readSandboxCashier } from './cashier.server.ts';

const APP_ID = 'wxsandbox0000000';
const ORIGIN = 'http://sandbox.test';
const BASE = `${ORIGIN}/sandbox/wechatpay/`;
const NOTIFY = 'http://shop.test/api/payment/notify/wechatpay';
const REFUND_NOTIFY = 'http://shop.test/api/payment/notify/wechatpay/refund';

let database: Database;
let keys: SandboxKeys;
const clock = { now: new Date('2026-11-23T02:00:00Z') };
const later = (ms: number) => new Date(clock.now.getTime() + ms);

beforeAll(async () => {
  database = await memoryDatabase({ seed: false });
  keys = await sandboxKeys(database.db);
});
afterAll(() => database.close());

function gatewayFetch(now: () => Date): typeof fetch {
  return (input, init) =>
    handleSandboxRequest(database.db, new Request(input, init), { now: now() });
}

function client(now: () => Date = () => clock.now): WechatPayClient {
  return new WechatPayClient(
    {
      mchId: keys.mchId,
      serial: keys.merchantSerial,
      privateKey: keys.merchantPrivateKey,
      apiV3Key: keys.apiV3Key,
      platformKeys: new Map([[keys.platformKeyId, keys.platformPublicKey]]),
      baseUrl: BASE,
      appId: APP_ID,
      fetch: gatewayFetch(() => clock.now),
    },
    now,
  );
}

let serial = 0;
const tradeNo = () => `T${Date.now().toString(36)}${(serial += 1)}`.toUpperCase();

function order(outTradeNo: string, overrides: Record<string, unknown> = {}) {
  return {
    description: '小鹿优选-订单',
    out_trade_no: outTradeNo,
    time_expire: chinaTime(later(15 * 60_000)),
    notify_url: NOTIFY,
    amount: { total: 1000, currency: 'CNY' as const },
    ...overrides,
  };
}

async function refusal(promise: Promise<unknown>): Promise<GatewayError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(GatewayError);
  return error as GatewayError;
}

/** A request signed by hand (any body, any key, any time) for the cases the client never sends. */
async function raw(
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  options: {
    text?: string;
    key?: SandboxKeys['merchantPrivateKey'];
    serial?: string;
    mchId?: string;
    timestamp?: number;
    noAuth?: boolean;
  } = {},
) {
  const url = new URL(path, BASE);
  const text = options.text ?? (body === undefined ? '' : JSON.stringify(body));
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (!options.noAuth) {
    headers['Authorization'] = authorization({
      mchId: options.mchId ?? keys.mchId,
      serial: options.serial ?? keys.merchantSerial,
      privateKey: options.key ?? keys.merchantPrivateKey,
      method,
      url: `${url.pathname}${url.search}`,
      body: text,
      timestamp: options.timestamp ?? unixSeconds(clock.now),
    });
  }
  const response = await handleSandboxRequest(
    database.db,
    new Request(url, { method, headers, body: method === 'GET' ? null : text }),
    { now: clock.now },
  );
  const answer = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    text: answer,
    body: answer ? (JSON.parse(answer) as { code?: string; message?: string }) : null,
  };
}

const platformKeys = () => new Map([[keys.platformKeyId, keys.platformPublicKey]]);

async function prepayNative(outTradeNo: string, overrides: Record<string, unknown> = {}) {
  const answer = await client().prepay('native', order(outTradeNo, overrides));
  const row = await database.db
    .select({ prepayId: sandboxTransactions.prepayId })
    .from(sandboxTransactions)
    .where(eq(sandboxTransactions.outTradeNo, outTradeNo));
  return { ...answer, prepayId: row[0]!.prepayId };
}

async function paid(outTradeNo: string, total = 1000) {
  const { prepayId } = await prepayNative(outTradeNo, { amount: { total, currency: 'CNY' } });
  const confirmed = await sandboxConfirm(database.db, prepayId, { now: clock.now });
  expect(confirmed.ok).toBe(true);
  return prepayId;
}

/** Notifications still owed, oldest first, and drops them so each test sees only its own. */
async function takeQueued() {
  const rows = await database.db.select().from(sandboxNotifications);
  await database.db.delete(sandboxNotifications);
  return rows;
}

describe('prepay', () => {
  it('answers the same prepay for the same request, 201 商户订单号重复 for other fields', async () => {
    const no = tradeNo();
    const first = await client().prepay('native', order(no));
    expect(first.code_url).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=[0-9a-f]{20}$/);
    expect(await client().prepay('native', order(no))).toEqual(first);

    const changed = await refusal(
      client().prepay('native', order(no, { amount: { total: 999, currency: 'CNY' } })),
    );
    expect([changed.status, changed.code, changed.message]).toEqual([
      400,
      'INVALID_REQUEST',
      '400 INVALID_REQUEST: 201 商户订单号重复',
    ]);
    // Another kind of transaction under the same number is another request, too.
    const h5 = await refusal(
      client().prepay('h5', {
        ...order(no),
        scene_info: { payer_client_ip: '127.0.0.1', h5_info: { type: 'Wap' } },
      }),
    );
    expect(h5.code).toBe('INVALID_REQUEST');
  });

  it('answers each kind: prepay_id, h5_url on the cashier page of the asked origin, code_url', async () => {
    const jsapi = await client().prepay('jsapi', {
      ...order(tradeNo()),
      payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
    });
    expect(jsapi.prepay_id).toMatch(/^wx\d{14}[0-9a-f]{20}$/);

    const h5 = await client().prepay('h5', {
      ...order(tradeNo()),
      scene_info: { payer_client_ip: '203.0.113.9', h5_info: { type: 'Wap' } },
    });
    const url = new URL(h5.h5_url);
    expect(url.origin + url.pathname).toBe(`${ORIGIN}/sandbox/wechatpay/cashier`);
    expect(url.searchParams.get('prepay_id')).toMatch(/^wx\d{14}[0-9a-f]{20}$/);
  });

  it('refuses what the kind requires and does not have', async () => {
    const noPayer = await refusal(client().prepay('jsapi', order(tradeNo())));
    expect([noPayer.status, noPayer.code]).toEqual([400, 'PARAM_ERROR']);
    expect(noPayer.message).toContain('payer');

    const noScene = await refusal(client().prepay('h5', order(tradeNo())));
    expect(noScene.message).toContain('scene_info');

    const noH5Info = await refusal(
      client().prepay('h5', { ...order(tradeNo()), scene_info: { payer_client_ip: '1.2.3.4' } }),
    );
    expect(noH5Info.message).toContain('scene_info.h5_info');
  });

  it('refuses bad fields with PARAM_ERROR naming the field', async () => {
    const base = { appid: APP_ID, mchid: '', ...order(tradeNo()) };
    base.mchid = keys.mchId;
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, foo: 1 }, '未知参数 foo'],
      [{ ...base, amount: { total: 0, currency: 'CNY' } }, 'amount.total'],
      [{ ...base, amount: { total: 1.5, currency: 'CNY' } }, 'amount.total'],
      [{ ...base, amount: { total: '100', currency: 'CNY' } }, 'amount.total'],
      [{ ...base, amount: { total: 100, currency: 'USD' } }, 'amount.currency'],
      [{ ...base, amount: { total: 100, extra: 1 } }, '未知参数 amount.extra'],
      [{ ...base, description: '好'.repeat(43) }, 'description'],
      [{ ...base, out_trade_no: 'abc' }, 'out_trade_no'],
      [{ ...base, out_trade_no: 'abc def 1' }, 'out_trade_no'],
      [{ ...base, time_expire: 'tomorrow' }, 'time_expire'],
      [{ ...base, time_expire: chinaTime(later(-1000)) }, 'time_expire'],
      [{ ...base, notify_url: 'ftp://shop.test/notify' }, 'notify_url'],
      [{ ...base, mchid: '1900000001' }, 'mchid'],
      [{ ...base, notify_url: undefined }, '缺少参数 notify_url'],
      [{ ...base, scene_info: { payer_client_ip: 'not-an-ip' } }, 'scene_info.payer_client_ip'],
    ];
    for (const [body, field] of cases) {
      const answer = await raw('POST', 'v3/pay/transactions/native', body);
      expect([answer.status, answer.body?.code], field).toEqual([400, 'PARAM_ERROR']);
      expect(answer.body?.message, field).toContain(field);
    }
    const notJson = await raw('POST', 'v3/pay/transactions/native', undefined, { text: '{' });
    expect([notJson.status, notJson.body?.code]).toEqual([400, 'PARAM_ERROR']);
    const array = await raw('POST', 'v3/pay/transactions/native', [1]);
    expect([array.status, array.body?.code]).toEqual([400, 'PARAM_ERROR']);

    const otherApp = await raw('POST', 'v3/pay/transactions/native', {
      ...base,
      appid: 'wx0000000000000000',
    });
    expect([otherApp.status, otherApp.body?.code]).toEqual([400, 'APPID_MCHID_NOT_MATCH']);
  });
});

describe('the merchant signature', () => {
  it('refuses a bad signature, an old timestamp, another serial or merchant with 401 SIGN_ERROR', async () => {
    const { privateKey: otherKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const query = `v3/pay/transactions/out-trade-no/${tradeNo()}?mchid=${keys.mchId}`;
    const cases = [
      await raw('GET', query, undefined, { key: otherKey }),
      await raw('GET', query, undefined, { timestamp: unixSeconds(later(-301_000)) }),
      await raw('GET', query, undefined, { timestamp: unixSeconds(later(301_000)) }),
      await raw('GET', query, undefined, { serial: 'ABCDEF0123456789' }),
      await raw('GET', query, undefined, { mchId: '1900000001' }),
      await raw('GET', query, undefined, { noAuth: true }),
    ];
    for (const answer of cases) {
      expect([answer.status, answer.body]).toEqual([
        401,
        { code: 'SIGN_ERROR', message: '签名错误' },
      ]);
      // Refusals are signed like every answer.
      expect(
        verifySignedHeaders({
          headers: answer.headers,
          body: answer.text,
          keys: platformKeys(),
          now: clock.now,
        }),
      ).toEqual({ ok: true });
      expect(answer.headers.get('request-id')).toMatch(/^[0-9A-F]{40}$/);
      expect(answer.headers.get('wechatpay-serial')).toBe(keys.platformKeyId);
    }
    // Within the window either way is fine.
    const fresh = await raw('GET', query, undefined, { timestamp: unixSeconds(later(-299_000)) });
    expect(fresh.status).toBe(404);
  });

  it('refuses a body changed after signing, and the signature covers the path prefix', async () => {
    const { prepayId } = await prepayNative(tradeNo());
    expect(prepayId).toBeTruthy();
    const url = new URL('v3/pay/transactions/native', BASE);
    const body = JSON.stringify({ appid: APP_ID, mchid: keys.mchId, ...order(tradeNo()) });
    const signedWithoutPrefix = authorization({
      mchId: keys.mchId,
      serial: keys.merchantSerial,
      privateKey: keys.merchantPrivateKey,
      method: 'POST',
      url: '/v3/pay/transactions/native',
      body,
      timestamp: unixSeconds(clock.now),
    });
    const answer = await handleSandboxRequest(
      database.db,
      new Request(url, { method: 'POST', headers: { Authorization: signedWithoutPrefix }, body }),
      { now: clock.now },
    );
    expect(answer.status).toBe(401);
    const tampered = authorization({
      mchId: keys.mchId,
      serial: keys.merchantSerial,
      privateKey: keys.merchantPrivateKey,
      method: 'POST',
      url: url.pathname,
      body,
      timestamp: unixSeconds(clock.now),
    });
    const changed = await handleSandboxRequest(
      database.db,
      new Request(url, {
        method: 'POST',
        headers: { Authorization: tampered },
        body: body.replace('1000', '1'),
      }),
      { now: clock.now },
    );
    expect(changed.status).toBe(401);
  });

  it('answers 404 for paths it does not serve', async () => {
    const unknown = await raw('GET', 'v3/pay/transactions/nothing');
    expect([unknown.status, unknown.body?.code]).toEqual([404, 'NOT_FOUND']);
    const outside = await handleSandboxRequest(
      database.db,
      new Request(`${ORIGIN}/sandbox/wechatpay/v2/pay/unifiedorder`, { method: 'POST' }),
    );
    expect(outside.status).toBe(404);
  });
});

describe('query and close', () => {
  it('NOTPAY, then SUCCESS after the user pays; a paid transaction cannot be closed', async () => {
    const no = tradeNo();
    const { prepayId } = await prepayNative(no, { attach: 'group:7' });
    const before = await client().queryByOutTradeNo(no);
    expect(before).toEqual({
      appid: APP_ID,
      mchid: keys.mchId,
      out_trade_no: no,
      trade_state: 'NOTPAY',
      trade_state_desc: '订单未支付',
      attach: 'group:7',
      amount: { total: 1000, currency: 'CNY' },
    });

    const confirmed = await sandboxConfirm(database.db, prepayId, { now: clock.now });
    expect(confirmed.ok).toBe(true);
    const after = await client().queryByOutTradeNo(no);
    expect(after).toMatchObject({
      out_trade_no: no,
      trade_type: 'NATIVE',
      trade_state: 'SUCCESS',
      trade_state_desc: '支付成功',
      success_time: chinaTime(clock.now),
      amount: { total: 1000, payer_total: 1000, currency: 'CNY', payer_currency: 'CNY' },
    });
    expect(after.transaction_id).toMatch(/^4200\d{24}$/);
    expect(after.payer?.openid).toMatch(/^o[A-Za-z0-9_-]{27}$/);
    expect(confirmed.ok && confirmed.transaction).toEqual(after);

    // Paid once: a second confirm changes nothing.
    expect(await sandboxConfirm(database.db, prepayId, { now: clock.now })).toEqual({
      ok: false,
      reason: 'paid',
    });
    const close = await refusal(client().close(no));
    expect([close.status, close.code, close.message]).toEqual([
      400,
      'ORDERPAID',
      '400 ORDERPAID: 该订单已支付',
    ]);
    const again = await refusal(client().prepay('native', order(no)));
    expect(again.code).toBe('ORDERPAID');

    const byId = await raw(
      'GET',
      `v3/pay/transactions/id/${after.transaction_id}?mchid=${keys.mchId}`,
    );
    expect(byId.body).toEqual(after);
    await takeQueued();
  });

  it('CLOSED after close (204, signed), and the user can no longer pay', async () => {
    const no = tradeNo();
    const { prepayId } = await prepayNative(no);
    const answer = await raw('POST', `v3/pay/transactions/out-trade-no/${no}/close`, {
      mchid: keys.mchId,
    });
    expect([answer.status, answer.text]).toEqual([204, '']);
    expect(
      verifySignedHeaders({
        headers: answer.headers,
        body: '',
        keys: platformKeys(),
        now: clock.now,
      }),
    ).toEqual({ ok: true });
    await client().close(no); // closing a closed one is fine
    expect((await client().queryByOutTradeNo(no)).trade_state).toBe('CLOSED');
    expect(await sandboxConfirm(database.db, prepayId, { now: clock.now })).toEqual({
      ok: false,
      reason: 'closed',
    });
    const reopen = await refusal(client().prepay('native', order(no)));
    expect([reopen.code, reopen.message]).toEqual(['ORDER_CLOSED', '400 ORDER_CLOSED: 订单已关闭']);
    const extra = await raw('POST', `v3/pay/transactions/out-trade-no/${no}/close`, {
      mchid: keys.mchId,
      reason: 'x',
    });
    expect(extra.body).toEqual({ code: 'PARAM_ERROR', message: '未知参数 reason' });
  });

  it('CLOSED once time_expire has passed unpaid', async () => {
    const no = tradeNo();
    const { prepayId } = await prepayNative(no, { time_expire: chinaTime(later(60_000)) });
    expect((await client().queryByOutTradeNo(no)).trade_state).toBe('NOTPAY');
    const past = later(60_000);
    const late = client(() => past);
    // The gateway's clock moves on too.
    const saved = clock.now;
    clock.now = past;
    try {
      expect((await late.queryByOutTradeNo(no)).trade_state).toBe('CLOSED');
      expect(await sandboxConfirm(database.db, prepayId, { now: past })).toEqual({
        ok: false,
        reason: 'closed',
      });
    } finally {
      clock.now = saved;
    }
  });

  it('answers 404 ORDER_NOT_EXIST for an unknown number and checks the query', async () => {
    const unknown = await refusal(client().queryByOutTradeNo('NOSUCHORDER1'));
    expect([unknown.status, unknown.code]).toEqual([404, 'ORDER_NOT_EXIST']);
    const noMchid = await raw('GET', `v3/pay/transactions/out-trade-no/NOSUCHORDER1`);
    expect(noMchid.body).toEqual({ code: 'PARAM_ERROR', message: '缺少参数 mchid' });
    const other = await raw('GET', `v3/pay/transactions/out-trade-no/NOSUCHORDER1?mchid=1`);
    expect(other.body?.message).toContain('mchid');
    const extra = await raw(
      'GET',
      `v3/pay/transactions/out-trade-no/NOSUCHORDER1?mchid=${keys.mchId}&x=1`,
    );
    expect(extra.body).toEqual({ code: 'PARAM_ERROR', message: '未知参数 x' });
  });
});

describe('refunds', () => {
  it('one refund per out_refund_no, never more than was paid', async () => {
    const no = tradeNo();
    await paid(no, 1000);
    await takeQueued();
    const request = (outRefundNo: string, refund: number) => ({
      out_trade_no: no,
      out_refund_no: outRefundNo,
      reason: '售后退款',
      notify_url: REFUND_NOTIFY,
      amount: { refund, total: 1000, currency: 'CNY' as const },
    });
    const first = await client().refund(request(`${no}-R1`, 300));
    expect(first).toMatchObject({
      out_refund_no: `${no}-R1`,
      out_trade_no: no,
      channel: 'ORIGINAL',
      status: 'PROCESSING',
      amount: { total: 1000, refund: 300, payer_total: 1000, payer_refund: 300, currency: 'CNY' },
    });
    expect(first.refund_id).toMatch(/^5030\d{25}$/);

    const repeat = await client().refund(request(`${no}-R1`, 300));
    expect(repeat.refund_id).toBe(first.refund_id);
    expect(repeat.status).toBe('SUCCESS');
    expect(await client().queryRefund(`${no}-R1`)).toEqual(repeat);
    expect(repeat.success_time).toBe(chinaTime(clock.now));
    expect((await client().queryByOutTradeNo(no)).trade_state).toBe('REFUND');

    const tooMuch = await refusal(client().refund(request(`${no}-R2`, 701)));
    expect([tooMuch.status, tooMuch.code, tooMuch.message]).toEqual([
      400,
      'NOT_ENOUGH',
      '400 NOT_ENOUGH: 退款金额超过订单可退金额',
    ]);
    const rest = await client().refund(request(`${no}-R3`, 700));
    expect(rest.status).toBe('PROCESSING');
    expect((await refusal(client().refund(request(`${no}-R4`, 1)))).code).toBe('NOT_ENOUGH');

    const sameNoOtherAmount = await refusal(client().refund(request(`${no}-R1`, 200)));
    expect(sameNoOtherAmount.code).toBe('INVALID_REQUEST');
    const wrongTotal = await refusal(
      client().refund({
        ...request(`${no}-R5`, 1),
        amount: { refund: 1, total: 999, currency: 'CNY' },
      }),
    );
    expect([wrongTotal.code, wrongTotal.message]).toEqual([
      'PARAM_ERROR',
      '400 PARAM_ERROR: 参数 amount.total 无效：与订单金额不一致',
    ]);
    // Two refunds queued their notifications; the repeat and the refusals none.
    const queued = await takeQueued();
    expect(queued.map((n) => n.url)).toEqual([REFUND_NOTIFY, REFUND_NOTIFY]);

    const byTransactionId = await raw('POST', 'v3/refund/domestic/refunds', {
      transaction_id: (await client().queryByOutTradeNo(no)).transaction_id,
      out_refund_no: `${no}-R1`,
      amount: { refund: 300, total: 1000, currency: 'CNY' },
    });
    expect(byTransactionId.body).toEqual(repeat);
  });

  it('refuses a refund of an unpaid or unknown transaction, and bad refund requests', async () => {
    const no = tradeNo();
    await prepayNative(no);
    const body = (outTradeNo: string) => ({
      out_trade_no: outTradeNo,
      out_refund_no: `${outTradeNo}-R1`,
      amount: { refund: 100, total: 1000, currency: 'CNY' as const },
    });
    const unpaid = await refusal(client().refund(body(no)));
    expect([unpaid.status, unpaid.code]).toEqual([400, 'RESOURCE_NOT_EXISTS']);
    const unknown = await refusal(client().refund(body('NOSUCHORDER2')));
    expect([unknown.status, unknown.code]).toEqual([404, 'ORDER_NOT_EXIST']);
    const missing = await refusal(client().queryRefund('NOSUCHREFUND'));
    expect([missing.status, missing.code]).toEqual([404, 'RESOURCE_NOT_EXISTS']);

    const both = await raw('POST', 'v3/refund/domestic/refunds', {
      ...body(no),
      transaction_id: '4200000000000000000000000000',
    });
    expect(both.body?.code).toBe('PARAM_ERROR');
    const neither = await raw('POST', 'v3/refund/domestic/refunds', {
      out_refund_no: 'R-1',
      amount: { refund: 1, total: 1, currency: 'CNY' },
    });
    expect(neither.body?.message).toContain('out_trade_no');
    const over = await raw('POST', 'v3/refund/domestic/refunds', {
      ...body(no),
      amount: { refund: 2000, total: 1000, currency: 'CNY' },
    });
    expect(over.body?.message).toContain('amount.refund');
    const noCurrency = await raw('POST', 'v3/refund/domestic/refunds', {
      ...body(no),
      amount: { refund: 1, total: 1000 },
    });
    expect(noCurrency.body).toEqual({ code: 'PARAM_ERROR', message: '缺少参数 amount.currency' });
  });
});

describe('notifications', () => {
  /** A merchant that answers each post with the next status of its script. */
  function merchant(statuses: number[]) {
    const posts: { url: string; headers: Headers; body: string }[] = [];
    const fetch: typeof globalThis.fetch = async (input, init) => {
      posts.push({
        url: String(input),
        headers: new Headers(init?.headers),
        body: String(init?.body),
      });
      const status = statuses[Math.min(posts.length - 1, statuses.length - 1)]!;
      return new Response(status === 204 ? null : '{"code":"SUCCESS"}', { status });
    };
    return { posts, fetch };
  }

  it('posts TRANSACTION.SUCCESS signed and encrypted, retries on the back-off until 200', async () => {
    await takeQueued();
    const no = tradeNo();
    await paid(no);
    const merchantSide = merchant([500, 202, 404, 200]);
    const t0 = clock.now.getTime();
    const at = (ms: number) => new Date(t0 + ms);

    expect(
      await deliverDueNotifications(database.db, { now: at(0), fetch: merchantSide.fetch }),
    ).toBe(0);
    expect(merchantSide.posts).toHaveLength(1);
    // Not due before its wait is over.
    await deliverDueNotifications(database.db, { now: at(14_999), fetch: merchantSide.fetch });
    expect(merchantSide.posts).toHaveLength(1);
    await deliverDueNotifications(database.db, { now: at(15_000), fetch: merchantSide.fetch });
    await deliverDueNotifications(database.db, { now: at(29_999), fetch: merchantSide.fetch });
    expect(merchantSide.posts).toHaveLength(2);
    await deliverDueNotifications(database.db, { now: at(30_000), fetch: merchantSide.fetch });
    await deliverDueNotifications(database.db, { now: at(59_999), fetch: merchantSide.fetch });
    expect(merchantSide.posts).toHaveLength(3);
    expect(
      await deliverDueNotifications(database.db, { now: at(60_000), fetch: merchantSide.fetch }),
    ).toBe(1);
    expect(merchantSide.posts).toHaveLength(4);
    // Delivered: never posted again.
    await deliverDueNotifications(database.db, { now: at(86_400_000), fetch: merchantSide.fetch });
    expect(merchantSide.posts).toHaveLength(4);

    const [row] = await takeQueued();
    expect(row).toMatchObject({ attempts: 4, lastResult: 'HTTP 200', deliveredAt: at(60_000) });

    const times = [0, 15_000, 30_000, 60_000];
    const nonces = new Set<string>();
    const query = await client().queryByOutTradeNo(no);
    for (const [i, post] of merchantSide.posts.entries()) {
      expect(post.url).toBe(NOTIFY);
      expect(post.headers.get('content-type')).toBe('application/json');
      expect(post.body).toBe(merchantSide.posts[0]!.body);
      expect(post.headers.get('wechatpay-timestamp')).toBe(String(unixSeconds(at(times[i]!))));
      nonces.add(post.headers.get('wechatpay-nonce')!);
      expect(
        verifySignedHeaders({
          headers: post.headers,
          body: post.body,
          keys: platformKeys(),
          now: at(times[i]!),
        }),
      ).toEqual({ ok: true });
      // The shop's own adapter opens it, as its notify endpoint will.
      const opened = client(() => at(times[i]!)).openNotification<Transaction>(
        post.headers,
        post.body,
      );
      expect(opened.ok && opened.resource).toEqual(query);
    }
    expect(nonces.size).toBe(4);
    const notification = JSON.parse(merchantSide.posts[0]!.body) as Notification;
    expect(notification).toMatchObject({
      event_type: 'TRANSACTION.SUCCESS',
      resource_type: 'encrypt-resource',
      summary: '支付成功',
      resource: {
        algorithm: 'AEAD_AES_256_GCM',
        associated_data: 'transaction',
        original_type: 'transaction',
      },
    });
    expect(decryptResource(notification.resource, 'x'.repeat(32))).toBeNull();
  });

  it('follows the whole schedule, then gives up', async () => {
    await takeQueued();
    await paid(tradeNo());
    const merchantSide = merchant([503]);
    let now = clock.now.getTime();
    const waits: number[] = [];
    for (let i = 0; i < MAX_TRIES; i++) {
      await deliverDueNotifications(database.db, { now: new Date(now), fetch: merchantSide.fetch });
      const [row] = await database.db.select().from(sandboxNotifications);
      waits.push(row!.nextAttemptAt.getTime() - now);
      now = row!.nextAttemptAt.getTime();
    }
    expect(merchantSide.posts).toHaveLength(MAX_TRIES);
    expect(waits.slice(0, -1)).toEqual(RETRY_BACKOFF_MS);
    expect(RETRY_BACKOFF_MS.map((ms) => ms / 1000)).toEqual([
      15, 15, 30, 180, 600, 1200, 1800, 1800, 1800, 3600, 10800, 10800, 10800, 21600, 21600,
    ]);
    await deliverDueNotifications(database.db, {
      now: new Date(now + 30 * 86_400_000),
      fetch: merchantSide.fetch,
    });
    expect(merchantSide.posts).toHaveLength(MAX_TRIES);
    const [row] = await takeQueued();
    expect(row).toMatchObject({ attempts: 16, deliveredAt: null });
    expect(row!.lastResult).toBe('gave up after 16 tries: HTTP 503');
  });

  it('counts a merchant that cannot be reached as a failed try, and 204 as delivered', async () => {
    await takeQueued();
    await paid(tradeNo());
    const unreachable: typeof fetch = () => Promise.reject(new TypeError('fetch failed'));
    await deliverDueNotifications(database.db, { now: clock.now, fetch: unreachable });
    const [row] = await database.db.select().from(sandboxNotifications);
    expect(row).toMatchObject({ attempts: 1, lastResult: 'error: fetch failed' });
    const ok = merchant([204]);
    expect(
      await deliverDueNotifications(database.db, { now: later(15_000), fetch: ok.fetch }),
    ).toBe(1);
    expect((await takeQueued())[0]).toMatchObject({ attempts: 2, lastResult: 'HTTP 204' });
  });

  it('never posts the same try twice from rounds running together', async () => {
    await takeQueued();
    await paid(tradeNo());
    await paid(tradeNo());
    const merchantSide = merchant([200]);
    const rounds = await Promise.all(
      [1, 2, 3].map(() =>
        deliverDueNotifications(database.db, { now: clock.now, fetch: merchantSide.fetch }),
      ),
    );
    expect(rounds.reduce((a, b) => a + b, 0)).toBe(2);
    expect(merchantSide.posts).toHaveLength(2);
    await takeQueued();
  });

  it('posts REFUND.SUCCESS to the refund notify_url, the resource a RefundNotice', async () => {
    await takeQueued();
    const no = tradeNo();
    await paid(no);
    await takeQueued();
    const made = await client().refund({
      out_trade_no: no,
      out_refund_no: `${no}-R1`,
      notify_url: REFUND_NOTIFY,
      amount: { refund: 250, total: 1000, currency: 'CNY' },
    });
    const merchantSide = merchant([200]);
    expect(
      await deliverDueNotifications(database.db, { now: clock.now, fetch: merchantSide.fetch }),
    ).toBe(1);
    const [post] = merchantSide.posts;
    expect(post!.url).toBe(REFUND_NOTIFY);
    const opened = client().openNotification<RefundNotice>(post!.headers, post!.body);
    expect(opened.ok).toBe(true);
    if (!opened.ok) return;
    expect(opened.notification).toMatchObject({
      event_type: 'REFUND.SUCCESS',
      summary: '退款成功',
    });
    expect(opened.notification.resource.associated_data).toBe('refund');
    expect(opened.resource).toEqual({
      mchid: keys.mchId,
      out_trade_no: no,
      transaction_id: made.transaction_id,
      out_refund_no: `${no}-R1`,
      refund_id: made.refund_id,
      refund_status: 'SUCCESS',
      success_time: chinaTime(clock.now),
      user_received_account: '支付用户零钱',
      amount: { total: 1000, refund: 250, payer_total: 1000, payer_refund: 250 },
    });
    await takeQueued();
  });
});

describe('the notifier', () => {
  it('logs a failing round and goes on until stopped', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    let rounds = 0;
    const fail = () => {
      rounds += 1;
      throw new Error('database away');
    };
    const away = { select: fail, update: fail } as unknown as DbOrTx;
    const stop = startSandboxNotifier(away, { intervalMs: 5 });
    await vi.waitFor(() => expect(rounds).toBeGreaterThanOrEqual(2));
    stop();
    const after = rounds;
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(rounds).toBe(after);
    expect(logged).toHaveBeenCalledWith(
      '[sandbox-wechatpay] notification round failed:',
      'database away',
    );
    logged.mockRestore();
  });
});

describe('the in-app pay bridge', () => {
  async function jsapi() {
    const no = tradeNo();
    const { prepay_id } = await client().prepay('jsapi', {
      ...order(no),
      payer: { openid: 'oSandboxPayer0000000000000001' },
    });
    return { no, prepayId: prepay_id };
  }

  it('pays with a paySign that verifies, once, as the JSAPI payer', async () => {
    await takeQueued();
    const { no, prepayId } = await jsapi();
    const params = client().payParams(prepayId);
    expect(await sandboxBridgePay(database.db, params, { now: clock.now })).toEqual({
      err_msg: 'get_brand_wcpay_request:ok',
    });
    const query = await client().queryByOutTradeNo(no);
    expect(query).toMatchObject({ trade_state: 'SUCCESS', trade_type: 'JSAPI' });
    expect(query.payer?.openid).toBe('oSandboxPayer0000000000000001');
    expect(await sandboxBridgePay(database.db, params, { now: clock.now })).toEqual({
      err_msg: 'get_brand_wcpay_request:fail',
      err_desc: '该订单已支付',
    });
    expect(await takeQueued()).toHaveLength(1);
  });

  it('refuses a wrong paySign, another app, a changed field or a prepay that is not JSAPI', async () => {
    const { no, prepayId } = await jsapi();
    const good = client().payParams(prepayId);
    const forged = jsapiPayParams({
      appId: APP_ID,
      prepayId,
      privateKey: keys.platformPrivateKey,
    });
    const h5 = await client().prepay('h5', {
      ...order(tradeNo()),
      scene_info: { payer_client_ip: '127.0.0.1', h5_info: { type: 'Wap' } },
    });
    const h5Prepay = new URL(h5.h5_url).searchParams.get('prepay_id')!;
    const attempts = [
      forged,
      { ...good, paySign: good.paySign.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')) },
      { ...good, nonceStr: 'CHANGED' },
      { ...good, appId: 'wxother' },
      { ...good, signType: 'HMAC-SHA256' as 'RSA' },
      client().payParams(h5Prepay),
      null as unknown as typeof good,
    ];
    for (const params of attempts) {
      const answer = await sandboxBridgePay(database.db, params, { now: clock.now });
      expect(answer.err_msg).toBe('get_brand_wcpay_request:fail');
    }
    expect((await client().queryByOutTradeNo(no)).trade_state).toBe('NOTPAY');
    expect(await sandboxBridgePay(database.db, good, { now: clock.now, cancel: true })).toEqual({
      err_msg: 'get_brand_wcpay_request:cancel',
    });
    expect((await client().queryByOutTradeNo(no)).trade_state).toBe('NOTPAY');
    await takeQueued();
  });
});

describe('the cashier page', () => {
  const host = 'sandbox.test';
  const form = (fields: Record<string, string>, headers: Record<string, string>) =>
    new Request(`${ORIGIN}/sandbox/wechatpay/cashier/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(fields).toString(),
    });
  async function h5() {
    const no = tradeNo();
    const { h5_url } = await client().prepay('h5', {
      ...order(no, { description: '连衣裙 x1' }),
      scene_info: { payer_client_ip: '127.0.0.1', h5_info: { type: 'Wap' } },
    });
    return { no, prepayId: new URL(h5_url).searchParams.get('prepay_id')! };
  }

  it('shows the transaction, pays it and sends the browser back to the same origin', async () => {
    const { no, prepayId } = await h5();
    expect(await readSandboxCashier(database.db, { prepayId, now: clock.now })).toEqual({
      state: 'open',
      prepayId,
      mchId: keys.mchId,
      description: '连衣裙 x1',
      totalCents: 1000,
      merchantOrigin: 'http://shop.test',
    });
    const back = `${ORIGIN}/paySuccess?shopId=1001&orderNo=9`;
    const crossSite = await handleCashierPost(
      database.db,
      form({ prepay_id: prepayId, redirect_url: back }, { 'sec-fetch-site': 'cross-site' }),
      { decision: 'confirm', origin: ORIGIN, host, now: clock.now },
    );
    expect(crossSite.status).toBe(403);
    const noOrigin = await handleCashierPost(
      database.db,
      form({ prepay_id: prepayId, redirect_url: back }, {}),
      { decision: 'confirm', origin: ORIGIN, host, now: clock.now },
    );
    expect(noOrigin.status).toBe(403);
    expect((await client().queryByOutTradeNo(no)).trade_state).toBe('NOTPAY');

    const confirmed = await handleCashierPost(
      database.db,
      form({ prepay_id: prepayId, redirect_url: back }, { 'sec-fetch-site': 'same-origin' }),
      { decision: 'confirm', origin: ORIGIN, host, now: clock.now },
    );
    expect([confirmed.status, confirmed.headers.get('location')]).toEqual([303, back]);
    expect((await client().queryByOutTradeNo(no)).trade_state).toBe('SUCCESS');
    expect((await readSandboxCashier(database.db, { prepayId, now: clock.now })).state).toBe(
      'paid',
    );
    await takeQueued();
  });

  it('says what happened on its own page when redirect_url is another site', async () => {
    const { no, prepayId } = await h5();
    const cancelled = await handleCashierPost(
      database.db,
      form({ prepay_id: prepayId, redirect_url: 'https://evil.test/x' }, { origin: ORIGIN }),
      { decision: 'cancel', origin: ORIGIN, host, now: clock.now },
    );
    expect(cancelled.status).toBe(303);
    const location = new URL(cancelled.headers.get('location')!, ORIGIN);
    expect(location.pathname).toBe('/sandbox/wechatpay/cashier');
    expect(location.searchParams.get('result')).toBe('cancelled');
    expect(location.searchParams.get('redirect_url')).toBe('https://evil.test/x');
    expect((await client().queryByOutTradeNo(no)).trade_state).toBe('NOTPAY');
    expect(await sandboxCancel(database.db, prepayId, { now: clock.now })).toEqual({ ok: true });

    const confirmed = await handleCashierPost(
      database.db,
      form({ prepay_id: prepayId, redirect_url: 'javascript:alert(1)' }, { origin: ORIGIN }),
      { decision: 'confirm', origin: ORIGIN, host, now: clock.now },
    );
    expect(new URL(confirmed.headers.get('location')!, ORIGIN).searchParams.get('result')).toBe(
      'paid',
    );
    await takeQueued();
  });

  it('pays a JSAPI transaction too (a page without the app’s bridge); a native one is found by its code_url token', async () => {
    const { prepay_id } = await client().prepay('jsapi', {
      ...order(tradeNo()),
      payer: { openid: 'oSandboxPayer0000000000000002' },
    });
    expect(
      (await readSandboxCashier(database.db, { prepayId: prepay_id, now: clock.now })).state,
    ).toBe('open');
    const paid = await handleCashierPost(
      database.db,
      form({ prepay_id }, { 'sec-fetch-site': 'same-origin' }),
      { decision: 'confirm', origin: ORIGIN, host, now: clock.now },
    );
    expect(new URL(paid.headers.get('location')!, ORIGIN).searchParams.get('result')).toBe('paid');
    await takeQueued();

    const native = await prepayNative(tradeNo());
    const token = new URL(native.code_url.replace('weixin://', 'http://')).searchParams.get('pr');
    expect(
      await readSandboxCashier(database.db, { codeToken: token, now: clock.now }),
    ).toMatchObject({
      state: 'open',
      prepayId: native.prepayId,
    });
    expect((await readSandboxCashier(database.db, { prepayId: 'wx1' })).state).toBe('missing');
  });
});
