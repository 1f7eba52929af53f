/**
 * The sandbox platform's invoices: requestBillingNew takes a request (or refuses it as the real
 * platform would: a buyer tax number failing its check, a line whose tax does not match its
 * amount, a red letter for an unknown or already reversed invoice, a repeated orderNo), keeps it
 * in sandbox_nuonuo_requests as 开票中, and issues it ISSUE_DELAY_MS later: 开票完成 with a
 * 20-digit 数电 number, or 开票失败 for a buyer the "tax bureau" does not know (a 统一社会信用代码
 * whose organisation part is all zeros). Issuing is a guarded UPDATE any process may run (every
 * call to the sandbox runs what is due first, and the worker does between calls).
 */
import { randomInt } from 'node:crypto';
import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { sandboxNuonuoRequests } from '#lib/platform/db/schema.ts';
import { Code, centsOf, chinaTime, rateBp, type InvoiceResultItem } from '../protocol.ts';
import { checkTaxNo } from './figures.ts';
import type { SandboxAccount } from './keys.server.ts';
import { pdfUrlOf } from './pdf-link.server.ts';

/** 开票中 lasts this long. */
export const ISSUE_DELAY_MS = 3_000;
/** Requests issued in one round at most (the next round takes the rest). */
const BATCH = 50;

export type Row = typeof sandboxNuonuoRequests.$inferSelect;

export interface Answer {
  code: string;
  describe: string;
  result?: unknown;
}

const refuse = (describe: string, code = 'E9101'): Answer => ({ code, describe });

const DATA_LINES = new Set(['pc', 'bs', 'ec', 'es']);
const SPECIAL_LINES = new Set(['bs', 'es']);
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MOBILE = /^1\d{10}$/;

const str = (value: unknown) =>
  typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';

/** A line's amounts as the platform checks them; its refusal text when they do not hold. */
function checkLine(
  line: Record<string, unknown>,
  red: boolean,
): { refusal: string } | { amount: number; tax: number } {
  const name = str(line.goodsName);
  if (!name) return { refusal: '商品名称不能为空' };
  if (name.length > 90) return { refusal: `商品名称过长：${name}` };
  if (!/^\d{19}$/.test(str(line.goodsCode))) return { refusal: `商品编码应为19位数字：${name}` };
  const rate = rateBp(line.taxRate);
  if (rate === null) return { refusal: `税率有误：${name}` };
  const withTax = str(line.withTaxFlag);
  if (withTax !== '0' && withTax !== '1') return { refusal: `单价含税标志有误：${name}` };
  const excluded = centsOf(line.taxExcludedAmount);
  const tax = centsOf(line.tax);
  const included = centsOf(line.taxIncludedAmount);
  if (excluded === null || tax === null || included === null) {
    return { refusal: `金额、税额、含税金额须填写，精确到分：${name}` };
  }
  const sign = red ? -1 : 1;
  if (included * sign <= 0 || excluded * sign <= 0 || tax * sign < 0) {
    return { refusal: red ? `红票金额应为负数：${name}` : `蓝票金额应为正数：${name}` };
  }
  if (excluded + tax !== included)
    return { refusal: `不含税金额与税额之和不等于含税金额：${name}` };
  // [不含税金额] × [税率] = [税额], within 0.06.
  const expected = Math.round((excluded * rate) / 10_000);
  if (Math.abs(expected - tax) > 6) return { refusal: `税额误差超过0.06：${name}` };
  const price = Number(str(line.price));
  const num = Number(str(line.num));
  if (str(line.price) || str(line.num)) {
    if (!Number.isFinite(price) || price <= 0 || !Number.isFinite(num) || num === 0) {
      return { refusal: `单价或数量有误：${name}` };
    }
    if (num * sign < 0) return { refusal: red ? `红票数量应为负数：${name}` : `数量有误：${name}` };
    const basis = withTax === '1' ? included : excluded;
    if (Math.abs(Math.round(price * num * 100) - basis) > 1) {
      return { refusal: `单价×数量与金额不符：${name}` };
    }
  }
  return { amount: included, tax };
}

