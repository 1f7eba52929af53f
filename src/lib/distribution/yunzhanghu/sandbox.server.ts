/**
 * The 云账户 sandbox of a demo (decision 055), at /sandbox/yunzhanghu on this shop's own origin:
 * 银行卡实时支付 and 查询单笔订单信息 answered as the API answers them. A request must carry the
 * sandbox platform's `dealer-id` and an envelope signed and encrypted with its keys (the real
 * adapter's protocol); anything else is refused with the API's codes. Its orders are kept in
 * sandbox_payout_bills under the order id: an order id is paid once (asked again, the API says it
 * has it); a card number ending 0000 is refused as the bank would refuse a closed account; every
 * other order is paid at once, with no tax of the platform's own (the shop withholds it).
 * 查询电子回单 of a paid order answers a link to its receipt, a PNG the sandbox draws, signed and
 * good for ten minutes as the platform's are; an order not paid has no receipt.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { svgInput } from '#lib/media/index.server.ts';
import { formatYuan } from '#lib/platform/money.ts';
import { chinaDateTime } from '#lib/platform/time.ts';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { sandboxPayoutBills } from '#lib/platform/db/schema.ts';
import { serverSecret } from '#lib/platform/secrets.server.ts';
import { luhnValid } from '../withdrawal.ts';
import { ORDER_EXISTS, ORDER_NOT_FOUND } from './client.server.ts';
import { type Credentials, centsOf, encrypt, open } from './protocol.server.ts';

/** Where a demo's platform answers, on the shop's own origin. */
export const SANDBOX_ROOT = '/sandbox/yunzhanghu';
export const SANDBOX_DEALER_ID = '27310001';
export const SANDBOX_BROKER_ID = 'yiyun73';
const FAILED_REASON = '收款账户状态异常，请更换银行卡';
/** How long a receipt's download link lasts. */
const RECEIPT_LINK_MS = 10 * 60_000;
/** The sandbox's code for 查询电子回单 of an order that was not paid (no receipt is made). */
export const NO_RECEIPT = '2019';

/** The sandbox platform's keys, made once per database. */
export async function yunzhanghuSandboxKeys(db: DbOrTx): Promise<Credentials> {
  const secret = createHash('sha256')
    .update(await serverSecret(db, 'yunzhanghu-sandbox'))
    .digest();
  return {
    appKey: secret.subarray(0, 16).toString('hex'),
    des3Key: secret.toString('base64url').slice(8, 32),
  };
}

const answer = (code: string, message: string, data: unknown = {}) =>
  Response.json({ code, message, request_id: randomBytes(8).toString('hex'), data });

/** Answers one request under /sandbox/yunzhanghu. */
export async function answerYunzhanghu(request: Request, db: DbOrTx): Promise<Response> {
  const url = new URL(request.url);
  const path = url.pathname.startsWith(SANDBOX_ROOT) ? url.pathname.slice(SANDBOX_ROOT.length) : '';
  const fields =
    request.method === 'POST'
      ? new URLSearchParams(await request.text())
      : new URLSearchParams(url.search);
  // The receipt's download link: no envelope, its own signature and time limit, as a file
  // store's signed link has.
  const file = /^\/receipt\/([\w-]+)\.png$/.exec(path);
  if (request.method === 'GET' && file) return receiptFile(db, file[1]!, url.searchParams);
  if (request.headers.get('dealer-id') !== SANDBOX_DEALER_ID) {
    return answer('1001', '平台企业ID错误');
  }
  const keys = await yunzhanghuSandboxKeys(db);
  const params = open<Record<string, string>>(Object.fromEntries(fields), keys);
  if (!params) return answer('1002', '签名校验失败');
  if (request.method === 'POST' && path === '/api/payment/v1/order-bankpay') {
    return bankpay(db, params);
  }
  if (request.method === 'GET' && path === '/api/payment/v1/query-order') {
    return queryOrder(db, params, keys);
  }
  if (request.method === 'GET' && path === '/api/payment/v1/receipt/file') {
    return receiptLink(db, params, url.origin);
  }
  return answer('1003', '接口不存在');
}

async function bankpay(db: DbOrTx, params: Record<string, string>): Promise<Response> {
  const orderId = params['order_id'] ?? '';
  const cardNo = params['card_no'] ?? '';
  const cents = centsOf(params['pay'] ?? '');
  if (params['dealer_id'] !== SANDBOX_DEALER_ID || params['broker_id'] !== SANDBOX_BROKER_ID) {
    return answer('1001', '平台企业ID或综合服务主体ID错误');
  }
  if (!/^[\w-]{1,64}$/.test(orderId)) return answer('2001', '平台企业订单号格式错误');
  if (!params['real_name'] || !/^\d{17}[\dX]$/.test(params['id_card'] ?? '')) {
    return answer('2003', '姓名或身份证号码错误');
  }
  if (!/^\d{12,19}$/.test(cardNo) || !luhnValid(cardNo)) return answer('2004', '银行卡号错误');
  if (cents === null || cents < 1) return answer('2005', '订单金额错误');
  const refused = cardNo.endsWith('0000');
  const ref = `YZH${randomBytes(10).toString('hex')}`;
  const [made] = await db
    .insert(sandboxPayoutBills)
    .values({
      outBillNo: orderId,
      billId: ref,
      amountCents: cents,
      cardNoHash: createHash('sha256').update(cardNo).digest('hex'),
      state: refused ? 'FAIL' : 'SUCCESS',
      failReason: refused ? FAILED_REASON : null,
    })
    .onConflictDoNothing()
    .returning({ ref: sandboxPayoutBills.billId });
  if (!made) return answer(ORDER_EXISTS, '平台企业订单号重复');
  return answer('0000', '操作成功', { order_id: orderId, ref: made.ref, pay: params['pay'] });
}

