/**
 * What the sandbox gateway accepts in a request body, as strictly as the real gateway documents
 * it: unknown fields, missing fields, wrong types, sizes and formats are refused with a message
 * naming the field (answered 400 PARAM_ERROR). Pure: no I/O.
 */
import { isIP } from 'node:net';
import { z } from 'zod';
import type { PrepayKind } from '#lib/payments/wechatpay/client.server.ts';

export type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

/** 6–32 characters of letters, digits, `_ - | *` (the gateway's rule for out_trade_no). */
export const OUT_TRADE_NO = /^[A-Za-z0-9_\-|*]{6,32}$/;
const OUT_REFUND_NO = /^[A-Za-z0-9_\-|*@]{1,64}$/;
const TRANSACTION_ID = /^[0-9]{1,32}$/;
/** RFC 3339 as the gateway writes it: seconds, an optional fraction, a zone. */
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/;
/** The largest amount the books hold (an int4 column). */
const MAX_CENTS = 2_147_483_647;

const text = (max: number) =>
  z
    .string()
    .min(1, '不能为空')
    .max(max, `不能超过${max}个字符`)
    .refine((s) => !/[\u0000-\u001f]/.test(s), '不能含控制字符');

const cents = z
  .number()
  .int('应为整数（单位：分）')
  .min(1, '应不小于1')
  .max(MAX_CENTS, `应不大于${MAX_CENTS}`);

const notifyUrl = z
  .string()
  .max(256, '不能超过256个字符')
  .refine((s) => /^https?:\/\/[^\s]+$/.test(s) && URL.canParse(s), '应为 http(s) 地址');

const timeExpire = z
  .string()
  .refine((s) => RFC3339.test(s) && !Number.isNaN(Date.parse(s)), '应为 RFC 3339 时间');

const prepayBody = z.strictObject({
  appid: text(32),
  mchid: text(32),
  description: text(127).refine((s) => Buffer.byteLength(s, 'utf8') <= 127, '不能超过127字节'),
  out_trade_no: z.string().regex(OUT_TRADE_NO, '应为6-32位字母、数字或 _-|*'),
  time_expire: timeExpire.optional(),
  attach: text(128).optional(),
  notify_url: notifyUrl,
  amount: z.strictObject({
    total: cents,
    currency: z.literal('CNY', '仅支持 CNY').optional(),
  }),
  payer: z.strictObject({ openid: text(128) }).optional(),
  scene_info: z
    .strictObject({
      payer_client_ip: z.string().refine((s) => isIP(s) !== 0, '应为 IPv4 或 IPv6 地址'),
      device_id: text(32).optional(),
      h5_info: z
        .strictObject({
          type: z.enum(['Wap', 'iOS', 'Android'], '应为 Wap、iOS 或 Android'),
          app_name: text(64).optional(),
          app_url: text(128).optional(),
          bundle_id: text(128).optional(),
          package_name: text(128).optional(),
        })
        .optional(),
    })
    .optional(),
});

export type PrepayBody = z.infer<typeof prepayBody>;

const refundBody = z.strictObject({
  out_trade_no: z.string().regex(OUT_TRADE_NO, '应为6-32位字母、数字或 _-|*').optional(),
  transaction_id: z.string().regex(TRANSACTION_ID, '应为数字').optional(),
  out_refund_no: z.string().regex(OUT_REFUND_NO, '应为1-64位字母、数字或 _-|*@'),
  reason: text(80).optional(),
  notify_url: notifyUrl.optional(),
  amount: z.strictObject({
    refund: cents,
    total: cents,
    currency: z.literal('CNY', '仅支持 CNY'),
  }),
});

export type RefundBody = z.infer<typeof refundBody>;

const closeBody = z.strictObject({ mchid: text(32) });

/** Letters and digits, at most 32: the gateway's rule for out_bill_no. */
export const OUT_BILL_NO = /^[A-Za-z0-9]{1,32}$/;
/** The facts each transfer scene asks to be reported (1005 佣金报酬; 1000 现金营销). */
export const SCENE_REPORT_TYPES: Readonly<Record<string, readonly string[]>> = {
  '1000': ['活动名称', '奖励说明'],
  '1005': ['岗位类型', '报酬说明'],
};

