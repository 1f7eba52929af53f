/**
 * The adapter's reading of answers the sandbox does not make: 24 (开票成功签章失败) sealed again
 * with reInvoice and never issued anew, its retries used up, 21 签章中, a voided invoice, numbers
 * sent as JSON numbers, the body as requestBillingNew wants it, and the network failing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryDatabase } from '#tests/fixtures/db.ts';
import type { Database } from '#lib/platform/db/client.server.ts';
import { InvoiceProviderError, type IssueRequest } from '../provider.ts';
import { NuonuoProvider, billingOrder } from './adapter.server.ts';
import { NuonuoClient } from './client.server.ts';
import { Method, parseLossless } from './protocol.ts';

let database: Database;
/** What the stub platform answers each method, and what it was sent. */
let answers: Record<string, string> = {};
const sent: { method: string; content: unknown }[] = [];

const platform = (async (input: RequestInfo | URL, init?: RequestInit) => {
  const request = new Request(input, init);
  if (request.url.endsWith('/accessToken')) {
    return Response.json({ access_token: 'TOKEN-1', expires_in: '86400' });
  }
  const method = request.headers.get('method')!;
  sent.push({ method, content: parseLossless(await request.text()) });
  return new Response(answers[method] ?? '{"code":"E9999","describe":"?"}');
}) as typeof fetch;

let provider: NuonuoProvider;

beforeAll(async () => {
  database = await memoryDatabase({ seed: false });
  provider = new NuonuoProvider(
    new NuonuoClient(database.db, {
      appKey: 'SD63236305',
      appSecret: 'SDDED2523BED4643',
      taxNo: '91330106MA2AYNWD8M',
      clerk: '张三',
      tokenUrl: 'https://nuonuo.test/accessToken',
      servicesUrl: 'https://nuonuo.test/open/v1/services',
      fetch: platform,
      now: () => new Date('2026-11-21T02:00:00Z'),
    }),
  );
});
afterAll(() => database.close());

const item = (status: string, more = '') =>
  `{"code":"E0000","describe":"获取成功","result":[{"serialNo":"20261121100000123456","orderNo":"R1","status":"${status}","statusMsg":"m","failCause":"签章服务异常"${more}}]}`;

describe('reading queryInvoiceResult', () => {
  it('seals a 24 again with reInvoice and stays issuing; never asks for a new invoice', async () => {
    answers = {
      [Method.QueryResult]: item('24'),
      [Method.ReInvoice]: '{"code":"E0000","describe":"重试开票提交成功"}',
    };
    sent.length = 0;
    expect(await provider.query('20261121100000123456')).toEqual({ state: 'issuing' });
    expect(sent.map((s) => s.method)).toEqual([Method.QueryResult, Method.ReInvoice]);
    expect(sent[1]!.content).toEqual({ fpqqlsh: '20261121100000123456', orderno: 'R1' });
  });

  it('fails a 24 whose retries of the day are used up, with the reason', async () => {
    answers = {
      [Method.QueryResult]: item('24'),
      [Method.ReInvoice]: '{"code":"E9613","describe":"同一流水号(订单号)单日最多重试20次"}',
    };
    expect(await provider.query('20261121100000123456')).toEqual({
      state: 'failed',
      reason: '开票成功签章失败，今日重试已用完：签章服务异常',
    });
  });

  it('reads 21 as issuing, 3 as failed, and a 20-digit number sent as a JSON number whole', async () => {
    answers = { [Method.QueryResult]: item('21') };
    expect(await provider.query('20261121100000123456')).toEqual({ state: 'issuing' });
    answers = { [Method.QueryResult]: item('3') };
    expect(await provider.query('20261121100000123456')).toEqual({ state: 'failed', reason: 'm' });
    answers = {
      [Method.QueryResult]: item(
        '2',
        ',"allElectronicInvoiceNumber":26332000000123456789,"invoiceTime":1790121600000,"pdfUrl":"https://nuonuo.test/fp.pdf"',
      ),
    };
    expect(await provider.query('20261121100000123456')).toEqual({
      state: 'issued',
      invoiceNo: '26332000000123456789',
      invoiceCode: null,
      issuedAt: new Date(1790121600000),
      pdfUrl: 'https://nuonuo.test/fp.pdf',
    });
  });

  it('says a serial number the platform does not know is worth asking again', async () => {
    answers = { [Method.QueryResult]: '{"code":"E0000","describe":"获取成功","result":[]}' };
    const error = await provider.query('20261121100000999999').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvoiceProviderError);
    expect(error).toMatchObject({ code: 'E9500', retryable: true });
  });
});