/** The sandbox's order named by a request's order_id. */
async function orderOf(db: DbOrTx, params: Record<string, string>) {
  const [bill] = await db
    .select()
    .from(sandboxPayoutBills)
    .where(eq(sandboxPayoutBills.outBillNo, params['order_id'] ?? ''));
  return bill;
}

async function queryOrder(
  db: DbOrTx,
  params: Record<string, string>,
  keys: Credentials,
): Promise<Response> {
  const bill = await orderOf(db, params);
  if (!bill) return answer(ORDER_NOT_FOUND, '订单不存在');
  const pay = (bill.amountCents / 100).toFixed(2);
  const paid = bill.state === 'SUCCESS';
  const order = {
    order_id: bill.outBillNo,
    pay,
    ref: bill.billId,
    status: paid ? '1' : '2',
    status_message: paid ? '已支付' : '失败',
    status_detail_message: paid ? '' : (bill.failReason ?? ''),
    tax: '0.00',
    user_real_amount: paid ? pay : '0.00',
    finished_time: bill.createdAt.toISOString(),
  };
  const data = JSON.stringify(order);
  return answer(
    '0000',
    '操作成功',
    params['data_type'] === 'encryption' ? encrypt(data, keys.des3Key) : order,
  );
}

async function linkSignature(db: DbOrTx, ref: string, expires: string): Promise<string> {
  const { appKey } = await yunzhanghuSandboxKeys(db);
  return createHmac('sha256', appKey).update(`receipt:${ref}:${expires}`).digest('hex');
}

async function receiptLink(
  db: DbOrTx,
  params: Record<string, string>,
  origin: string,
): Promise<Response> {
  const bill = await orderOf(db, params);
  if (!bill) return answer(ORDER_NOT_FOUND, '订单不存在');
  if (bill.state !== 'SUCCESS') return answer(NO_RECEIPT, '订单未支付成功，无电子回单');
  const expiresAt = new Date(Date.now() + RECEIPT_LINK_MS);
  const expires = String(expiresAt.getTime());
  const sign = await linkSignature(db, bill.billId, expires);
  return answer('0000', '操作成功', {
    expire_time: chinaDateTime(expiresAt),
    file_name: `receipt_${bill.billId}.png`,
    url: `${origin}${SANDBOX_ROOT}/receipt/${bill.billId}.png?expires=${expires}&sign=${sign}`,
  });
}

async function receiptFile(db: DbOrTx, ref: string, query: URLSearchParams): Promise<Response> {
  const expires = query.get('expires') ?? '';
  const given = Buffer.from(query.get('sign') ?? '', 'hex');
  const wanted = Buffer.from(await linkSignature(db, ref, expires), 'hex');
  if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) {
    return new Response('签名错误', { status: 403 });
  }
  if (!(Number(expires) > Date.now())) return new Response('链接已过期', { status: 403 });
  const [bill] = await db
    .select()
    .from(sandboxPayoutBills)
    .where(eq(sandboxPayoutBills.billId, ref));
  if (!bill || bill.state !== 'SUCCESS') return new Response('回单不存在', { status: 404 });
  const png = await sharp(svgInput(receiptSvg(bill)))
    .png()
    .toBuffer();
  return new Response(new Uint8Array(png), {
    headers: { 'content-type': 'image/png', 'cache-control': 'private, no-store' },
  });
}

/** The receipt as the sandbox draws it: who paid, for which order, how much, when. */
function receiptSvg(bill: typeof sandboxPayoutBills.$inferSelect): string {
  const rows: [string, string][] = [
    ['付款方', '云账户（沙箱）综合服务主体'],
    ['平台企业订单号', bill.outBillNo],
    ['支付流水号', bill.billId],
    ['支付金额', `¥${formatYuan(bill.amountCents)}`],
    ['支付状态', '支付成功'],
    ['完成时间', chinaDateTime(bill.createdAt)],
  ];
  const escape = (text: string) =>
    text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const lines = rows
    .map(
      ([label, value], i) =>
        `<text x="40" y="${150 + i * 44}" font-size="20" fill="#666">${escape(label)}</text>` +
        `<text x="240" y="${150 + i * 44}" font-size="20" fill="#222">${escape(value)}</text>`,
    )
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="750" height="460" viewBox="0 0 750 460">` +
    `<rect width="750" height="460" fill="#fff"/>` +
    `<text x="375" y="80" font-size="32" font-weight="bold" text-anchor="middle" fill="#222">电子回单</text>` +
    `<rect x="20" y="105" width="710" height="1" fill="#ddd"/>` +
    lines +
    `</svg>`
  );
}