/** The request's total 价税合计 in cents (its lines already checked). */
export function totalOf(order: Record<string, unknown>): number {
  const lines = (order.invoiceDetail ?? []) as Record<string, unknown>[];
  return lines.reduce((sum, line) => sum + (centsOf(line.taxIncludedAmount) ?? 0), 0);
}

/** The refusal of an order the platform would not take, or null when it takes it. */
async function refusalOf(
  db: DbOrTx,
  account: SandboxAccount,
  order: Record<string, unknown>,
): Promise<{ refusal: Answer } | { reverses: Row | null }> {
  const no = (describe: string) => ({ refusal: refuse(describe) });
  const orderNo = str(order.orderNo);
  if (!orderNo) return no('订单号不能为空');
  if (orderNo.length > 20) return no('订单号长度不能超过20位');
  if (str(order.salerTaxNum) !== account.taxNo) return no('销方税号与授权企业税号不一致');
  const line = str(order.invoiceLine) || 'p';
  if (!DATA_LINES.has(line)) return no(`发票种类${line}未开通，仅支持数电发票（pc、bs、ec、es）`);
  const invoiceType = str(order.invoiceType);
  if (invoiceType !== '1' && invoiceType !== '2') return no('开票类型有误');
  if (!str(order.clerk)) return no('开票员不能为空（数电发票需传入开票员姓名）');
  const buyerName = str(order.buyerName);
  if (!buyerName) return no('购方名称不能为空');
  if (buyerName.length > 100) return no('购方名称过长');
  const buyerTaxNum = str(order.buyerTaxNum);
  if (SPECIAL_LINES.has(line) && !buyerTaxNum) return no('数电专票购方税号不能为空');
  if (buyerTaxNum) {
    const check = checkTaxNo(buyerTaxNum);
    if (!check.ok) return no(check.reason);
  }
  const pushMode = str(order.pushMode) || '1';
  if ((pushMode === '0' || pushMode === '2') && !EMAIL.test(str(order.email))) {
    return no('推送邮箱格式有误');
  }
  if ((pushMode === '1' || pushMode === '2') && !MOBILE.test(str(order.buyerPhone))) {
    return no('购方手机号格式有误');
  }
  if (str(order.remark).length > 200) return no('备注不能超过200字符');
  const lines = order.invoiceDetail;
  if (!Array.isArray(lines) || lines.length === 0) return no('发票明细不能为空');
  if (lines.length > 2000) return no('发票明细不能超过2000行');
  const red = invoiceType === '2';
  for (const each of lines) {
    const checked = checkLine((each ?? {}) as Record<string, unknown>, red);
    if ('refusal' in checked) return no(checked.refusal);
  }
  if (!red) return { reverses: null };
  const blueNo = str(order.invoiceNum);
  if (!blueNo) return no('红票须填写对应蓝票发票号码');
  const [blue] = await db
    .select()
    .from(sandboxNuonuoRequests)
    .where(
      and(
        eq(sandboxNuonuoRequests.invoiceNo, blueNo),
        eq(sandboxNuonuoRequests.invoiceType, '1'),
        eq(sandboxNuonuoRequests.status, '2'),
      ),
    );
  if (!blue || str(order.invoiceCode) !== '') return no(`对应蓝票不存在：${blueNo}`);
  const [reversal] = await db
    .select({ id: sandboxNuonuoRequests.id })
    .from(sandboxNuonuoRequests)
    .where(
      and(
        eq(sandboxNuonuoRequests.reversesNo, blueNo),
        inArray(sandboxNuonuoRequests.status, ['20', '2']),
      ),
    );
  if (reversal) return no(`对应蓝票已冲红：${blueNo}`);
  if (-totalOf(order) > totalOf(blue.request as Record<string, unknown>)) {
    return no('红票金额不能大于对应蓝票金额');
  }
  return { reverses: blue };
}