describe('the request', () => {
  const request: IssueRequest = {
    requestNo: 'R1',
    kind: 'blue',
    form: 'e-special',
    buyer: {
      name: '浙江示例科技有限公司',
      taxNo: '91330100799655058B',
      address: '杭州市西湖区文三路1号',
      phone: '0571-88888888',
      bank: '中国工商银行杭州分行',
      account: '1202020000000000001',
      email: null,
      mobile: '13800138000',
    },
    seller: { name: '杭州演示商贸有限公司', taxNo: '91330106MA2AYNWD8M' },
    items: [
      {
        name: '*鞋*森野跑步鞋',
        taxCode: '1090512010000000000',
        spec: '42码',
        unit: '双',
        quantity: 3,
        amountCents: 10000,
        taxRateBp: 1300,
        taxCents: 1150,
      },
    ],
    remark: '订单号 1',
    callbackUrl: 'https://shop.example.com/api/invoice/notify/nuonuo',
  };

  it('is the order requestBillingNew wants: 价税合计 lines, the rate as a decimal, our callback', () => {
    const order = billingOrder(
      request,
      { taxNo: '91330106MA2AYNWD8M', clerk: '张三', appSecret: 'SDDED2523BED4643' },
      new Date('2026-11-21T02:00:00Z'),
    );
    expect(order).toMatchObject({
      orderNo: 'R1',
      invoiceType: '1',
      invoiceLine: 'bs',
      invoiceDate: '2026-11-21 10:00:00',
      buyerAccount: '中国工商银行杭州分行 1202020000000000001',
      buyerTel: '0571-88888888',
      pushMode: '-1',
      clerk: '张三',
      salerTaxNum: '91330106MA2AYNWD8M',
    });
    expect(order.callBackUrl).toMatch(
      /^https:\/\/shop\.example\.com\/api\/invoice\/notify\/nuonuo\?nt=[\w-]{32}$/,
    );
    expect(order.invoiceDetail).toEqual([
      {
        goodsName: '*鞋*森野跑步鞋',
        goodsCode: '1090512010000000000',
        specType: '42码',
        unit: '双',
        withTaxFlag: '1',
        price: '33.33333333',
        num: '3',
        taxRate: '0.13',
        taxExcludedAmount: '88.50',
        tax: '11.50',
        taxIncludedAmount: '100.00',
        invoiceLineProperty: '0',
      },
    ]);
  });

  it('refuses, before asking, a seller the account is not for and a red letter with positive lines', async () => {
    const other = { ...request, seller: { ...request.seller, taxNo: '91330100799655058B' } };
    await expect(provider.submit(other)).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      retryable: false,
    });
    const red: IssueRequest = {
      ...request,
      kind: 'red',
      reverses: {
        invoiceNo: '26332000000123456789',
        invoiceCode: null,
        issuedAt: new Date(),
        reason: '销货退回',
      },
    };
    await expect(provider.submit(red)).rejects.toMatchObject({
      message: '商品行金额有误：*鞋*森野跑步鞋',
    });
  });

  it('says the network failing is worth trying again', async () => {
    const down = new NuonuoProvider(
      new NuonuoClient(database.db, {
        ...provider.client.config,
        fetch: (() => Promise.reject(new TypeError('fetch failed'))) as typeof fetch,
      }),
    );
    await expect(down.query('20261121100000123456')).rejects.toMatchObject({
      code: 'UNREACHABLE',
      retryable: true,
    });
  });
});