const transferBillBody = z.strictObject({
  appid: text(32),
  out_bill_no: z.string().regex(OUT_BILL_NO, '应为1-32位字母或数字'),
  transfer_scene_id: z.string().regex(/^\d{1,16}$/, '应为转账场景ID'),
  openid: text(64),
  user_name: text(1024).optional(),
  // 0.1 yuan is the least a transfer bill may carry.
  transfer_amount: cents.min(10, '应不小于10（0.1元）'),
  transfer_remark: text(32),
  notify_url: notifyUrl.optional(),
  user_recv_perception: text(32).optional(),
  transfer_scene_report_infos: z
    .array(z.strictObject({ info_type: text(15), info_content: text(32) }))
    .min(1, '不能为空')
    .max(10, '最多10项'),
});

export type TransferBillBody = z.infer<typeof transferBillBody>;

function joinPath(path: readonly PropertyKey[], key?: string): string {
  return [...path, ...(key === undefined ? [] : [key])].map(String).join('.');
}

/** The first thing wrong, in words that name the field. */
function describe(issue: z.core.$ZodIssue): string {
  const field = joinPath(issue.path);
  if (issue.code === 'unrecognized_keys') {
    return `未知参数 ${issue.keys.map((key) => joinPath(issue.path, key)).join(', ')}`;
  }
  if (issue.input === undefined) return `缺少参数 ${field}`;
  if (issue.code === 'invalid_type') {
    return field ? `参数 ${field} 类型错误` : '请求体应为 JSON 对象';
  }
  return `参数 ${field} 无效：${issue.message}`;
}

function check<T>(schema: z.ZodType<T>, input: unknown): Checked<T> {
  const result = schema.safeParse(input, { reportInput: true });
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, message: describe(result.error.issues[0]!) };
}

/** A prepay body for its kind: JSAPI names the payer; H5 the payer's IP and the H5 scene. */
export function checkPrepay(kind: PrepayKind, input: unknown): Checked<PrepayBody> {
  const checked = check(prepayBody, input);
  if (!checked.ok) return checked;
  const body = checked.value;
  if (kind === 'jsapi' && !body.payer) return { ok: false, message: '缺少参数 payer' };
  if (kind !== 'jsapi' && body.payer) return { ok: false, message: '未知参数 payer' };
  if (kind === 'h5' && !body.scene_info) return { ok: false, message: '缺少参数 scene_info' };
  if (kind === 'h5' && !body.scene_info?.h5_info) {
    return { ok: false, message: '缺少参数 scene_info.h5_info' };
  }
  return checked;
}

export function checkRefund(input: unknown): Checked<RefundBody> {
  const checked = check(refundBody, input);
  if (!checked.ok) return checked;
  const body = checked.value;
  // The transaction is named one way or the other, never both.
  if ((body.out_trade_no === undefined) === (body.transaction_id === undefined)) {
    return { ok: false, message: '参数 out_trade_no 与 transaction_id 必须且只能填写其一' };
  }
  if (body.amount.refund > body.amount.total) {
    return { ok: false, message: '参数 amount.refund 无效：不能大于 amount.total' };
  }
  return checked;
}

/** A transfer bill: its scene must be one the merchant has, with that scene's report facts. */
export function checkTransferBill(input: unknown): Checked<TransferBillBody> {
  const checked = check(transferBillBody, input);
  if (!checked.ok) return checked;
  const body = checked.value;
  const wanted = SCENE_REPORT_TYPES[body.transfer_scene_id];
  if (!wanted) return { ok: false, message: '参数 transfer_scene_id 无效：商户未开通该转账场景' };
  const given = body.transfer_scene_report_infos.map((info) => info.info_type);
  const lacking = wanted.find((type) => !given.includes(type));
  if (lacking) return { ok: false, message: `转账场景报备信息缺少 ${lacking}` };
  return checked;
}

export function checkClose(input: unknown): Checked<{ mchid: string }> {
  return check(closeBody, input);
}

/** The query of a GET: only mchid when it is asked for, nothing else. */
export function checkQuery(search: URLSearchParams, allowed: readonly string[]): Checked<null> {
  for (const name of new Set(search.keys())) {
    if (!allowed.includes(name)) return { ok: false, message: `未知参数 ${name}` };
    if (search.getAll(name).length > 1) return { ok: false, message: `参数 ${name} 重复` };
  }
  for (const name of allowed) {
    if (!search.get(name)) return { ok: false, message: `缺少参数 ${name}` };
  }
  return { ok: true, value: null };
}