/** 20160108165823395151: the time taken (China time) and six digits. */
function newSerialNo(now: Date): string {
  return chinaTime(now).replace(/\D/g, '') + String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** requestBillingNew. */
export async function requestBilling(
  db: DbOrTx,
  account: SandboxAccount,
  content: Record<string, unknown>,
  now: Date,
  baseUrl: string,
): Promise<Answer> {
  const order = content.order;
  if (!order || typeof order !== 'object' || Array.isArray(order)) {
    return refuse('请求参数order不能为空', '0201');
  }
  const record = order as Record<string, unknown>;
  const orderNo = str(record.orderNo);
  const [taken] = await db
    .select({ id: sandboxNuonuoRequests.id })
    .from(sandboxNuonuoRequests)
    .where(eq(sandboxNuonuoRequests.orderNo, orderNo));
  if (taken) return refuse('订单编号或流水号不能重复', Code.Duplicate);
  const checked = await refusalOf(db, account, record);
  if ('refusal' in checked) return checked.refusal;
  const callbackUrl = str(record.callBackUrl);
  for (let attempt = 0; attempt < 3; attempt++) {
    const serialNo = newSerialNo(now);
    const [row] = await db
      .insert(sandboxNuonuoRequests)
      .values({
        serialNo,
        orderNo,
        invoiceType: str(record.invoiceType),
        invoiceLine: str(record.invoiceLine),
        request: record,
        issueAt: new Date(now.getTime() + ISSUE_DELAY_MS),
        reversesNo: checked.reverses?.invoiceNo ?? null,
        callbackUrl: /^https?:\/\/\S+$/.test(callbackUrl) ? callbackUrl : null,
        baseUrl,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ serialNo: sandboxNuonuoRequests.serialNo });
    if (row) {
      return {
        code: Code.Success,
        describe: '开票提交成功',
        result: { invoiceSerialNum: serialNo },
      };
    }
    // The orderNo taken meanwhile (a request racing this one), or a reversal of the same blue
    // invoice, or (rarely) the serial number: ask again what holds.
    const again = await refusalOf(db, account, record);
    const [raced] = await db
      .select({ id: sandboxNuonuoRequests.id })
      .from(sandboxNuonuoRequests)
      .where(eq(sandboxNuonuoRequests.orderNo, orderNo));
    if (raced) return refuse('订单编号或流水号不能重复', Code.Duplicate);
    if ('refusal' in again) return again.refusal;
  }
  return refuse('系统繁忙，请稍后重试', 'E9999');
}

/** The buyer the sandbox's tax bureau has no record of: an organisation code of zeros. */
function unknownBuyer(order: Record<string, unknown>): boolean {
  const taxNo = str(order.buyerTaxNum);
  return taxNo.length === 18 && /^0{8}/.test(taxNo.slice(8, 16));
}

/** 数电 numbers: the year, the province (33), the channel (2), then 15 digits of sequence. */
function invoiceNoOf(row: Row, at: Date): string {
  const year = chinaTime(at).slice(2, 4);
  return `${year}332${String(row.id).padStart(15, '0')}`;
}

/** Issues every request whose 开票中 is over (one guarded UPDATE each). */
export async function issueDue(db: DbOrTx, now: Date): Promise<number> {
  const t = sandboxNuonuoRequests;
  const due = await db
    .select()
    .from(t)
    .where(and(eq(t.status, '20'), lte(t.issueAt, now)))
    .orderBy(asc(t.issueAt))
    .limit(BATCH);
  let issued = 0;
  for (const row of due) {
    const order = row.request as Record<string, unknown>;
    const at = row.issueAt;
    const failed = unknownBuyer(order);
    const [done] = await db
      .update(t)
      .set(
        failed
          ? { status: '22', failCause: '购方税号未能在电子税务局中找到，请核对购方名称与税号' }
          : { status: '2', invoiceNo: invoiceNoOf(row, at), issuedAt: at },
      )
      .where(and(eq(t.id, row.id), eq(t.status, '20')))
      .returning({ id: t.id });
    if (!done) continue;
    issued += 1;
    if (row.callbackUrl) {
      await db
        .update(t)
        .set({ callbackState: 'due', callbackDueAt: at, callbackAttempts: 0 })
        .where(eq(t.id, row.id));
    }
  }
  return issued;
}

const STATUS_MSG: Record<string, string> = {
  '20': '开票中',
  '2': '开票完成（最终状态）',
  '22': '开票失败',
};

/** One request as queryInvoiceResult answers it. */
export function resultItem(
  row: Row,
  account: SandboxAccount,
): InvoiceResultItem & Record<string, unknown> {
  const order = row.request as Record<string, unknown>;
  const lines = (order.invoiceDetail ?? []) as Record<string, unknown>[];
  const sum = (key: string) => lines.reduce((s, line) => s + (centsOf(line[key]) ?? 0), 0);
  const money = (cents: number) => (cents / 100).toFixed(2);
  const issued = row.status === '2';
  return {
    serialNo: row.serialNo,
    orderNo: row.orderNo,
    status: row.status,
    statusMsg: STATUS_MSG[row.status] ?? row.status,
    failCause: row.failCause ?? '',
    pdfUrl: issued ? pdfUrlOf(row, account) : '',
    pictureUrl: '',
    invoiceTime: issued ? row.issuedAt!.getTime() : null,
    invoiceCode: '',
    invoiceNo: issued ? row.invoiceNo! : '',
    allElectronicInvoiceNumber: issued ? row.invoiceNo! : '',
    exTaxAmount: money(sum('taxExcludedAmount')),
    taxAmount: money(sum('tax')),
    orderAmount: money(sum('taxIncludedAmount')),
    payerName: str(order.buyerName),
    payerTaxNo: str(order.buyerTaxNum),
    invoiceKind: row.invoiceLine,
    invoiceType: row.invoiceType,
    salerTaxNum: account.taxNo,
    saleName: account.sellerName,
    clerk: str(order.clerk),
    remark: str(order.remark),
    oldInvoiceCode: row.reversesNo ? '' : undefined,
    oldInvoiceNo: row.reversesNo ?? undefined,
    oldEleInvoiceNumber: row.reversesNo ?? undefined,
  } as InvoiceResultItem & Record<string, unknown>;
}

/** queryInvoiceResult: by serial numbers or order numbers (50 at most). */
export async function queryResult(
  db: DbOrTx,
  account: SandboxAccount,
  content: Record<string, unknown>,
): Promise<Answer> {
  const list = (value: unknown) => (Array.isArray(value) ? value.map(str).filter(Boolean) : []);
  const serialNos = list(content.serialNos);
  const orderNos = list(content.orderNos);
  if (serialNos.length === 0 && orderNos.length === 0) {
    return refuse('流水号与订单号不能同时为空', '0201');
  }
  if (serialNos.length + orderNos.length > 50) return refuse('单次最多查询50张发票');
  const t = sandboxNuonuoRequests;
  const rows = await db
    .select()
    .from(t)
    .where(serialNos.length ? inArray(t.serialNo, serialNos) : inArray(t.orderNo, orderNos))
    .orderBy(asc(t.id));
  return {
    code: Code.Success,
    describe: '获取成功',
    result: rows.map((row) => resultItem(row, account)),
  };
}

/** reInvoice: a failed request tried again (same serial and order numbers). */
export async function reInvoice(
  db: DbOrTx,
  content: Record<string, unknown>,
  now: Date,
): Promise<Answer> {
  const t = sandboxNuonuoRequests;
  const serialNo = str(content.fpqqlsh);
  const orderNo = str(content.orderno);
  if (!serialNo && !orderNo) return refuse('流水号与订单号不能同时为空', '0201');
  const [row] = await db
    .select()
    .from(t)
    .where(serialNo ? eq(t.serialNo, serialNo) : eq(t.orderNo, orderNo));
  if (!row) return refuse('未查询到发票信息', Code.NotFound);
  if (row.status === '2') return refuse('发票已生成，无需再重试开票');
  if (row.status === '20')
    return { code: Code.Success, describe: '开票中（重试中），请耐心等待开票结果' };
  await db
    .update(t)
    .set({
      status: '20',
      failCause: null,
      issueAt: new Date(now.getTime() + ISSUE_DELAY_MS),
      callbackState: 'none',
    })
    .where(and(eq(t.id, row.id), eq(t.status, row.status)));
  return { code: Code.Success, describe: '重试开票提交成功' };
}
